import type { ReactNode } from 'react';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.Main`. */
export interface AppShellMainProps {
  /** AppShell.Header and AppShell.Content. */
  children: ReactNode;
}

/** The column right of the menu panel. */
export function AppShellMain({ children }: AppShellMainProps) {
  useAppShell('AppShell.Main');
  return <div className="da-shell-main">{children}</div>;
}

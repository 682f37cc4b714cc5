import type { ReactNode } from 'react';
import { useAppShell } from './AppShellContext';

export interface AppShellContentProps {
  /** The page. */
  children: ReactNode;
}

/** The page area (the document's `main` landmark). */
export function AppShellContent({ children }: AppShellContentProps) {
  useAppShell('AppShell.Content');
  return <main className="da-shell-content">{children}</main>;
}

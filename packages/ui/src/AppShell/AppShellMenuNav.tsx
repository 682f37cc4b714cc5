import type { ReactNode } from 'react';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.MenuNav`. */
export interface AppShellMenuNavProps {
  /** Menu links and sections. */
  children: ReactNode;
  /** Accessible name of the navigation landmark. @default 'Main' */
  'aria-label'?: string;
}

/** The scrollable navigation area between the menu header and footer. */
export function AppShellMenuNav({ children, 'aria-label': ariaLabel = 'Main' }: AppShellMenuNavProps) {
  useAppShell('AppShell.MenuNav');
  return (
    <nav className="da-menu-nav" aria-label={ariaLabel}>
      {children}
    </nav>
  );
}

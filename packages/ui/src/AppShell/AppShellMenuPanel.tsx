import type { ReactNode } from 'react';
import { useAppShell } from './AppShellContext';

export interface AppShellMenuPanelProps {
  /** Menu header, navigation and footer. */
  children: ReactNode;
  /** Accessible name of the panel. @default 'Menu' */
  'aria-label'?: string;
}

/**
 * The collapsible left panel. Collapsed, it animates to zero width and becomes inert so its links
 * leave the tab order.
 */
export function AppShellMenuPanel({ children, 'aria-label': ariaLabel = 'Menu' }: AppShellMenuPanelProps) {
  const { isMenuOpen, menuId } = useAppShell('AppShell.MenuPanel');
  return (
    <aside
      id={menuId}
      className="da-menu-panel"
      aria-label={ariaLabel}
      data-state={isMenuOpen ? 'open' : 'closed'}
      inert={!isMenuOpen}
    >
      <div className="da-menu-panel-inner">{children}</div>
    </aside>
  );
}

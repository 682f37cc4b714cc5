import type { ReactNode } from 'react';
import { IconButton } from '../Button/Button';
import { MenuIcon } from '../icons/icons';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.Header`. */
export interface AppShellHeaderProps {
  /** Page title shown next to the menu toggle. */
  title?: ReactNode;
  /** Extra header content after the title, e.g. the chat-type selector. */
  children?: ReactNode;
}

/** Top bar of the main column with the 'Toggle menu' button and a slot for the title. */
export function AppShellHeader({ title, children }: AppShellHeaderProps) {
  const { isMenuOpen, setMenuOpen, menuId, menuMode } = useAppShell('AppShell.Header');
  const isDrawer = menuMode === 'drawer';
  return (
    <header className="da-shell-header">
      <IconButton
        aria-label="Toggle menu"
        aria-expanded={isMenuOpen}
        // A closed drawer is not in the document: point at it only while it is there.
        aria-controls={isDrawer && !isMenuOpen ? undefined : menuId}
        aria-haspopup={isDrawer ? 'dialog' : undefined}
        onPress={() => setMenuOpen(!isMenuOpen)}
      >
        <MenuIcon />
      </IconButton>
      {title ? <div className="da-shell-title">{title}</div> : null}
      {children ? <div className="da-shell-header-content">{children}</div> : null}
    </header>
  );
}

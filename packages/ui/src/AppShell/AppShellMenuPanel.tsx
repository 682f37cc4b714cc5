import type { ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { IconButton } from '../Button/Button';
import { CloseIcon } from '../icons/icons';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.MenuPanel`. */
export interface AppShellMenuPanelProps {
  /** Menu header, navigation and footer. */
  children: ReactNode;
  /** Accessible name of the panel. @default 'Menu' */
  'aria-label'?: string;
}

/**
 * The left panel. Docked, it collapses to zero width and becomes inert so its links leave the tab
 * order. As a drawer (narrow windows) it is a react-aria modal Dialog below the header, so the
 * header's toggle stays uncovered: a 'Close menu' button, Escape, a click outside and following a
 * link close it; focus stays inside while it is open and goes back to the toggle after.
 */
export function AppShellMenuPanel({ children, 'aria-label': ariaLabel = 'Menu' }: AppShellMenuPanelProps) {
  const { isMenuOpen, setMenuOpen, menuId, menuMode } = useAppShell('AppShell.MenuPanel');
  if (menuMode === 'drawer') {
    return (
      <ModalOverlay
        className="da-menu-drawer-overlay"
        isOpen={isMenuOpen}
        onOpenChange={setMenuOpen}
        isDismissable
      >
        <Modal className="da-menu-drawer">
          <Dialog id={menuId} aria-label={ariaLabel} className="da-menu-panel-inner">
            <IconButton aria-label="Close menu" className="da-menu-close" onPress={() => setMenuOpen(false)}>
              <CloseIcon />
            </IconButton>
            {children}
          </Dialog>
        </Modal>
      </ModalOverlay>
    );
  }
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

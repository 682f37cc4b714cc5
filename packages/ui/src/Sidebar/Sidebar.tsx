import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { IconButton } from '../Button/Button';
import { CloseIcon } from '../icons/icons';

/** Props of `Sidebar`. */
export interface SidebarProps {
  /** Whether the sidebar is shown. */
  isOpen: boolean;
  /** Called when it closes (close button, Escape, or a click outside). */
  onClose: () => void;
  /** Heading, e.g. 'Add User'. */
  title: string;
  /** The sidebar's body, usually a form. */
  children: ReactNode;
}

/** A panel that slides in from the right over the page (a react-aria modal Dialog). */
export function Sidebar({ isOpen, onClose, title, children }: SidebarProps) {
  return (
    <ModalOverlay
      className="da-sidebar-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="da-sidebar">
        <Dialog className="da-sidebar-dialog">
          <div className="da-sidebar-header">
            <Heading slot="title" className="da-sidebar-title">
              {title}
            </Heading>
            <IconButton aria-label="Close" onPress={onClose}>
              <CloseIcon />
            </IconButton>
          </div>
          <div className="da-sidebar-body">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

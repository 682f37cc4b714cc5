import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button/Button';

export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** Called with `false` when the dialog closes (Cancel, OK, Escape or a click outside). */
  onOpenChange: (isOpen: boolean) => void;
  /** Called when OK is pressed, before the dialog closes. */
  onConfirm: () => void;
  /** Called when the dialog is dismissed without confirming. */
  onCancel?: () => void;
  /** @default 'Delete' */
  title?: string;
  /** @default 'Are you sure you want to delete this chat?' */
  text?: string;
  /** @default 'OK' */
  confirmLabel?: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
  /** Styles OK as destructive. @default true */
  isDestructive?: boolean;
}

/**
 * A modal confirmation (400px) answering yes or no. The defaults are the chat deletion texts;
 * pass `title` and `text` for other uses (deleting a user or a role group).
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  onConfirm,
  onCancel,
  title = 'Delete',
  text = 'Are you sure you want to delete this chat?',
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  isDestructive = true,
}: ConfirmDialogProps) {
  return (
    <ModalOverlay
      className="da-modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onCancel?.();
        onOpenChange(open);
      }}
    >
      <Modal className="da-modal da-confirm-dialog">
        <Dialog role="alertdialog" className="da-dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="da-dialog-title">
                {title}
              </Heading>
              <p className="da-dialog-text">{text}</p>
              <div className="da-dialog-actions">
                <Button onPress={close}>{cancelLabel}</Button>
                <Button
                  variant={isDestructive ? 'danger' : 'primary'}
                  autoFocus
                  onPress={() => {
                    onConfirm();
                    onOpenChange(false);
                  }}
                >
                  {confirmLabel}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

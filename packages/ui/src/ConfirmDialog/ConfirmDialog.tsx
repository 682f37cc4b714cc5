import { useEffect, useRef } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button/Button';

/**
 * The event react-aria's FocusScope dispatches (bubbling, cancelable) on the element it is about to
 * give focus back to when a dialog closes; cancelling it takes the restoration over.
 */
const FOCUS_RESTORE_EVENT = 'react-aria-focus-scope-restore';
/**
 * A pointer press this recent (ms), with no key pressed since, is what opened a dialog that opens
 * now; generous, as a busy machine can take seconds between the press and the dialog.
 */
const PRESS_OPENS_WITHIN_MS = 10_000;

const focusableSelector = 'button, a[href], input, select, textarea, [tabindex]';

/**
 * Gives focus back to the control that opened the dialog. react-aria containers get in the way:
 * a table or list sends focus coming back from outside to the row or cell it last remembered
 * (often another row's), and a toolbar to its last focused button, even when another one was
 * clicked. So the opener is the control just pressed with a pointer (else the focused element),
 * and once the container has had its say, focus is put back on the opener.
 */
function useRestoreFocusToOpener(isOpen: boolean): void {
  const lastPress = useRef<{ target: Element; at: number } | null>(null);
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  // Read during render: by the time effects run, the dialog has already moved focus inside itself.
  if (isOpen && !wasOpen.current && typeof document !== 'undefined') {
    const press = lastPress.current;
    const pressed =
      press && performance.now() - press.at < PRESS_OPENS_WITHIN_MS
        ? press.target.closest(focusableSelector)
        : null;
    opener.current = pressed?.isConnected ? pressed : document.activeElement;
  }
  wasOpen.current = isOpen;
  useEffect(() => {
    // Counts the person's presses and keys: focus they move themselves is never taken back.
    let inputs = 0;
    const rememberPress = (event: PointerEvent) => {
      inputs++;
      if (event.target instanceof Element)
        lastPress.current = { target: event.target, at: performance.now() };
    };
    // A key pressed since then opens from the focused element.
    const forgetPress = () => {
      inputs++;
      lastPress.current = null;
    };
    const restoreToOpener = (event: Event) => {
      const target = opener.current;
      if (!(target instanceof HTMLElement) || !target.isConnected) return;
      event.stopPropagation();
      event.preventDefault();
      target.focus();
      const inputsAtRestore = inputs;
      requestAnimationFrame(() => {
        if (inputs === inputsAtRestore && document.activeElement !== target && target.isConnected)
          target.focus();
      });
    };
    document.addEventListener('pointerdown', rememberPress, true);
    document.addEventListener('keydown', forgetPress, true);
    document.addEventListener(FOCUS_RESTORE_EVENT, restoreToOpener, true);
    return () => {
      document.removeEventListener('pointerdown', rememberPress, true);
      document.removeEventListener('keydown', forgetPress, true);
      document.removeEventListener(FOCUS_RESTORE_EVENT, restoreToOpener, true);
    };
  }, []);
}

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
 * pass `title` and `text` for other uses (deleting a user or a role group). It opens with focus on
 * Cancel, so Enter alone never confirms, and gives focus back to the control that opened it.
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
  useRestoreFocusToOpener(isOpen);
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
                <Button onPress={close} autoFocus>
                  {cancelLabel}
                </Button>
                <Button
                  variant={isDestructive ? 'danger' : 'primary'}
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

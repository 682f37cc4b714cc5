import { adminMessages, maskToken } from '@digital-assistant/react';
import { Dialog, Heading, Modal, ModalOverlay, ToggleButton } from 'react-aria-components';
import { Button } from '../Button/Button';
import { CopyIcon, EyeIcon, EyeOffIcon } from '../icons/icons';

/** Props of `TokenDialog`. */
export interface TokenDialogProps {
  /** Whether the popup is shown (the headless token overlay's `isVisible`). */
  isOpen: boolean;
  /** The new personal access token. */
  token: string;
  /** The server's message that came with it. */
  message?: string;
  /** The token is hidden behind mask characters until the toggle is pressed. */
  isMasked: boolean;
  /** Shows or hides the token. */
  onToggleMasked: () => void;
  /** Copies the token to the clipboard. */
  onCopy: () => void;
  /** 'Token copied to clipboard!' after a copy, else null. */
  copyNotice?: string | null;
  /** Closes the popup (the token is then gone for good). */
  onClose: () => void;
}

/** The 'Token Creation Successful' popup: the token masked until shown, a copy button and its confirmation. */
export function TokenDialog({
  isOpen,
  token,
  message,
  isMasked,
  onToggleMasked,
  onCopy,
  copyNotice,
  onClose,
}: TokenDialogProps) {
  return (
    <ModalOverlay
      className="da-modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="da-modal da-token-dialog">
        <Dialog className="da-dialog">
          <Heading slot="title" className="da-dialog-title">
            {adminMessages.tokenPopupTitle}
          </Heading>
          <p className="da-dialog-text">
            {message ? `${message} ` : ''}Copy it now: it will not be shown again.
          </p>
          <fieldset className="da-token-field">
            <legend className="da-visually-hidden">Personal access token</legend>
            <code className="da-token-value" data-state={isMasked ? 'masked' : 'shown'}>
              {isMasked ? maskToken(token) : token}
            </code>
            <ToggleButton
              className="da-button da-icon-button"
              data-variant="ghost"
              data-size="sm"
              aria-label="Show token"
              isSelected={!isMasked}
              onChange={onToggleMasked}
            >
              {isMasked ? <EyeIcon /> : <EyeOffIcon />}
            </ToggleButton>
            <Button size="sm" onPress={onCopy}>
              <CopyIcon />
              Copy
            </Button>
          </fieldset>
          <p className="da-token-notice" role="status">
            {copyNotice ?? ''}
          </p>
          <div className="da-dialog-actions">
            <Button variant="primary" onPress={onClose}>
              Close
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

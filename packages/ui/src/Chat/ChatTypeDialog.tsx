import { CHAT_TYPE_OPTIONS } from '@digital-assistant/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button/Button';

/** Props of `ChatTypeDialog`. */
export interface ChatTypeDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** Called with `false` when it closes without a choice (Escape or a click outside). */
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Called with the choice, after which the dialog closes: `true` for 'o9 GPT' (platform
   * knowledge), `false` for 'GPT 3.5' (all-around queries).
   */
  onChoose: (isO9Gpt: boolean) => void;
}

/** The chat-type dialog (275px): 'o9 GPT' (tailored for platform knowledge) or 'GPT 3.5' (best for all-around queries). */
export function ChatTypeDialog({ isOpen, onOpenChange, onChoose }: ChatTypeDialogProps) {
  const choose = (isO9Gpt: boolean) => {
    onChoose(isO9Gpt);
    onOpenChange(false);
  };
  return (
    <ModalOverlay className="da-modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className="da-modal da-chat-type-dialog">
        <Dialog className="da-dialog">
          <Heading slot="title" className="da-dialog-title">
            Choose a chat
          </Heading>
          <div className="da-chat-type-options">
            {CHAT_TYPE_OPTIONS.map((option, index) => (
              <Button
                key={option.label}
                className="da-chat-type-option"
                onPress={() => choose(option.value)}
                autoFocus={index === 0}
              >
                <span className="da-chat-type-name">{option.label}</span>
                <span className="da-chat-type-description">{option.description}</span>
              </Button>
            ))}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

import { knowledgeMessages } from '@digital-assistant/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button, LinkButton } from '../Button/Button';
import { AlertIcon, SuccessIcon } from '../icons/icons';
import type { TrainBotRejectedFile } from './TrainBotUploader';

/** Props of `TrainBotSuccessDialog`. */
export interface TrainBotSuccessDialogProps {
  /** Whether the success window is shown. */
  isOpen: boolean;
  /** Closes it (OK, Escape or a click outside). */
  onClose: () => void;
  /** The names of the files the server stored. */
  files: readonly string[];
  /** Files the server did not store, with its reasons. */
  rejected?: readonly TrainBotRejectedFile[];
  /** Where 'View file status' goes; no link when absent. @default '/status' */
  statusHref?: string | null;
  /** @default 'Upload successful' */
  title?: string;
}

/**
 * The success window shown after a Train Bot upload: what was uploaded (now queued for ingestion),
 * what the server did not store and why, and a link to File Status to follow the documents.
 */
export function TrainBotSuccessDialog({
  isOpen,
  onClose,
  files,
  rejected = [],
  statusHref = '/status',
  title = knowledgeMessages.successTitle,
}: TrainBotSuccessDialogProps) {
  return (
    <ModalOverlay
      className="da-modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="da-modal da-train-bot-success">
        <Dialog className="da-dialog">
          {({ close }) => (
            <>
              <div className="da-success-heading">
                <SuccessIcon className="da-icon da-success-icon" />
                <Heading slot="title" className="da-dialog-title">
                  {title}
                </Heading>
              </div>
              <p className="da-dialog-text">{knowledgeMessages.uploaded(files.length)}</p>
              <ul className="da-upload-list da-success-files">
                {files.map((name) => (
                  <li key={name} className="da-upload-item">
                    <span className="da-upload-item-name">{name}</span>
                  </li>
                ))}
              </ul>
              {rejected.length > 0 ? (
                <>
                  <p className="da-dialog-text">{knowledgeMessages.notStored(rejected.length)}</p>
                  <ul className="da-upload-list">
                    {rejected.map((file) => (
                      <li key={file.name} className="da-upload-item" data-state="rejected">
                        <AlertIcon className="da-icon da-upload-item-icon" />
                        <span className="da-upload-item-name">{file.name}</span>
                        <span className="da-upload-item-reason">{file.reason}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <div className="da-dialog-actions">
                {statusHref ? (
                  <LinkButton href={statusHref} onPress={close}>
                    View file status
                  </LinkButton>
                ) : null}
                <Button variant="primary" onPress={close} autoFocus>
                  OK
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

import { knowledgeMessages } from '@digital-assistant/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { TrainBotUploader, type TrainBotUploaderProps } from './TrainBotUploader';

/** Props of `TrainBotUploadDialog`. */
export interface TrainBotUploadDialogProps extends Omit<TrainBotUploaderProps, 'onCancel'> {
  /** Whether the upload window is shown. */
  isOpen: boolean;
  /** Called with `false` when the person closes it (Cancel, Escape, a click outside); not while uploading. */
  onOpenChange: (isOpen: boolean) => void;
  /** @default 'Train Bot' */
  title?: string;
}

/**
 * The Train Bot upload window (spec "Train Bot upload window"): the uploader in a modal. It cannot be
 * dismissed while the upload runs ('Stop upload' stops it). On success the caller closes it and opens
 * the success window ({@link TrainBotSuccessDialog}).
 */
export function TrainBotUploadDialog({
  isOpen,
  onOpenChange,
  title = knowledgeMessages.uploadTitle,
  ...uploader
}: TrainBotUploadDialogProps) {
  const isUploading = uploader.isUploading ?? false;
  return (
    <ModalOverlay
      className="da-modal-overlay"
      isOpen={isOpen}
      isDismissable={!isUploading}
      isKeyboardDismissDisabled={isUploading}
      onOpenChange={onOpenChange}
    >
      <Modal className="da-modal da-train-bot-dialog">
        <Dialog className="da-dialog">
          <Heading slot="title" className="da-dialog-title">
            {title}
          </Heading>
          <p className="da-dialog-text">
            Documents uploaded here become knowledge the assistant answers from, once processed.
          </p>
          <TrainBotUploader {...uploader} onCancel={() => onOpenChange(false)} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

import { reviewMessages } from '@digital-assistant/react';
import { useId } from 'react';
import {
  Dialog,
  type DropItem,
  DropZone,
  FileTrigger,
  Heading,
  Modal,
  ModalOverlay,
  Text,
} from 'react-aria-components';
import { Button, IconButton } from '../Button/Button';
import { CloseIcon, FileIcon, UploadIcon } from '../icons/icons';
import { useFocusAfterRemove } from '../utils/useFocusAfterRemove';

/** Props of `CodeReviewUploadDialog`. */
export interface CodeReviewUploadDialogProps {
  isOpen: boolean;
  /** Called with `false` when the person closes the dialog (Cancel, Escape, a click outside). */
  onOpenChange: (isOpen: boolean) => void;
  /** The chosen zip, listed as 'Uploaded' with a remove icon. */
  file: { name: string } | null;
  /** Files picked with Browse or dropped; the caller keeps one .zip (see `useCodeReview`). */
  onChooseFiles: (files: File[]) => void;
  onRemoveFile: () => void;
  /** Submit: the caller sends the zip, or says 'No zip provided for upload.'. */
  onSubmit: () => void;
  /** Why Submit did nothing or the file was refused. */
  error?: string | null;
  /** For the file picker. @default ['.zip', 'application/zip', 'application/x-zip-compressed'] */
  acceptedFileTypes?: readonly string[];
  /** @default 'Upload zip' */
  title?: string;
}

async function droppedFiles(items: readonly DropItem[]): Promise<File[]> {
  return Promise.all(items.filter((item) => item.kind === 'file').map((item) => item.getFile()));
}

/**
 * The code review upload dialog (spec section 2): a drop zone or Browse, 'Supported Formats: .zip',
 * the chosen zip listed as 'Uploaded' with a remove icon, and Submit.
 */
export function CodeReviewUploadDialog({
  isOpen,
  onOpenChange,
  file,
  onChooseFiles,
  onRemoveFile,
  onSubmit,
  error = null,
  acceptedFileTypes = ['.zip', 'application/zip', 'application/x-zip-compressed'],
  title = 'Upload zip',
}: CodeReviewUploadDialogProps) {
  const id = useId();
  const { rootRef, removed } = useFocusAfterRemove<HTMLDivElement>('[data-upload-browse]');
  return (
    <ModalOverlay className="da-modal-overlay" isOpen={isOpen} isDismissable onOpenChange={onOpenChange}>
      <Modal className="da-modal da-review-upload-dialog">
        <Dialog className="da-dialog">
          <Heading slot="title" className="da-dialog-title">
            {title}
          </Heading>
          <p className="da-dialog-text">
            Upload your python files as .zip to receive potential improvements, in both code &amp; docstrings.
          </p>
          <div ref={rootRef} className="da-review-upload">
            <DropZone
              className="da-drop-zone"
              onDrop={async (event) => {
                const dropped = await droppedFiles(event.items);
                if (dropped.length > 0) onChooseFiles(dropped);
              }}
            >
              <UploadIcon className="da-icon da-drop-zone-icon" />
              <Text slot="label" className="da-drop-zone-label">
                Drag and drop a .zip here
              </Text>
              <span className="da-drop-zone-or">or</span>
              <FileTrigger
                acceptedFileTypes={acceptedFileTypes}
                onSelect={(list) => {
                  if (list && list.length > 0) onChooseFiles(Array.from(list));
                }}
              >
                <Button size="sm" aria-describedby={`${id}-formats`} data-upload-browse>
                  Browse
                </Button>
              </FileTrigger>
              <p className="da-drop-zone-formats" id={`${id}-formats`}>
                {reviewMessages.supportedFormats}
              </p>
            </DropZone>
            {file ? (
              <section className="da-upload-files" aria-labelledby={`${id}-uploaded`}>
                <h3 className="da-upload-section-title" id={`${id}-uploaded`}>
                  {reviewMessages.uploadedLabel}
                </h3>
                <ul className="da-upload-list">
                  <li className="da-upload-item">
                    <FileIcon className="da-icon da-upload-item-icon" />
                    <span className="da-upload-item-name">{file.name}</span>
                    <IconButton
                      aria-label={`Remove ${file.name}`}
                      size="sm"
                      data-remove-item
                      onPress={() => {
                        removed(0);
                        onRemoveFile();
                      }}
                    >
                      <CloseIcon />
                    </IconButton>
                  </li>
                </ul>
              </section>
            ) : null}
            <div className="da-upload-messages" role="alert">
              {error ? <p className="da-upload-error">{error}</p> : null}
            </div>
          </div>
          <div className="da-dialog-actions">
            <Button onPress={() => onOpenChange(false)}>Cancel</Button>
            <Button variant="primary" onPress={onSubmit}>
              Submit
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

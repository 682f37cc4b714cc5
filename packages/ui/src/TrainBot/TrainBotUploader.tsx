import { formatFileSize, type TrainingDepartmentOption } from '@digital-assistant/react';
import type { KnowledgeDepartment } from '@digital-assistant/sdk';
import { useId } from 'react';
import {
  Checkbox,
  CheckboxGroup,
  type DropItem,
  DropZone,
  FileTrigger,
  Label,
  ProgressBar,
  Text,
} from 'react-aria-components';
import { Button, IconButton } from '../Button/Button';
import { AlertIcon, CheckIcon, CloseIcon, FileIcon, UploadIcon } from '../icons/icons';
import { useFocusAfterRemove } from '../utils/useFocusAfterRemove';

/** A chosen file as the uploader lists it. */
export interface TrainBotFile {
  id: string;
  name: string;
  size: number;
}

/** A file that was not added or not stored, and why. */
export interface TrainBotRejectedFile {
  name: string;
  reason: string;
}

/** Props of `TrainBotUploader`. */
export interface TrainBotUploaderProps {
  /** The chosen files, in the order they will be sent. */
  files: readonly TrainBotFile[];
  /** Adds files picked with Browse or dropped; the caller checks them (see `useTrainingUpload`). */
  onAddFiles: (files: File[]) => void;
  /** Removes a chosen file. */
  onRemoveFile: (id: string) => void;
  /** Files refused with their reason: shown under the list. */
  rejected?: readonly TrainBotRejectedFile[];
  /** Clears the refused files. */
  onDismissRejected?: () => void;
  /** Departments that may be chosen. */
  departmentOptions: readonly TrainingDepartmentOption[];
  /** The departments chosen (controlled). */
  departments: readonly KnowledgeDepartment[];
  onDepartmentsChange: (departments: KnowledgeDepartment[]) => void;
  /** Sends the files. */
  onSubmit: () => void;
  /** Shows a Cancel button beside Submit while no upload runs (e.g. closing the upload window). */
  onCancel?: () => void;
  /** Shows a 'Stop upload' button while the upload runs. */
  onStop?: () => void;
  /** The upload is running: files and departments are locked and progress shows. */
  isUploading?: boolean;
  /** Percentage of the whole upload sent (0-100), `null` when not uploading. */
  progress?: number | null;
  /** Each file's percentage, in the order of `files`. */
  filePercents?: readonly number[];
  /** Why Submit did nothing, e.g. 'Add at least one file to upload.' */
  submitError?: string | null;
  /** Why the last upload failed. */
  error?: string | null;
  /** Extensions and MIME types the file picker offers. */
  acceptedFileTypes?: readonly string[];
  /** @default 'Supported formats: .jpg, .jpeg, .png, .gif, .mp4, .ppt, .docx, .pptx, .pdf, .md, .txt, .html, .csv' */
  formatsText?: string;
  /** The largest file, in bytes, shown under the formats. */
  maxFileBytes?: number;
  /** The most files per upload, shown under the formats. */
  maxFiles?: number;
}

/** Files of a drop; other dropped things (text, directories) are ignored. */
async function droppedFiles(items: readonly DropItem[]): Promise<File[]> {
  const files = items.filter((item) => item.kind === 'file');
  return Promise.all(files.map((item) => item.getFile()));
}

/**
 * The Train Bot uploader: department choice, a drop zone with Browse, the chosen files with their
 * size and (while uploading) their percentage, the whole upload's percentage, the refused files with
 * their reason, and Submit. Controlled: `useTrainingUpload` holds the state and checks the files.
 *
 * @example
 * const upload = useTrainingUpload();
 * <TrainBotUploader {...trainBotUploaderProps(upload)} />
 */
export function TrainBotUploader({
  files,
  onAddFiles,
  onRemoveFile,
  rejected = [],
  onDismissRejected,
  departmentOptions,
  departments,
  onDepartmentsChange,
  onSubmit,
  onCancel,
  onStop,
  isUploading = false,
  progress = null,
  filePercents = [],
  submitError = null,
  error = null,
  acceptedFileTypes,
  formatsText = 'Supported formats: .jpg, .jpeg, .png, .gif, .mp4, .ppt, .docx, .pptx, .pdf, .md, .txt, .html, .csv',
  maxFileBytes,
  maxFiles,
}: TrainBotUploaderProps) {
  const id = useId();
  const { rootRef, removed, cleared } = useFocusAfterRemove<HTMLDivElement>('[data-upload-browse]');
  const limits = [
    maxFileBytes ? `up to ${formatFileSize(maxFileBytes)} each` : '',
    maxFiles ? `${maxFiles} files at a time` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div ref={rootRef} className="da-train-bot" data-uploading={isUploading || undefined}>
      <CheckboxGroup
        className="da-field da-department-choice"
        value={[...departments]}
        onChange={(value) => onDepartmentsChange(value as KnowledgeDepartment[])}
        isDisabled={isUploading}
      >
        <Label className="da-field-label">Departments that may use these documents</Label>
        <div className="da-department-options">
          {departmentOptions.map((option) => (
            <Checkbox key={option.id} value={option.id} className="da-checkbox da-department-option">
              {({ isSelected }) => (
                <>
                  <span
                    className="da-checkbox-box"
                    data-selected={isSelected || undefined}
                    aria-hidden="true"
                  >
                    {isSelected ? <CheckIcon /> : null}
                  </span>
                  {option.id === 'knowledge' ? 'Knowledge (all departments)' : option.label}
                </>
              )}
            </Checkbox>
          ))}
        </div>
      </CheckboxGroup>

      <DropZone
        className="da-drop-zone"
        isDisabled={isUploading}
        onDrop={async (event) => {
          const dropped = await droppedFiles(event.items);
          if (dropped.length > 0) onAddFiles(dropped);
        }}
      >
        <UploadIcon className="da-icon da-drop-zone-icon" />
        <Text slot="label" className="da-drop-zone-label">
          Drag and drop files here
        </Text>
        <span className="da-drop-zone-or">or</span>
        <FileTrigger
          allowsMultiple
          acceptedFileTypes={acceptedFileTypes}
          onSelect={(list) => {
            if (list && list.length > 0) onAddFiles(Array.from(list));
          }}
        >
          <Button size="sm" isDisabled={isUploading} aria-describedby={`${id}-formats`} data-upload-browse>
            Browse
          </Button>
        </FileTrigger>
        <p className="da-drop-zone-formats" id={`${id}-formats`}>
          {formatsText}
          {limits ? `; ${limits}.` : ''}
        </p>
      </DropZone>

      {files.length > 0 ? (
        <section className="da-upload-files" aria-labelledby={`${id}-files`}>
          <h3 className="da-upload-section-title" id={`${id}-files`}>
            {files.length === 1 ? '1 file to upload' : `${files.length} files to upload`}
          </h3>
          <ul className="da-upload-list">
            {files.map((file, index) => (
              <li key={file.id} className="da-upload-item">
                <FileIcon className="da-icon da-upload-item-icon" />
                <span className="da-upload-item-name">{file.name}</span>
                <span className="da-upload-item-size">{formatFileSize(file.size)}</span>
                {isUploading ? (
                  <ProgressBar
                    className="da-progress da-upload-item-progress"
                    aria-label={`${file.name} uploaded`}
                    value={filePercents[index] ?? 0}
                  >
                    {({ percentage, valueText }) => (
                      <>
                        <span className="da-progress-track" aria-hidden="true">
                          <span className="da-progress-fill" style={{ width: `${percentage ?? 0}%` }} />
                        </span>
                        <span className="da-progress-value">{valueText}</span>
                      </>
                    )}
                  </ProgressBar>
                ) : (
                  <IconButton
                    aria-label={`Remove ${file.name}`}
                    size="sm"
                    data-remove-item
                    onPress={() => {
                      removed(index);
                      onRemoveFile(file.id);
                    }}
                  >
                    <CloseIcon />
                  </IconButton>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {isUploading ? (
        <ProgressBar className="da-progress da-upload-progress" value={progress ?? 0}>
          {({ percentage, valueText }) => (
            <>
              <div className="da-progress-header">
                <Label className="da-progress-label">Uploading</Label>
                <span className="da-progress-value">{valueText}</span>
              </div>
              <span className="da-progress-track" aria-hidden="true">
                <span className="da-progress-fill" style={{ width: `${percentage ?? 0}%` }} />
              </span>
            </>
          )}
        </ProgressBar>
      ) : null}

      <div className="da-upload-messages" aria-live="polite">
        {rejected.length > 0 ? (
          <section className="da-upload-rejected" aria-labelledby={`${id}-rejected`}>
            <div className="da-upload-rejected-header">
              <h3 className="da-upload-section-title" id={`${id}-rejected`}>
                {rejected.length === 1 ? '1 file not uploaded' : `${rejected.length} files not uploaded`}
              </h3>
              {onDismissRejected ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onPress={() => {
                    cleared();
                    onDismissRejected();
                  }}
                >
                  Clear
                </Button>
              ) : null}
            </div>
            <ul className="da-upload-list">
              {rejected.map((file) => (
                <li key={file.name} className="da-upload-item" data-state="rejected">
                  <AlertIcon className="da-icon da-upload-item-icon" />
                  <span className="da-upload-item-name">{file.name}</span>
                  <span className="da-upload-item-reason">{file.reason}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <div className="da-upload-messages" role="alert">
        {error ? <p className="da-upload-error">{error}</p> : null}
        {submitError ? <p className="da-upload-error">{submitError}</p> : null}
      </div>

      <div className="da-dialog-actions da-upload-actions">
        {isUploading && onStop ? <Button onPress={onStop}>Stop upload</Button> : null}
        {!isUploading && onCancel ? <Button onPress={onCancel}>Cancel</Button> : null}
        <Button variant="primary" onPress={onSubmit} isPending={isUploading}>
          Submit
        </Button>
      </div>
    </div>
  );
}

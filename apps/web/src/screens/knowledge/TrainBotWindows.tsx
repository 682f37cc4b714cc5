import { type UseTrainingUploadResult, useTrainingUpload } from '@digital-assistant/react';
import {
  TrainBotSuccessDialog,
  TrainBotUploadDialog,
  type TrainBotUploaderProps,
} from '@digital-assistant/ui';
import { useEffect, useRef } from 'react';

/** The uploader's props from the headless upload hook. */
export function uploaderProps(upload: UseTrainingUploadResult): TrainBotUploaderProps {
  return {
    files: upload.files,
    rejected: upload.rejected,
    departments: upload.departments,
    departmentOptions: upload.departmentOptions,
    isUploading: upload.isUploading,
    progress: upload.progress,
    filePercents: upload.filePercents,
    submitError: upload.submitError,
    error: upload.error,
    acceptedFileTypes: upload.accept.split(','),
    formatsText: upload.formatsText,
    maxFileBytes: upload.maxFileBytes,
    maxFiles: upload.maxFiles,
    onAddFiles: upload.addFiles,
    onRemoveFile: upload.removeFile,
    onDismissRejected: upload.dismissRejected,
    onDepartmentsChange: upload.setDepartments,
    onSubmit: () => void upload.submit(),
    onStop: upload.cancel,
  };
}

/** The success window of an upload, once the server stored the files. */
export function TrainBotSuccess({ upload }: { upload: UseTrainingUploadResult }) {
  // Keeps the lists while the window animates out after the result was dismissed.
  const shown = useRef(upload.result);
  if (upload.result) shown.current = upload.result;
  return (
    <TrainBotSuccessDialog
      isOpen={upload.status === 'success'}
      onClose={upload.dismissResult}
      files={shown.current?.files ?? []}
      rejected={shown.current?.rejected ?? []}
    />
  );
}

export interface TrainBotWindowsProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The Train Bot upload window (opened from the landing card or File Status) and, after Submit, the
 * success window: the upload window closes as soon as the server stored the files. Closing the
 * upload window without uploading forgets the files chosen.
 */
export function TrainBotWindows({ isOpen, onOpenChange }: TrainBotWindowsProps) {
  const upload = useTrainingUpload({ onUploaded: () => onOpenChange(false) });
  const { reset } = upload;
  useEffect(() => {
    if (isOpen) reset();
  }, [isOpen, reset]);
  return (
    <>
      <TrainBotUploadDialog {...uploaderProps(upload)} isOpen={isOpen} onOpenChange={onOpenChange} />
      <TrainBotSuccess upload={upload} />
    </>
  );
}

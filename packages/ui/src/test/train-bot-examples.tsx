// The Train Bot uploader and windows wired to the headless upload store the way the app wires them
// (through `useTrainingUpload`), with the server's part played by the caller: shared by stories and
// tests (not exported from the package).
import {
  createTrainingUploadStore,
  filePercents,
  KNOWLEDGE_DEPARTMENTS,
  TRAINING_FILE_ACCEPT,
  TRAINING_FILE_FORMATS_TEXT,
  TRAINING_MAX_FILE_BYTES,
  TRAINING_MAX_FILES,
  type TrainingUploadStore,
} from '@digital-assistant/react';
import type { TrainingUploadResponse } from '@digital-assistant/sdk';
import { useState, useSyncExternalStore } from 'react';
import { TrainBotSuccessDialog } from '../TrainBot/TrainBotSuccessDialog';
import { TrainBotUploadDialog } from '../TrainBot/TrainBotUploadDialog';
import { TrainBotUploader, type TrainBotUploaderProps } from '../TrainBot/TrainBotUploader';

/** What the server answers to an upload, given the names sent. */
export type ServerAnswer = (names: string[]) => TrainingUploadResponse | { error: string };

/** Stores every name and refuses nothing. */
export const acceptEverything: ServerAnswer = (names) => ({
  message: `Uploaded ${names.length} files.`,
  files: names,
});

/** The uploader's props from the store, as `useTrainingUpload` gives them. */
function useUploaderProps(
  store: TrainingUploadStore,
  answer: ServerAnswer,
  onUploaded?: () => void,
): TrainBotUploaderProps {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    files: state.files,
    rejected: state.rejected,
    departments: state.departments,
    departmentOptions: KNOWLEDGE_DEPARTMENTS,
    isUploading: state.status === 'uploading',
    progress: state.progress,
    filePercents:
      state.progress === null
        ? []
        : filePercents(
            state.files.map((file) => file.size),
            state.progress,
          ),
    submitError: state.submitError,
    error: state.error,
    acceptedFileTypes: TRAINING_FILE_ACCEPT.split(','),
    formatsText: TRAINING_FILE_FORMATS_TEXT,
    maxFileBytes: TRAINING_MAX_FILE_BYTES,
    maxFiles: TRAINING_MAX_FILES,
    onAddFiles: store.addFiles,
    onRemoveFile: store.removeFile,
    onDismissRejected: store.dismissRejected,
    onDepartmentsChange: store.setDepartments,
    onStop: store.cancel,
    onSubmit: () => {
      const files = store.begin();
      if (!files) return;
      const reply = answer(files.map((file) => file.name));
      if ('error' in reply) store.fail(reply.error);
      else {
        store.succeed(reply);
        onUploaded?.();
      }
    },
  };
}

/** The uploader on its own (the train-bot route) over a fresh store. */
export function StoreWiredUploader({
  answer = acceptEverything,
  store: given,
}: {
  answer?: ServerAnswer;
  store?: TrainingUploadStore;
}) {
  const [store] = useState(() => given ?? createTrainingUploadStore());
  return <TrainBotUploader {...useUploaderProps(store, answer)} />;
}

/** The upload window and, after Submit, the success window (the landing card's flow). */
export function StoreWiredUploadWindows({
  answer = acceptEverything,
  store: given,
  isInitiallyOpen = true,
}: {
  answer?: ServerAnswer;
  store?: TrainingUploadStore;
  isInitiallyOpen?: boolean;
}) {
  const [store] = useState(() => given ?? createTrainingUploadStore());
  const [isOpen, setOpen] = useState(isInitiallyOpen);
  const props = useUploaderProps(store, answer, () => setOpen(false));
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open Train Bot
      </button>
      <TrainBotUploadDialog {...props} isOpen={isOpen} onOpenChange={setOpen} />
      <TrainBotSuccessDialog
        isOpen={state.status === 'success'}
        onClose={store.dismissResult}
        files={state.result?.files ?? []}
        rejected={state.result?.rejected ?? []}
      />
    </>
  );
}

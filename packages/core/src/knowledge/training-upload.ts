/**
 * The Train Bot upload (spec sections 2 and 5, "Training upload"): which files may be sent and why
 * one may not, the departments they are for, and a store holding the chosen files, the rejected
 * ones with their reasons, and the progress of the upload. No React and no network here: the hook
 * `useTrainingUpload` sends the files through the SDK.
 */
import type {
  KnowledgeDepartment,
  KnowledgeDocument,
  RejectedUpload,
  TrainingUploadResponse,
} from '@digital-assistant/sdk';
import { createStore, type ReadableStore } from '../store';
import { EVERY_DEPARTMENT } from './knowledge-documents';
import { knowledgeMessages } from './knowledge-messages';

/**
 * The extensions a training file may have: the spec's (.jpg, .jpeg, .mp4, .gif, .ppt, .docx) and the
 * ones a knowledge base needs (.png, .pptx, .pdf, .md, .txt, .html, .csv).
 */
export const TRAINING_FILE_EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.mp4',
  '.ppt',
  '.docx',
  '.pptx',
  '.pdf',
  '.md',
  '.txt',
  '.html',
  '.csv',
] as const;

export type TrainingFileExtension = (typeof TRAINING_FILE_EXTENSIONS)[number];

/** The largest file accepted by default: 50 MB, the reference server's default (UPLOAD_MAX_FILE_MB). */
export const TRAINING_MAX_FILE_BYTES = 50 * 1024 * 1024;
/** The most files sent at once by default: 20, the reference server's default (UPLOAD_MAX_FILES). */
export const TRAINING_MAX_FILES = 20;

const OFFICE_ZIP = ['application/zip', 'application/x-zip-compressed'];

/**
 * The MIME types a browser may report for each extension (spec: "Mime types checked"). A file whose
 * reported type is specific and not among its extension's is refused: a screenshot renamed .pdf.
 */
const MIME_TYPES: Record<TrainingFileExtension, readonly string[]> = {
  '.jpg': ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  '.jpeg': ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  '.png': ['image/png'],
  '.gif': ['image/gif'],
  '.mp4': ['video/mp4', 'application/mp4'],
  '.ppt': ['application/vnd.ms-powerpoint', 'application/mspowerpoint', 'application/x-mspowerpoint'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', ...OFFICE_ZIP],
  '.pptx': ['application/vnd.openxmlformats-officedocument.presentationml.presentation', ...OFFICE_ZIP],
  '.pdf': ['application/pdf', 'application/x-pdf'],
  '.md': ['text/markdown', 'text/x-markdown', 'text/plain'],
  '.txt': ['text/plain'],
  '.html': ['text/html', 'application/xhtml+xml'],
  // Windows reports .csv as an Excel type when Excel is installed.
  '.csv': ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
};

/** Types that say only "some bytes": the browser does not know, so the extension decides. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The `accept` value of a file input for training files: every accepted extension and MIME type. */
export const TRAINING_FILE_ACCEPT = [
  ...TRAINING_FILE_EXTENSIONS,
  ...new Set(TRAINING_FILE_EXTENSIONS.flatMap((extension) => MIME_TYPES[extension])),
].join(',');

/** 'Supported formats: .jpg, .jpeg, ...' for the upload window. */
export const TRAINING_FILE_FORMATS_TEXT = `Supported formats: ${TRAINING_FILE_EXTENSIONS.join(', ')}`;

/** What a file is checked on: a browser `File` has all of it. */
export interface TrainingFileFacts {
  name: string;
  size: number;
  /** The MIME type the browser reports ('' when it does not know). */
  type: string;
}

/** Limits of a training upload. */
export interface TrainingUploadLimits {
  /** Largest file, in bytes. @default TRAINING_MAX_FILE_BYTES (50 MB) */
  maxFileBytes?: number;
  /** Most files in one upload. @default TRAINING_MAX_FILES (20) */
  maxFiles?: number;
}

/** Why a file is not sent (client-side codes, and the server's `RejectedUpload` codes). */
export type TrainingRejectionCode =
  | 'unsupported_type'
  | 'type_mismatch'
  | 'empty'
  | 'too_large'
  | 'too_many'
  | (string & {});

/** A file that was not sent or not stored, and why, in a sentence naming it. */
export interface TrainingRejection {
  name: string;
  code: TrainingRejectionCode;
  reason: string;
}

/** The lowercase extension of a file name with its dot, or '' when it has none. */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/** Whether an extension ('.pdf') is one a training file may have. */
export function isTrainingFileExtension(extension: string): extension is TrainingFileExtension {
  return (TRAINING_FILE_EXTENSIONS as readonly string[]).includes(extension);
}

/** '50 MB', '200 KB', '12 bytes': sizes as the server words them. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/**
 * Why a file may not be uploaded, or `null` when it may: its extension is not accepted, it is empty,
 * it is larger than the limit, or the browser says it is something its extension is not.
 * @example validateTrainingFile({ name: 'notes.exe', size: 10, type: '' })?.reason // 'notes.exe: .exe files are not accepted.'
 */
export function validateTrainingFile(
  file: TrainingFileFacts,
  limits: TrainingUploadLimits = {},
): TrainingRejection | null {
  const { name } = file;
  const extension = fileExtension(name);
  if (!isTrainingFileExtension(extension)) {
    return {
      name,
      code: 'unsupported_type',
      reason: `${name}: ${extension ? `${extension} files are` : 'files without an extension are'} not accepted.`,
    };
  }
  if (file.size === 0) return { name, code: 'empty', reason: `${name} is empty.` };
  const maxFileBytes = limits.maxFileBytes ?? TRAINING_MAX_FILE_BYTES;
  if (file.size > maxFileBytes) {
    return {
      name,
      code: 'too_large',
      reason: `${name} is larger than the ${formatFileSize(maxFileBytes)} limit for one file: split or compress it.`,
    };
  }
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (!UNKNOWN_TYPES.has(type) && !MIME_TYPES[extension].includes(type)) {
    return {
      name,
      code: 'type_mismatch',
      reason: `${name} does not look like a ${extension} file (its type is ${type}).`,
    };
  }
  return null;
}

/**
 * The departments chosen after a change of the checkboxes: Knowledge (every department) excludes the
 * others, so ticking it leaves it alone and ticking another removes it; nothing ticked is Knowledge.
 */
export function nextDepartments(
  previous: readonly KnowledgeDepartment[],
  next: readonly KnowledgeDepartment[],
): KnowledgeDepartment[] {
  const unique = [...new Set(next)];
  const addedEvery = unique.includes(EVERY_DEPARTMENT) && !previous.includes(EVERY_DEPARTMENT);
  if (addedEvery || unique.length === 0) return [EVERY_DEPARTMENT];
  const specific = unique.filter((department) => department !== EVERY_DEPARTMENT);
  return specific.length > 0 ? specific : [EVERY_DEPARTMENT];
}

/**
 * Each file's percentage from the percentage of the whole upload: files are sent one after the other,
 * so the bytes sent so far fill them in order.
 * @example filePercents([100, 300], 50) // [100, 33]
 */
export function filePercents(sizes: readonly number[], overallPercent: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  let remaining = (Math.min(100, Math.max(0, overallPercent)) / 100) * total;
  return sizes.map((size) => {
    const sent = Math.min(size, Math.max(0, remaining));
    remaining -= size;
    if (size === 0) return overallPercent >= 100 ? 100 : 0;
    return Math.floor((sent / size) * 100 + 1e-9);
  });
}

/** A file chosen for upload. */
export interface TrainingUploadFile {
  /** Unique within the store. */
  id: string;
  file: File;
  name: string;
  size: number;
}

/** Where an upload is. */
export type TrainingUploadStatus = 'idle' | 'uploading' | 'success' | 'error';

/** What the server kept and refused, for the success window. */
export interface TrainingUploadResult {
  message: string;
  /** The names of the files stored. */
  files: string[];
  /** The stored documents, when the server lists them (extension), each 'Queued'. */
  documents: KnowledgeDocument[];
  /** Files the server did not store, with its reasons. */
  rejected: RejectedUpload[];
}

/** Snapshot of the upload store. */
export interface TrainingUploadState {
  /** The files to send, in the order chosen. */
  files: readonly TrainingUploadFile[];
  /** Files refused when chosen, or by the server, with their reasons. */
  rejected: readonly TrainingRejection[];
  /** Who may read the documents; `['knowledge']` is every department. */
  departments: readonly KnowledgeDepartment[];
  status: TrainingUploadStatus;
  /** Percentage of the whole upload sent (0-100) while uploading; `null` when unknown or idle. */
  progress: number | null;
  /** Why Submit did nothing ('Add at least one file to upload.'), until a file is added. */
  submitError: string | null;
  /** Why the upload failed, when it did. */
  error: string | null;
  /** What the server answered to the last successful upload. */
  result: TrainingUploadResult | null;
}

/** The upload store: choose files and departments, then the hook reports the upload's course. */
export interface TrainingUploadStore extends ReadableStore<TrainingUploadState> {
  /** Adds files; refused ones go to `rejected` with their reason; a name already listed is replaced. */
  addFiles(files: Iterable<File> | ArrayLike<File>): void;
  removeFile(id: string): void;
  /** Sets the departments from the checkboxes' new value (see {@link nextDepartments}). */
  setDepartments(departments: readonly KnowledgeDepartment[]): void;
  dismissRejected(): void;
  /**
   * Starts an upload: the files to send, or `null` (and `submitError`) when there is none, or while
   * one is already running.
   */
  begin(): readonly TrainingUploadFile[] | null;
  setProgress(percent: number): void;
  /** The server stored at least one file: the list is emptied and `result` holds the answer. */
  succeed(answer: TrainingUploadResponse): void;
  /**
   * The upload failed with a readable message. Files the server named in `rejected` leave the list
   * for the rejected one; the others stay, to try again.
   */
  fail(error: string, rejected?: readonly RejectedUpload[]): void;
  /** The upload was cancelled: back to the chosen files, no error. */
  cancel(): void;
  /** The success window was closed. */
  dismissResult(): void;
  /** Starts over: no files, no rejections, every department. */
  reset(): void;
}

const initialState = (departments: readonly KnowledgeDepartment[]): TrainingUploadState => ({
  files: [],
  rejected: [],
  departments,
  status: 'idle',
  progress: null,
  submitError: null,
  error: null,
  result: null,
});

/**
 * Creates the store of one upload window.
 * @example
 * const store = createTrainingUploadStore({ maxFileBytes: 10 * 1024 * 1024 });
 * store.addFiles(input.files);
 */
export function createTrainingUploadStore(
  options: TrainingUploadLimits & { departments?: readonly KnowledgeDepartment[] } = {},
): TrainingUploadStore {
  const defaultDepartments = options.departments ?? [EVERY_DEPARTMENT];
  const store = createStore<TrainingUploadState>(initialState(defaultDepartments));
  const maxFiles = options.maxFiles ?? TRAINING_MAX_FILES;
  let sequence = 0;
  const isBusy = () => store.getSnapshot().status === 'uploading';

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    addFiles(added) {
      if (isBusy()) return;
      store.setState((state) => {
        let files = [...state.files];
        const rejected: TrainingRejection[] = [];
        for (const file of Array.from(added)) {
          const refusal = validateTrainingFile(file, options);
          if (refusal) {
            rejected.push(refusal);
            continue;
          }
          const sameName = files.findIndex((entry) => entry.name === file.name);
          if (sameName < 0 && files.length >= maxFiles) {
            rejected.push({
              name: file.name,
              code: 'too_many',
              reason: `${file.name} was not added: at most ${maxFiles} files can be uploaded at once.`,
            });
            continue;
          }
          const entry = { id: `file-${++sequence}`, file, name: file.name, size: file.size };
          files =
            sameName < 0
              ? [...files, entry]
              : files.map((other, index) => (index === sameName ? entry : other));
        }
        const names = new Set(Array.from(added, (file) => file.name));
        return {
          ...state,
          files,
          // A file refused before and now chosen again is judged again.
          rejected: [...state.rejected.filter((entry) => !names.has(entry.name)), ...rejected],
          submitError: files.length > 0 ? null : state.submitError,
          status: state.status === 'uploading' ? state.status : 'idle',
          error: null,
        };
      });
    },
    removeFile(id) {
      if (isBusy()) return;
      store.setState((state) => ({ ...state, files: state.files.filter((entry) => entry.id !== id) }));
    },
    setDepartments(departments) {
      if (isBusy()) return;
      store.setState((state) => ({ ...state, departments: nextDepartments(state.departments, departments) }));
    },
    dismissRejected() {
      store.setState((state) => (state.rejected.length === 0 ? state : { ...state, rejected: [] }));
    },
    begin() {
      const state = store.getSnapshot();
      if (state.status === 'uploading') return null;
      if (state.files.length === 0) {
        store.setState({ ...state, submitError: knowledgeMessages.noFileChosen });
        return null;
      }
      store.setState({ ...state, status: 'uploading', progress: 0, submitError: null, error: null });
      return state.files;
    },
    setProgress(percent) {
      store.setState((state) =>
        state.status !== 'uploading' || state.progress === percent ? state : { ...state, progress: percent },
      );
    },
    succeed(answer) {
      store.setState((state) => ({
        ...state,
        files: [],
        rejected: [],
        status: 'success',
        progress: 100,
        result: {
          message: answer.message,
          files: answer.files,
          documents: answer.documents ?? [],
          rejected: answer.rejected ?? [],
        },
      }));
    },
    fail(error, rejected = []) {
      store.setState((state) => {
        const names = new Set(rejected.map((entry) => entry.name));
        return {
          ...state,
          status: 'error',
          progress: null,
          error,
          files: state.files.filter((entry) => !names.has(entry.name)),
          rejected: [
            ...state.rejected.filter((entry) => !names.has(entry.name)),
            ...rejected.map(({ name, code, reason }) => ({ name, code, reason })),
          ],
        };
      });
    },
    cancel() {
      store.setState((state) =>
        state.status === 'uploading' ? { ...state, status: 'idle', progress: null } : state,
      );
    },
    dismissResult() {
      store.setState((state) =>
        state.status === 'success' ? { ...state, status: 'idle', progress: null, result: null } : state,
      );
    },
    reset() {
      if (isBusy()) return;
      store.setState(initialState(defaultDepartments));
    },
  };
}

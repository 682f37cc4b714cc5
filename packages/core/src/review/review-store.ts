/**
 * The Code Review screen's store (spec section 4: code review file status, Upload, View, Pagination):
 * the list of the user's review files with its filter and page, the header's message, the upload
 * dialog, the review being viewed (its tree's transitions are in review-view.ts), and the one request
 * in progress (every button waits for it).
 * It talks to the server through the SDK client; React connects it with `useCodeReview`.
 */
import {
  type DigitalAssistantClient,
  downloadBlob,
  isDigitalAssistantError,
  isErrorBody,
  type ReviewFile,
  unwrap,
  uploadCodeReviewZip,
} from '@digital-assistant/sdk';
import type { Logger } from '../host';
import type { NoticeKind } from '../notices';
import { createStore, type ReadableStore } from '../store';
import { reviewMessages } from './review-messages';
import {
  canDeleteReviewFile,
  canDownloadReviewFile,
  canViewReviewFile,
  filterReviewFiles,
  isZipFileName,
  lastReviewPage,
  REVIEW_PAGE_SIZE,
  REVIEW_POLL_INTERVAL_MS,
  type ReviewPage,
  reviewPage,
  reviewStatusKind,
} from './review-rules';
import { openReviewView, type ReviewView, selectReviewFunction, toggleReviewNode } from './review-view';

/** The header's message line: its kind (icon and colour) and text, and the server's reason if any. */
export interface ReviewMessage {
  kind: NoticeKind;
  /** One of the spec's messages. */
  text: string;
  /** What the server said about a failure, shown after the message. */
  detail?: string;
}

/** The request in progress; every button is disabled while there is one (spec section 4). */
export type ReviewRequest = 'fetch' | 'upload' | 'view' | 'delete' | 'download';

/** Snapshot of the review store. */
export interface ReviewState {
  /** The user's files, in the server's order (upload order). */
  files: readonly ReviewFile[];
  /** The list has been fetched at least once. */
  hasFetched: boolean;
  /** Why the list could not be fetched, until it is. */
  listError: string | null;
  filter: string;
  /** The page asked for (1-based); `reviewPage` keeps it inside the pages there are. */
  page: number;
  message: ReviewMessage | null;
  request: ReviewRequest | null;
  /** Percentage of the zip sent while uploading, when the size is known. */
  uploadProgress: number | null;
  isUploadOpen: boolean;
  /** The zip chosen in the upload dialog. */
  uploadFile: File | null;
  /** Why the upload dialog cannot submit ('No zip provided for upload.'...). */
  uploadError: string | null;
  view: ReviewView | null;
}

/** What the store needs from its host. */
export interface ReviewStoreOptions {
  client: DigitalAssistantClient;
  /** Where failures the spec only logs go (download errors: "check console logs"). */
  logger?: Logger;
  /**
   * Hands a downloaded zip to the person (the UI package's `saveFile` in a browser). Without it,
   * a download fetches the zip and reports success without saving it.
   */
  saveFile?: (blob: Blob, filename: string) => void;
  /** Called when a review opens (spec: "the menu closes"). */
  onViewOpened?: () => void;
  /** How often (ms) the list refreshes by itself while a review is pending. @default 2000 */
  pollIntervalMs?: number;
}

/** The store returned by {@link createReviewStore}. */
export interface ReviewStore extends ReadableStore<ReviewState> {
  /** The screen opened: fetches the list (spec: "The file list is fetched on screen open"). */
  open(): Promise<void>;
  /** The screen closed: stops refreshing by itself and forgets requests in flight. */
  dispose(): void;
  /** Refresh: fetches the list again, with the spec's messages. */
  refresh(): Promise<void>;
  /** A new filter shows page 1 (spec section 4). */
  setFilter(filter: string): void;
  setPage(page: number): void;
  openUpload(): void;
  closeUpload(): void;
  /** Chooses the zip (the first of the files; a non-zip or several files are refused with a reason). */
  chooseUploadFile(files: readonly File[]): void;
  removeUploadFile(): void;
  /**
   * Submit: without a zip, 'No zip provided for upload.' in the dialog; else the dialog closes, the
   * zip is sent with progress and the message follows the upload and then the review.
   */
  submitUpload(): Promise<void>;
  /** Fetches a succeeded file's review JSON, builds the tree and opens it. */
  view(fileId: string): Promise<void>;
  /** Closes the review (spec: "Closing resets the view"). */
  closeView(): void;
  toggleExpanded(id: string): void;
  selectFunction(id: string): void;
  download(fileId: string): Promise<void>;
  /** Deletes a file that is not pending; ask for confirmation first. */
  delete(fileId: string): Promise<void>;
  dismissMessage(): void;
  /** The page of the filtered list to show. */
  getPage(): ReviewPage<ReviewFile>;
}

const initialState: ReviewState = {
  files: [],
  hasFetched: false,
  listError: null,
  filter: '',
  page: 1,
  message: null,
  request: null,
  uploadProgress: null,
  isUploadOpen: false,
  uploadFile: null,
  uploadError: null,
  view: null,
};

/** The server's sentence about a failure, if it gave one. */
function reasonOf(error: unknown): string | undefined {
  const body = isDigitalAssistantError(error) ? error.cause : error;
  if (isErrorBody(body) && body.error.trim()) return body.error.trim();
  if (isDigitalAssistantError(error) && error.code === 'timeout') return 'The upload took too long.';
  if (isDigitalAssistantError(error) && error.code === 'network_error')
    return 'The server could not be reached.';
  return undefined;
}

const message = (kind: NoticeKind, text: string, detail?: string): ReviewMessage =>
  detail ? { kind, text, detail } : { kind, text };

/**
 * Creates the store of one Code Review screen.
 * @example
 * const store = createReviewStore({ client, saveFile });
 * await store.open();
 * store.setFilter('shop');
 */
export function createReviewStore(options: ReviewStoreOptions): ReviewStore {
  const { client, logger, pollIntervalMs = REVIEW_POLL_INTERVAL_MS } = options;
  const store = createStore<ReviewState>(initialState);
  const set = (change: Partial<ReviewState> | ((state: ReviewState) => Partial<ReviewState>)) =>
    store.setState((state) => ({ ...state, ...(typeof change === 'function' ? change(state) : change) }));
  /** Bumped by every change of the list, so a refresh sent before it does not undo it. */
  let listVersion = 0;
  /** Bumped by `dispose`: answers to requests sent before are dropped. */
  let generation = 0;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;
  /** The file uploaded on this screen whose review the message follows. */
  let watchedFileId: string | null = null;

  const isBusy = () => store.getSnapshot().request !== null;
  const find = (fileId: string) => store.getSnapshot().files.find((file) => file.fileId === fileId);

  /** Announces the end of the watched review, once. */
  const followWatched = () => {
    if (!watchedFileId) return;
    const file = find(watchedFileId);
    if (!file) {
      watchedFileId = null;
      return;
    }
    const kind = reviewStatusKind(file.status);
    if (kind === 'pending') return;
    watchedFileId = null;
    set({
      message:
        kind === 'success'
          ? message('success', reviewMessages.uploaded)
          : message('error', reviewMessages.uploadError, file.reason ?? undefined),
    });
  };

  const schedulePoll = () => {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = null;
    const state = store.getSnapshot();
    if (!state.files.some((file) => reviewStatusKind(file.status) === 'pending')) return;
    const at = generation;
    pollTimer = setTimeout(() => {
      pollTimer = null;
      if (at === generation) void poll();
    }, pollIntervalMs);
  };

  /** A quiet refresh while reviews are pending: no message, no buttons disabled. */
  const poll = async () => {
    const at = generation;
    const version = listVersion;
    try {
      const { files } = await unwrap(client.POST('/api/file/files', { body: {} }));
      if (at !== generation) return;
      if (version === listVersion && !isBusy()) {
        listVersion++;
        set({ files, listError: null });
        followWatched();
      }
    } catch (error) {
      if (at !== generation) return;
      logger?.error('Refreshing the review files failed', error);
    }
    schedulePoll();
  };

  const fetchList = async () => {
    if (isBusy()) return;
    const at = generation;
    set({ request: 'fetch', message: message('info', reviewMessages.fetching) });
    try {
      const { files } = await unwrap(client.POST('/api/file/files', { body: {} }));
      if (at !== generation) return;
      listVersion++;
      set({
        files,
        hasFetched: true,
        listError: null,
        request: null,
        message: message('success', reviewMessages.fetched),
      });
      followWatched();
    } catch (error) {
      if (at !== generation) return;
      logger?.error('Fetching the review files failed', error);
      set({
        request: null,
        hasFetched: true,
        listError: reviewMessages.fetchError,
        message: message('error', reviewMessages.fetchError, reasonOf(error)),
      });
    }
    schedulePoll();
  };

  const getPage = () => {
    const state = store.getSnapshot();
    return reviewPage(state.files, state.filter, state.page, REVIEW_PAGE_SIZE);
  };

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    getPage,
    open: fetchList,
    refresh: fetchList,
    dispose() {
      generation++;
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
      // A request dropped here must not leave the buttons disabled when the screen opens again.
      if (isBusy()) set({ request: null, uploadProgress: null });
    },
    setFilter(filter) {
      set((state) => (state.filter === filter ? {} : { filter, page: 1 }));
    },
    setPage(page) {
      set(() => ({ page: reviewPage(store.getSnapshot().files, store.getSnapshot().filter, page).page }));
    },
    openUpload() {
      if (isBusy() || store.getSnapshot().view) return;
      set({ isUploadOpen: true, uploadFile: null, uploadError: null });
    },
    closeUpload() {
      set({ isUploadOpen: false, uploadFile: null, uploadError: null });
    },
    chooseUploadFile(files) {
      if (files.length === 0) return;
      if (files.length > 1) {
        set({ uploadError: reviewMessages.oneZipOnly });
        return;
      }
      const [file] = files as [File];
      if (!isZipFileName(file.name)) {
        set({ uploadError: reviewMessages.notZip(file.name) });
        return;
      }
      set({ uploadFile: file, uploadError: null });
    },
    removeUploadFile() {
      set({ uploadFile: null, uploadError: null });
    },
    async submitUpload() {
      const state = store.getSnapshot();
      if (isBusy()) return;
      const file = state.uploadFile;
      if (!file) {
        set({ uploadError: reviewMessages.noZip });
        return;
      }
      const at = generation;
      set({
        isUploadOpen: false,
        uploadFile: null,
        uploadError: null,
        request: 'upload',
        uploadProgress: 0,
        message: message('info', reviewMessages.uploadPending),
      });
      watchedFileId = null;
      try {
        const { data, error } = await uploadCodeReviewZip(client, file, {
          onProgress: (percent) => {
            if (at === generation) set({ uploadProgress: percent });
          },
        });
        if (at !== generation) return;
        if (!data) {
          set({
            request: null,
            uploadProgress: null,
            message: message('error', reviewMessages.uploadError, reasonOf(error)),
          });
          return;
        }
        listVersion++;
        const added: ReviewFile = {
          fileId: data.fileId,
          filename: data.name,
          status: data.status,
          ...(data.status === 'pending' ? { progress: { done: 0, total: 0 } } : {}),
        };
        store.setState((current) => {
          const files = [...current.files.filter((other) => other.fileId !== added.fileId), added];
          return {
            ...current,
            files,
            filter: '',
            page: lastReviewPage(files.length),
            request: null,
            uploadProgress: null,
          };
        });
        watchedFileId = data.fileId;
        followWatched();
        schedulePoll();
      } catch (error) {
        if (at !== generation) return;
        logger?.error('Uploading the zip failed', error);
        set({
          request: null,
          uploadProgress: null,
          message: message('error', reviewMessages.uploadError, reasonOf(error)),
        });
      }
    },
    async view(fileId) {
      const file = find(fileId);
      if (isBusy() || !file || !canViewReviewFile(file)) return;
      const at = generation;
      set({ request: 'view' });
      try {
        const review = await unwrap(client.POST('/api/file/file', { body: { fileId } }));
        if (at !== generation) return;
        set({ request: null, isUploadOpen: false, view: openReviewView(fileId, file.filename, review) });
        options.onViewOpened?.();
      } catch (error) {
        if (at !== generation) return;
        logger?.error('Fetching the review failed', error);
        set({ request: null, message: message('error', reviewMessages.viewError, reasonOf(error)) });
      }
    },
    closeView() {
      set({ view: null });
    },
    toggleExpanded(id) {
      set((state) => (state.view ? { view: toggleReviewNode(state.view, id) } : {}));
    },
    selectFunction(id) {
      set((state) => {
        if (!state.view) return {};
        const view = selectReviewFunction(state.view, id);
        return view === state.view ? {} : { view };
      });
    },
    async download(fileId) {
      const file = find(fileId);
      if (isBusy() || !file || !canDownloadReviewFile(file)) return;
      const at = generation;
      set({ request: 'download', message: message('info', reviewMessages.downloading) });
      try {
        const { data, error } = await downloadBlob(client, '/api/file/download', { fileId });
        if (at !== generation) return;
        if (!data) {
          logger?.error('Downloading the enhanced zip failed', error);
          set({ request: null, message: message('error', reviewMessages.downloadError, reasonOf(error)) });
          return;
        }
        const name = data.filename ?? `${file.filename.replace(/\.zip$/i, '')}-enhanced.zip`;
        options.saveFile?.(data.blob, name);
        set({ request: null, message: message('success', reviewMessages.downloaded) });
      } catch (error) {
        if (at !== generation) return;
        logger?.error('Downloading the enhanced zip failed', error);
        set({ request: null, message: message('error', reviewMessages.downloadError, reasonOf(error)) });
      }
    },
    async delete(fileId) {
      const file = find(fileId);
      if (isBusy() || !file || !canDeleteReviewFile(file)) return;
      const at = generation;
      set({ request: 'delete', message: message('info', reviewMessages.deleting) });
      try {
        await unwrap(client.POST('/api/file/delete', { body: { fileId } }));
        if (at !== generation) return;
        listVersion++;
        store.setState((state) => {
          const files = state.files.filter((other) => other.fileId !== fileId);
          // An empty page after a delete goes back one page (spec section 4).
          const shown = filterReviewFiles(files, state.filter).length;
          const page = Math.min(state.page, lastReviewPage(shown));
          return {
            ...state,
            files,
            page,
            request: null,
            message: message('success', reviewMessages.deleted),
            view: state.view?.fileId === fileId ? null : state.view,
          };
        });
      } catch (error) {
        if (at !== generation) return;
        logger?.error('Deleting the review file failed', error);
        set({ request: null, message: message('error', reviewMessages.deleteError, reasonOf(error)) });
      }
    },
    dismissMessage() {
      set({ message: null });
    },
  };
}

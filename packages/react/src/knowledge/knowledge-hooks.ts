/**
 * Hooks of the knowledge base: the File Status list (extension `GET /api/knowledge/documents`,
 * feature-detected, refreshing itself while documents are in progress), delete and re-ingest
 * (extensions), and the Train Bot upload (`POST /api/file/success`, with progress).
 */

import {
  clampPage,
  columnSortDirection,
  countDocumentsInProgress,
  createStore,
  createTrainingUploadStore,
  cycleSort,
  filePercents,
  hasPgaAccess,
  isDocumentInProgress,
  KNOWLEDGE_DEPARTMENTS,
  KNOWLEDGE_DOCUMENTS_PAGE_SIZE,
  KNOWLEDGE_POLL_INTERVAL_MS,
  type KnowledgeDocumentColumn,
  type KnowledgeDocumentCounts,
  type KnowledgeDocumentsView,
  knowledgeDocumentsPage,
  knowledgeDocumentsQuery,
  knowledgeMessages,
  type PaginationItem,
  pageCount,
  paginationWindow,
  type SortDirection,
  type SortState,
  TRAINING_FILE_ACCEPT,
  TRAINING_FILE_EXTENSIONS,
  TRAINING_FILE_FORMATS_TEXT,
  TRAINING_MAX_FILE_BYTES,
  TRAINING_MAX_FILES,
  type TrainingUploadLimits,
  type TrainingUploadState,
  UNSORTED,
} from '@digital-assistant/core';
import {
  type DigitalAssistantClient,
  type DigitalAssistantError,
  type ExtensionResult,
  isDigitalAssistantError,
  isErrorBody,
  type KnowledgeDepartment,
  type KnowledgeDocument,
  type KnowledgeDocumentList,
  type KnowledgeDocumentQuery,
  listKnowledgeDocuments,
  type RejectedUpload,
  unwrap,
  uploadTrainingFiles,
} from '@digital-assistant/sdk';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCoreContext } from '../core/context';
import { invalidate, queryKeys } from '../core/server-state';
import { useStore } from '../core/use-store';
import { useAppContext } from '../shell/app-context';

/**
 * The File Status list as the SDK's `listKnowledgeDocuments` answers it: `unsupported` on a server
 * without the extension; `total` and `counts` from a server that searches and pages.
 */
export type KnowledgeDocumentsData = ExtensionResult<KnowledgeDocumentList>;

/** Options of {@link knowledgeDocumentsQueryOptions} and `useKnowledgeDocuments`. */
export interface KnowledgeDocumentsOptions {
  /** How often (ms) to refresh while a document is queued or parsing. @default 2000 */
  pollIntervalMs?: number;
  /**
   * Search, sort and page asked of the server (extension parameters); a server without them
   * answers every document and no `total` (see `knowledgeDocumentsPage`). Without it: every document.
   */
  query?: KnowledgeDocumentQuery;
}

/** Whether a listing shows documents still in progress: by the server's counts, else by the rows. */
function isListInProgress(answer: KnowledgeDocumentsData | undefined): boolean {
  if (!answer || answer.unsupported) return false;
  if (answer.data.counts) return answer.data.counts.in_progress > 0;
  return answer.data.documents.some(isDocumentInProgress);
}

/**
 * The File Status list as TanStack Query options, shared by the hook and by prefetching: it refreshes
 * every `pollIntervalMs` while any document is queued or parsing, and stops once none is.
 * @example await queryClient.prefetchQuery(knowledgeDocumentsQueryOptions(client));
 */
export function knowledgeDocumentsQueryOptions(
  client: DigitalAssistantClient,
  { pollIntervalMs = KNOWLEDGE_POLL_INTERVAL_MS, query }: KnowledgeDocumentsOptions = {},
) {
  return queryOptions<KnowledgeDocumentsData, DigitalAssistantError>({
    queryKey: query ? [...queryKeys.knowledgeDocuments(), query] : queryKeys.knowledgeDocuments(),
    queryFn: () => listKnowledgeDocuments(client, query),
    refetchInterval: (current) => (isListInProgress(current.state.data) ? pollIntervalMs : false),
    refetchOnWindowFocus: false,
  });
}

/** What `useKnowledgeDocuments` returns. */
export type UseKnowledgeDocumentsResult = UseQueryResult<KnowledgeDocumentsData, DigitalAssistantError> & {
  documents: KnowledgeDocument[];
  /** `undefined` until the server has answered. */
  isSupported: boolean | undefined;
  /** Documents still queued or parsing (in the whole knowledge base when the server counts them). */
  inProgressCount: number;
  /** The list refreshes by itself (some document is in progress). */
  isPolling: boolean;
};

const noDocuments: KnowledgeDocument[] = [];

/**
 * The training documents and their status, most recently changed first (File Status), or the page
 * `query` asks for. While any is queued or parsing the list refreshes every 2 s by itself; it stops
 * once none is. A server without the extension gives `isSupported: false` and no documents.
 */
export function useKnowledgeDocuments(
  options: KnowledgeDocumentsOptions & { enabled?: boolean; keepPreviousPage?: boolean } = {},
): UseKnowledgeDocumentsResult {
  const { client } = useCoreContext('useKnowledgeDocuments');
  const query = useQuery({
    ...knowledgeDocumentsQueryOptions(client, options),
    enabled: options.enabled,
    // While the next page or search is fetched, the rows on show stay (no flash of 'Fetching...').
    ...(options.keepPreviousPage ? { placeholderData: keepPreviousData } : {}),
  });
  const documents = query.data?.data?.documents ?? noDocuments;
  const counted = query.data?.data?.counts?.in_progress;
  const inProgressCount = useMemo(() => counted ?? countDocumentsInProgress(documents), [counted, documents]);
  return {
    ...query,
    documents,
    isSupported: query.data ? !query.data.unsupported : undefined,
    inProgressCount,
    isPolling: inProgressCount > 0 && query.data?.unsupported === false,
  };
}

/** What {@link useKnowledgeDocumentsTable} returns: the page on show and the actions of the page's controls. */
export interface UseKnowledgeDocumentsTableResult {
  /** The documents of the current page, in order. */
  documents: KnowledgeDocument[];
  /** `undefined` until the server has answered; false without the File Status extension. */
  isSupported: boolean | undefined;
  /** Documents matching the search, on every page. */
  totalCount: number;
  /** The whole knowledge base: documents, ready, in progress. */
  counts: KnowledgeDocumentCounts;
  /** Documents queued or parsing: while any is, the list refreshes by itself. */
  inProgressCount: number;
  isPolling: boolean;
  /** No answer yet (first load). */
  isLoading: boolean;
  /** A request is out (a refresh, the next page, a search). */
  isFetching: boolean;
  error: DigitalAssistantError | null;
  /** When the rows on show were fetched (ms since the epoch), 0 before. */
  updatedAt: number;
  /** The server searched, sorted and paged; false when the page was made from a whole list. */
  isServerPaged: boolean;
  /** The search box's text (the list follows it after a short pause in typing). */
  search: string;
  setSearch: (search: string) => void;
  sort: SortState<KnowledgeDocumentColumn>;
  /** A column header press: ascending, descending, none (the server's order: latest change first). */
  toggleSort: (column: KnowledgeDocumentColumn) => void;
  directionOf: (column: KnowledgeDocumentColumn) => SortDirection;
  page: number;
  pageCount: number;
  /** Page buttons: first, last, 2 around the current, ellipses between. */
  pages: PaginationItem[];
  pageSize: number;
  setPage: (page: number) => void;
  /** Fetches the list again now. */
  refresh: () => Promise<unknown>;
}

/** Options of {@link useKnowledgeDocumentsTable}. */
export interface UseKnowledgeDocumentsTableOptions {
  /** @default 25 */
  pageSize?: number;
  /** @default 2000 */
  pollIntervalMs?: number;
  /** Pause (ms) after the last key typed in the search before the list follows. @default 250 */
  searchDelayMs?: number;
}

const noCounts: KnowledgeDocumentCounts = { documents: 0, ready: 0, inProgress: 0 };

/**
 * The File Status table of a knowledge base of any size: a search by name, a sort per column
 * (ascending, descending, none), pages of 25 and a refresh, asked of the server (extension
 * parameters) so only one page travels; from a server that answers its whole list instead, the same
 * page is made here. The page stays in range when documents go, and a new search or sort goes back
 * to page 1.
 * @example
 * const table = useKnowledgeDocumentsTable();
 * <input value={table.search} onChange={(e) => table.setSearch(e.target.value)} />
 */
export function useKnowledgeDocumentsTable(
  options: UseKnowledgeDocumentsTableOptions = {},
): UseKnowledgeDocumentsTableResult {
  const { pageSize = KNOWLEDGE_DOCUMENTS_PAGE_SIZE, pollIntervalMs, searchDelayMs = 250 } = options;
  const [store] = useState(() => createKnowledgeDocumentsTableStore());
  const state = useStore(store);
  const [search, setSearchNow] = useState(state.search);
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => store.setSearch(search), searchDelayMs);
    return () => clearTimeout(timer);
  }, [search, state.search, searchDelayMs, store]);
  const view: KnowledgeDocumentsView = useMemo(() => ({ ...state, pageSize }), [state, pageSize]);
  const query = useMemo(() => knowledgeDocumentsQuery(view), [view]);
  const list = useKnowledgeDocuments({ query, pollIntervalMs, keepPreviousPage: true });
  const { data } = list;
  const shown = useMemo(
    () => (data && !data.unsupported ? knowledgeDocumentsPage(data.data, view) : undefined),
    [data, view],
  );
  const totalCount = shown?.totalCount ?? 0;
  const count = pageCount(totalCount, pageSize);
  const page = clampPage(state.page, count);
  // Past the last page (its documents deleted, or a refresh found fewer): back to the last one.
  useEffect(() => {
    if (shown && !list.isPlaceholderData && page !== state.page) store.setPage(page);
  }, [shown, list.isPlaceholderData, page, state.page, store]);
  const { refetch } = list;
  return {
    documents: shown?.documents ?? [],
    isSupported: list.isSupported,
    totalCount,
    counts: shown?.counts ?? noCounts,
    inProgressCount: shown ? shown.counts.inProgress : 0,
    isPolling: list.isPolling,
    isLoading: list.isPending,
    isFetching: list.isFetching,
    error: list.error,
    updatedAt: list.dataUpdatedAt,
    isServerPaged: shown?.isServerPaged ?? false,
    search,
    setSearch: setSearchNow,
    sort: state.sort,
    toggleSort: store.toggleSort,
    directionOf: (column) => columnSortDirection(state.sort, column),
    page,
    pageCount: count,
    pages: paginationWindow(page, count),
    pageSize,
    setPage: (next) => store.setPage(clampPage(next, count)),
    refresh: useCallback(() => refetch(), [refetch]),
  };
}

interface KnowledgeDocumentsTableState {
  search: string;
  sort: SortState<KnowledgeDocumentColumn>;
  page: number;
}

/** The search, sort and page of the File Status table: a new search or sort starts at page 1. */
function createKnowledgeDocumentsTableStore() {
  const store = createStore<KnowledgeDocumentsTableState>({ search: '', sort: UNSORTED, page: 1 });
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    setSearch: (search: string) =>
      store.setState((state) => (state.search === search ? state : { ...state, search, page: 1 })),
    toggleSort: (column: KnowledgeDocumentColumn) =>
      store.setState((state) => ({ ...state, sort: cycleSort(state.sort, column), page: 1 })),
    setPage: (page: number) => store.setState((state) => (state.page === page ? state : { ...state, page })),
  };
}

/** A document as the delete and re-ingest hooks need it: its id, and its name for the messages. */
export type KnowledgeDocumentTarget = Pick<KnowledgeDocument, 'id' | 'document'>;

/** ' <the server's reason>' when the error carries one. */
function serverReason(error: DigitalAssistantError): string {
  return isErrorBody(error.cause) && error.cause.error.trim() ? ` ${error.cause.error.trim()}` : '';
}

/** Shows a re-ingested document's new state in every cached list, where it already is. */
function replaceDocument(queryClient: QueryClient, document: KnowledgeDocument): void {
  queryClient.setQueriesData<KnowledgeDocumentsData>(
    { queryKey: queryKeys.knowledgeDocuments() },
    (answer) =>
      answer && !answer.unsupported
        ? {
            ...answer,
            data: {
              ...answer.data,
              documents: answer.data.documents.map((other) => (other.id === document.id ? document : other)),
            },
          }
        : answer,
  );
}

/**
 * Deletes a training document, its chunks and its stored file (extension); ask for confirmation
 * first. Reports 'Successfully deleted {name}.' or 'Error deleting {name}.' with the server's
 * reason, and refreshes the list and the audit log.
 */
export function useDeleteKnowledgeDocument(): UseMutationResult<
  void,
  DigitalAssistantError,
  KnowledgeDocumentTarget
> {
  const { client, notices } = useCoreContext('useDeleteKnowledgeDocument');
  const queryClient = useQueryClient();
  return useMutation<void, DigitalAssistantError, KnowledgeDocumentTarget>({
    mutationFn: async ({ id }) => {
      await unwrap(client.POST('/api/knowledge/documents/delete', { body: { id } }));
    },
    onSuccess: (_, { id, document }) => {
      notices.push('success', knowledgeMessages.documentDeleted(document));
      queryClient.setQueriesData<KnowledgeDocumentsData>(
        { queryKey: queryKeys.knowledgeDocuments() },
        (answer) =>
          answer && !answer.unsupported
            ? {
                ...answer,
                data: { ...answer.data, documents: answer.data.documents.filter((other) => other.id !== id) },
              }
            : answer,
      );
      return invalidate(queryClient, queryKeys.knowledgeDocuments(), queryKeys.audit());
    },
    onError: (error, { document }) =>
      void notices.push('error', `${knowledgeMessages.deleteDocumentError(document)}${serverReason(error)}`),
  });
}

/**
 * Ingests a training document again from its stored file (extension); ask for confirmation first.
 * The row shows 'Queued' at once and the list refreshes until it is done. Reports '{name} is queued
 * for ingestion again.' or 'Error re-ingesting {name}.' with the server's reason.
 */
export function useReingestKnowledgeDocument(): UseMutationResult<
  KnowledgeDocument,
  DigitalAssistantError,
  KnowledgeDocumentTarget
> {
  const { client, notices } = useCoreContext('useReingestKnowledgeDocument');
  const queryClient = useQueryClient();
  return useMutation<KnowledgeDocument, DigitalAssistantError, KnowledgeDocumentTarget>({
    mutationFn: async ({ id }) =>
      (await unwrap(client.POST('/api/knowledge/documents/reingest', { body: { id } }))).document,
    onSuccess: (document) => {
      notices.push('success', knowledgeMessages.documentReingesting(document.document));
      replaceDocument(queryClient, document);
      return invalidate(queryClient, queryKeys.knowledgeDocuments(), queryKeys.audit());
    },
    onError: (error, { document }) =>
      void notices.push(
        'error',
        `${knowledgeMessages.reingestDocumentError(document)}${serverReason(error)}`,
      ),
  });
}

/** Options of {@link useTrainingUpload}. */
export interface UseTrainingUploadOptions extends TrainingUploadLimits {
  /** The server stored the files (e.g. close the upload window and open the success window). */
  onUploaded?: (result: NonNullable<TrainingUploadState['result']>) => void;
}

/** A department the person may choose for the upload. */
export interface TrainingDepartmentOption {
  id: KnowledgeDepartment;
  label: string;
}

/** What {@link useTrainingUpload} returns: the store's state, derived values and the actions. */
export interface UseTrainingUploadResult extends TrainingUploadState {
  /** Each chosen file's percentage, in the order of `files` (0 until the upload starts). */
  filePercents: number[];
  isUploading: boolean;
  /** Departments offered: PGA only to people with the PGA capability (spec section 5). */
  departmentOptions: readonly TrainingDepartmentOption[];
  /** For the file input's `accept`. */
  accept: string;
  acceptedExtensions: readonly string[];
  /** 'Supported formats: .jpg, .jpeg, ...' */
  formatsText: string;
  maxFileBytes: number;
  maxFiles: number;
  addFiles: (files: Iterable<File> | ArrayLike<File>) => void;
  removeFile: (id: string) => void;
  setDepartments: (departments: readonly KnowledgeDepartment[]) => void;
  dismissRejected: () => void;
  /**
   * Sends the files: with none chosen it only sets `submitError` ('Add at least one file to
   * upload.'). Resolves once the upload has ended (it never rejects: failures land in `error`).
   */
  submit: () => Promise<void>;
  /** Stops an upload in progress; the files stay chosen. */
  cancel: () => void;
  /** Closes the success window's result. */
  dismissResult: () => void;
  /** Starts over (a new upload window). */
  reset: () => void;
}

/** The files an upload error names as not stored (the reference server's `details.rejected`). */
function rejectedOf(error: unknown): RejectedUpload[] {
  const details = isErrorBody(error) ? error.details : undefined;
  const rejected = (details as { rejected?: unknown } | undefined)?.rejected;
  return Array.isArray(rejected)
    ? rejected.filter(
        (entry): entry is RejectedUpload =>
          typeof entry === 'object' && entry !== null && typeof entry.name === 'string',
      )
    : [];
}

/**
 * The Train Bot upload: choose files (checked as they are added, refused ones listed with their
 * reason), the departments that may read them, then Submit. Progress is reported per file and for
 * the whole upload as percentages. On success the File Status list and the audit log are refreshed
 * and `onUploaded` is called; files the server refused are in `result.rejected`.
 * @example
 * const upload = useTrainingUpload({ onUploaded: () => setWindow('success') });
 * <input type="file" multiple accept={upload.accept} onChange={(e) => upload.addFiles(e.target.files!)} />
 */
export function useTrainingUpload(options: UseTrainingUploadOptions = {}): UseTrainingUploadResult {
  const { client, logger } = useCoreContext('useTrainingUpload');
  const { session } = useAppContext('useTrainingUpload');
  const queryClient = useQueryClient();
  const { maxFileBytes = TRAINING_MAX_FILE_BYTES, maxFiles = TRAINING_MAX_FILES } = options;
  const [store] = useState(() => createTrainingUploadStore({ maxFileBytes, maxFiles }));
  const state = useStore(store);
  const { user, features } = useStore(session);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const submit = useCallback(async () => {
    const files = store.begin();
    if (!files) return;
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { data, error } = await uploadTrainingFiles(
        client,
        files.map((entry) => entry.file),
        {
          fields: { department: [...store.getSnapshot().departments] },
          onProgress: store.setProgress,
          signal: controller.signal,
        },
      );
      if (data) {
        store.succeed(data);
        void invalidate(queryClient, queryKeys.knowledgeDocuments(), queryKeys.audit());
        const { result } = store.getSnapshot();
        if (result) latest.current.onUploaded?.(result);
        return;
      }
      const reason = isErrorBody(error) && error.error.trim() ? `: ${error.error.trim()}` : '.';
      store.fail(`${knowledgeMessages.uploadError}${reason}`, rejectedOf(error));
    } catch (thrown) {
      if (isDigitalAssistantError(thrown) && thrown.code === 'aborted') {
        store.cancel();
        return;
      }
      logger.error('Training upload failed', thrown);
      store.fail(`${knowledgeMessages.uploadError}.`);
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }, [client, logger, queryClient, store]);

  const percents = useMemo(
    () =>
      state.progress === null
        ? state.files.map(() => 0)
        : filePercents(
            state.files.map((entry) => entry.size),
            state.progress,
          ),
    [state.files, state.progress],
  );
  const canReadPga = hasPgaAccess(user, features);
  const departmentOptions = useMemo(
    () => KNOWLEDGE_DEPARTMENTS.filter((department) => department.id !== 'pga' || canReadPga),
    [canReadPga],
  );
  return {
    ...state,
    filePercents: percents,
    isUploading: state.status === 'uploading',
    departmentOptions,
    accept: TRAINING_FILE_ACCEPT,
    acceptedExtensions: TRAINING_FILE_EXTENSIONS,
    formatsText: TRAINING_FILE_FORMATS_TEXT,
    maxFileBytes,
    maxFiles,
    addFiles: store.addFiles,
    removeFile: store.removeFile,
    setDepartments: store.setDepartments,
    dismissRejected: store.dismissRejected,
    submit,
    cancel: () => abort.current?.abort(),
    dismissResult: store.dismissResult,
    reset: store.reset,
  };
}

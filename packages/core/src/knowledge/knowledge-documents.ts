/**
 * Rules of the File Status page (spec "Status page" and "Status cell"): which documents are still in
 * the ingestion pipeline (so the list keeps refreshing), how a status cell is styled, which
 * documents re-ingesting can change, how departments are named, and the page of a search and sort
 * (asked of the server, or made here from a server's whole list). Pure functions over the
 * contract's `KnowledgeDocument`.
 */
import type {
  KnowledgeDepartment,
  KnowledgeDocument,
  KnowledgeDocumentQuery,
  KnowledgeDocumentSort,
} from '@digital-assistant/sdk';
import { pageCount, pageSlice } from '../tables/pagination';
import { type SortState, sortRows } from '../tables/sort';

/** How often (ms) the File Status list refreshes while a document is queued or parsing. */
export const KNOWLEDGE_POLL_INTERVAL_MS = 2000;

/** A File Status row: at least the spec's `document` and `status`; the other fields are extensions. */
export type KnowledgeDocumentRow = Pick<KnowledgeDocument, 'document' | 'status'> &
  Partial<Omit<KnowledgeDocument, 'document' | 'status'>>;

/** The statuses a server without `state` uses for documents still in the pipeline. */
const IN_PROGRESS_STATUSES = new Set(['queued', 'parsing']);

/**
 * Whether a document is still being ingested (queued or parsing): by its `state`, or by its status
 * text on a server that sends only `{ document, status }`.
 */
export function isDocumentInProgress(document: KnowledgeDocumentRow): boolean {
  if (document.state) return document.state === 'queued' || document.state === 'parsing';
  return IN_PROGRESS_STATUSES.has(document.status.trim().toLowerCase());
}

/** How many documents are still being ingested. */
export function countDocumentsInProgress(documents: readonly KnowledgeDocumentRow[]): number {
  return documents.filter(isDocumentInProgress).length;
}

/**
 * How long until the list should refresh by itself: `intervalMs` while any document is queued or
 * parsing, `false` (no polling) once none is.
 */
export function documentsRefetchInterval(
  documents: readonly KnowledgeDocumentRow[] | undefined,
  intervalMs: number = KNOWLEDGE_POLL_INTERVAL_MS,
): number | false {
  return documents?.some(isDocumentInProgress) ? intervalMs : false;
}

/** The spec's status cell: 'Ready' is styled ready, anything else not ready. */
export type StatusCellState = 'ready' | 'not-ready';

/** The spec's status cell rule: exactly 'Ready' is ready; anything else ('ready', 'Queued', 'Failed'...) is not. */
export function statusCellState(status: string): StatusCellState {
  return status === 'Ready' ? 'ready' : 'not-ready';
}

/**
 * What a status tells a person, for its colour: `ready`; `progress` (queued, parsing); `info`
 * (kept with no text to index: nothing went wrong); `action` (a legacy .ppt to convert); `error`
 * (failed, or anything else not ready).
 */
export type StatusTone = 'ready' | 'progress' | 'info' | 'action' | 'error';

/** The tone of a document's status, by its `state`, or by its status text on a server without one. */
export function documentStatusTone(document: KnowledgeDocumentRow): StatusTone {
  if (statusCellState(document.status) === 'ready') return 'ready';
  if (isDocumentInProgress(document)) return 'progress';
  const state = document.state ?? document.status.trim().toLowerCase();
  if (state === 'no_text' || state === 'no text to index') return 'info';
  if (state === 'unsupported_legacy' || state === 'convert to .pptx') return 'action';
  return 'error';
}

/**
 * Whether ingesting a document again can change anything: not while it is in progress, and not
 * for a file that has no text to index (an image, a video, a scan) or a legacy .ppt (it needs
 * converting and uploading again), which would end the same way.
 */
export function canReingestDocument(document: KnowledgeDocumentRow): boolean {
  if (document.id === undefined || isDocumentInProgress(document)) return false;
  const tone = documentStatusTone(document);
  return tone !== 'info' && tone !== 'action';
}

/** The departments a training document can be visible to, in the spec's order, with their names. */
export const KNOWLEDGE_DEPARTMENTS: readonly { id: KnowledgeDepartment; label: string }[] = [
  { id: 'knowledge', label: 'Knowledge' },
  { id: 'it', label: 'IT' },
  { id: 'devops_preprod', label: 'DevOps' },
  { id: 'cs_preprod', label: 'CS' },
  { id: 'pga', label: 'PGA' },
  { id: 'education', label: 'Education' },
];

/** The department everyone reads: a document visible to Knowledge is visible to every department. */
export const EVERY_DEPARTMENT: KnowledgeDepartment = 'knowledge';

/** A department's name as people know it ('DevOps' for `devops_preprod`); unknown codes as they are. */
export function departmentLabel(department: string): string {
  return KNOWLEDGE_DEPARTMENTS.find((entry) => entry.id === department)?.label ?? department;
}

/** The departments a document is visible to, named: 'All departments' for Knowledge. */
export function departmentsLabel(departments: readonly string[] | undefined): string {
  if (!departments || departments.length === 0 || departments.includes(EVERY_DEPARTMENT)) {
    return 'All departments';
  }
  return departments.map(departmentLabel).join(', ');
}

/** A File Status column people sort by (the server's `sort` values). */
export type KnowledgeDocumentColumn = KnowledgeDocumentSort;

/** The File Status columns in the page's order, with their headers. */
export const KNOWLEDGE_DOCUMENT_COLUMNS: readonly { id: KnowledgeDocumentColumn; label: string }[] = [
  { id: 'document', label: 'Document' },
  { id: 'status', label: 'Status' },
  { id: 'departments', label: 'Departments' },
  { id: 'updated_at', label: 'Updated' },
  { id: 'reason', label: 'Reason' },
];

/** Rows per File Status page, as the Users page. */
export const KNOWLEDGE_DOCUMENTS_PAGE_SIZE = 25;

/** What a File Status page shows: a name search, a sort and a page. */
export interface KnowledgeDocumentsView {
  /** Text the names must contain (ignoring case); blank for every document. */
  search: string;
  sort: SortState<KnowledgeDocumentColumn>;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** The server's query for a view (its search trimmed, no sort for the server's own order). */
export function knowledgeDocumentsQuery(view: KnowledgeDocumentsView): KnowledgeDocumentQuery {
  const search = view.search.trim();
  const isSorted = view.sort.column !== null && view.sort.direction !== 'none';
  return {
    ...(search ? { q: search.slice(0, 200) } : {}),
    ...(isSorted
      ? { sort: view.sort.column!, order: view.sort.direction === 'descending' ? 'desc' : 'asc' }
      : {}),
    limit: view.pageSize,
    offset: (Math.max(1, view.page) - 1) * view.pageSize,
  };
}

/** The whole knowledge base counted. */
export interface KnowledgeDocumentCounts {
  documents: number;
  ready: number;
  inProgress: number;
}

/** One page of the File Status list, however the server answered. */
export interface KnowledgeDocumentsPage {
  /** The page's documents, in order. */
  documents: KnowledgeDocument[];
  /** Documents matching the search, on every page. */
  totalCount: number;
  counts: KnowledgeDocumentCounts;
  /** The server searched, sorted and paged (its answer had `total`); else this page was made here. */
  isServerPaged: boolean;
}

/** The value a column sorts by, as the page shows it. */
function sortValue(document: KnowledgeDocument, column: KnowledgeDocumentColumn): string | null {
  if (column === 'departments') return departmentsLabel(document.departments);
  if (column === 'document') return document.document;
  if (column === 'status') return document.status;
  if (column === 'reason') return document.reason?.trim() || null;
  return document.updated_at ?? null;
}

/**
 * The page of `view` in a server's answer: as it is when the server paged it (`total` present),
 * else searched, sorted and sliced here from the whole list a server without the extension sent
 * (the Users page's rules: empty cells last, 'none' keeps the server's order).
 */
export function knowledgeDocumentsPage(
  answer: {
    documents: KnowledgeDocument[];
    total?: number;
    counts?: { documents: number; ready: number; in_progress: number };
  },
  view: KnowledgeDocumentsView,
): KnowledgeDocumentsPage {
  if (typeof answer.total === 'number') {
    const counts = answer.counts;
    return {
      documents: answer.documents,
      totalCount: answer.total,
      counts: counts
        ? { documents: counts.documents, ready: counts.ready, inProgress: counts.in_progress }
        : countDocuments(answer.documents),
      isServerPaged: true,
    };
  }
  const search = view.search.trim().toLowerCase();
  const matching = search
    ? answer.documents.filter((document) => document.document.toLowerCase().includes(search))
    : answer.documents;
  const keyed = matching.map((document) => ({
    row: document,
    ...Object.fromEntries(KNOWLEDGE_DOCUMENT_COLUMNS.map(({ id }) => [id, sortValue(document, id)])),
  })) as Array<{ row: KnowledgeDocument } & Record<KnowledgeDocumentColumn, string | null>>;
  const sorted = sortRows(keyed, view.sort).map(({ row }) => row);
  const page = Math.min(Math.max(1, view.page), pageCount(sorted.length, view.pageSize));
  return {
    documents: pageSlice(sorted, page, view.pageSize),
    totalCount: sorted.length,
    counts: countDocuments(answer.documents),
    isServerPaged: false,
  };
}

function countDocuments(documents: readonly KnowledgeDocument[]): KnowledgeDocumentCounts {
  return {
    documents: documents.length,
    ready: documents.filter((document) => statusCellState(document.status) === 'ready').length,
    inProgress: countDocumentsInProgress(documents),
  };
}

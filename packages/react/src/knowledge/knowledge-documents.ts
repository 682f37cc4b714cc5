/**
 * Rules of the File Status page (spec "Status page" and "Status cell"): which documents are still in
 * the ingestion pipeline (so the list keeps refreshing), how a status cell is styled, and how
 * departments are named. Pure functions over the contract's `KnowledgeDocument`.
 */
import type { KnowledgeDepartment, KnowledgeDocument } from '@digital-assistant/sdk';

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

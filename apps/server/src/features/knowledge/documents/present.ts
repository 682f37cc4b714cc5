// How a document looks in the contract (`KnowledgeDocument`): the spec's `document` and `status`
// ('Ready' exactly for a document that answers questions) plus the File Status extension fields.
import type { components } from '../../../generated/contract.js';
import type { DocumentStatus, KnowledgeDocument } from '../store.js';

export type ApiKnowledgeDocument = components['schemas']['KnowledgeDocument'];

/** The readable status of each state; the spec's status cell styles only 'Ready' as ready. */
export const STATUS_LABELS: Record<DocumentStatus, string> = {
  queued: 'Queued',
  parsing: 'Parsing',
  ready: 'Ready',
  no_text: 'No text to index',
  failed: 'Failed',
  unsupported_legacy: 'Convert to .pptx',
};

export function presentDocument(document: KnowledgeDocument): ApiKnowledgeDocument {
  return {
    document: document.name,
    status: STATUS_LABELS[document.status],
    id: document.id,
    state: document.status,
    departments: document.departments,
    size: document.size,
    updated_at: document.updatedAt.toISOString(),
    reason: document.reason,
    chunk_count: document.chunkCount,
  };
}

// The knowledge base: training uploads, their ingestion, File Status, the original files and the
// passage pages, and retrieval (full text, hybrid with embeddings) for the knowledge chat.
export {
  ALL_DEPARTMENTS_LABEL,
  canReadDepartment,
  DEPARTMENT_LABELS,
  DEPARTMENTS,
  type Department,
  type Viewer,
} from './departments.js';
export { citationLink } from './documents/passage-view.js';
export {
  ATTACHMENT_EXTENSIONS,
  type AttachmentPassage,
  type AttachmentReader,
  type AttachmentReading,
  createAttachmentReader,
} from './ingestion/attachment.js';
export { createKnowledgeModule, type KnowledgeModuleOptions, knowledgeModule } from './module.js';
export {
  type KnowledgeHit,
  type SearchOptions,
  searchKnowledge,
  type VectorRetriever,
} from './retrieval/search.js';
export { KnowledgeVectors, type KnowledgeVectorsOptions } from './retrieval/vectors.js';

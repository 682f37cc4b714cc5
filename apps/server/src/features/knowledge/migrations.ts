// The knowledge module's tables: documents (one row per uploaded file, with its ingestion status)
// and their chunks, indexed for PostgreSQL full-text search. Answers read only the chunks of a
// document's current `generation`; re-ingestion writes a new generation and switches to it in one
// transaction, so a search never mixes old and new chunks of a document. The current generation
// keeps the departments it was indexed with (`indexed_departments`) while a re-upload for other
// departments waits to be ingested.
import type { Migration } from '../../platform/modules.js';
import { DEPARTMENTS } from './departments.js';

const departmentList = DEPARTMENTS.map((department) => `'${department}'`).join(', ');

export const knowledgeMigrations: Migration[] = [
  {
    version: 1,
    name: 'knowledge documents and chunks',
    sql: `
CREATE TABLE knowledge_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- A re-upload of the same file name replaces the document (and, once ingested, its chunks).
  name text NOT NULL UNIQUE CHECK (length(btrim(name)) > 0),
  extension text NOT NULL,
  departments text[] NOT NULL
    CHECK (cardinality(departments) > 0 AND departments <@ ARRAY[${departmentList}]::text[]),
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL,
  -- The stored bytes (platform blobs).
  blob_id uuid,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'parsing', 'ready', 'no_text', 'failed', 'unsupported_legacy')),
  -- Why the document is not ready, in words a person can act on.
  reason text,
  -- Bumped by every upload or re-ingest request: an ingestion lands only for the version it read.
  version integer NOT NULL DEFAULT 1,
  -- The generation of chunks that answers read.
  generation integer NOT NULL DEFAULT 0,
  chunk_count integer NOT NULL DEFAULT 0,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX knowledge_documents_departments_idx ON knowledge_documents USING gin (departments);
CREATE INDEX knowledge_documents_status_idx ON knowledge_documents (status, updated_at);

CREATE TABLE knowledge_chunks (
  document_id uuid NOT NULL REFERENCES knowledge_documents (id) ON DELETE CASCADE,
  generation integer NOT NULL,
  ordinal integer NOT NULL,
  heading_path text[] NOT NULL DEFAULT '{}',
  page integer,
  slide integer,
  -- The document's title and heading path as text, weighted above the body in search.
  title text NOT NULL DEFAULT '',
  heading text NOT NULL DEFAULT '',
  text text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', heading), 'A') ||
    setweight(to_tsvector('english', title), 'B') ||
    setweight(to_tsvector('english', text), 'D')
  ) STORED,
  PRIMARY KEY (document_id, generation, ordinal)
);
CREATE INDEX knowledge_chunks_tsv_idx ON knowledge_chunks USING gin (tsv);
`,
  },
  {
    version: 2,
    name: 'knowledge module state (demo set seeded once)',
    sql: `
-- Facts about the module itself, e.g. that the demo set was seeded (so deleting every demo document
-- does not bring them back at the next start).
CREATE TABLE knowledge_state (
  key text PRIMARY KEY,
  value jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    version: 3,
    name: 'knowledge search: index without a pending list, headings apart',
    sql: `
-- A GIN pending list is merged only by (auto)vacuum, which PGlite never runs: until then the
-- planner prices the index out and every search scans the whole chunks table.
ALTER INDEX knowledge_chunks_tsv_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('knowledge_chunks_tsv_idx'::regclass);
-- The heading path (A) and title (B) alone: partial matches check which stems are in a heading
-- on this small vector instead of decoding the whole chunk's.
ALTER TABLE knowledge_chunks ADD COLUMN heading_tsv tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', title), 'B')
) STORED;
`,
  },
  {
    version: 4,
    name: 'knowledge index: pending list emptied after each ingestion',
    // A document's chunks go to the index's pending list in their transaction, and recordOutcome
    // empties it right after (gin_clean_pending_list): one bulk merge per document instead of one
    // index insertion per word, about a third less work per document on PGlite, and searches still
    // find no pending list to scan once the ingestion has landed.
    sql: `ALTER INDEX knowledge_chunks_tsv_idx SET (fastupdate = on);`,
  },
  {
    version: 5,
    name: 'knowledge index: the chunk vectors written by the ingestion',
    // The same vectors as before, now written by recordOutcome, so they can come from the parse
    // thread (text-vector.ts) instead of the database.
    sql: `ALTER TABLE knowledge_chunks ALTER COLUMN tsv DROP EXPRESSION;
ALTER TABLE knowledge_chunks ALTER COLUMN heading_tsv DROP EXPRESSION;`,
  },
  {
    version: 6,
    name: 'knowledge chunks keep the departments they were indexed with',
    // A re-upload changes `departments` at once, while the previous generation keeps answering until
    // the new one lands: its visibility must stay the one it was indexed with, or a PGA-only
    // document re-uploaded for other departments answers them from its PGA passages meanwhile.
    // Landing sets it with the generation. Only a ready document is known to answer from the
    // version whose departments it holds; any other keeps whatever chunks it has hidden (NULL)
    // until its next landing.
    sql: `ALTER TABLE knowledge_documents ADD COLUMN indexed_departments text[];
UPDATE knowledge_documents SET indexed_departments = departments WHERE status = 'ready';`,
  },
  {
    version: 7,
    name: 'example questions of each department’s empty chat',
    // A row only for a department whose questions an administrator set; the others offer defaults.
    sql: `CREATE TABLE knowledge_starter_questions (
  department text PRIMARY KEY,
  questions text[] NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);`,
  },
];

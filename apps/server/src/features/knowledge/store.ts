// Storage queries of the knowledge module: documents with their ingestion status, and the atomic
// switch of a document's chunks. Plain SQL against `Queryable`, the same on PGlite and PostgreSQL.
import type { Db, Queryable } from '../../platform/db/db.js';
import {
  ALL_DEPARTMENTS_LABEL,
  DEPARTMENT_LABELS,
  type Department,
  EVERY_DEPARTMENT,
} from './departments.js';
import { STATUS_LABELS } from './documents/present.js';
import { type Chunk, chunkHeading } from './ingestion/chunk.js';
import { tsvectorArray } from './ingestion/text-vector.js';

export const DOCUMENT_STATUSES = [
  'queued',
  'parsing',
  'ready',
  'no_text',
  'failed',
  'unsupported_legacy',
] as const;

export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export interface KnowledgeDocument {
  id: string;
  name: string;
  extension: string;
  departments: Department[];
  size: number;
  sha256: string;
  blobId: string | null;
  status: DocumentStatus;
  reason: string | null;
  version: number;
  generation: number;
  chunkCount: number;
  uploadedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface DocumentRow {
  id: string;
  name: string;
  extension: string;
  departments: Department[];
  size: string | number;
  sha256: string;
  blob_id: string | null;
  status: DocumentStatus;
  reason: string | null;
  version: number;
  generation: number;
  chunk_count: number;
  uploaded_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, name, extension, departments, size, sha256, blob_id, status, reason, version, generation,
  chunk_count, uploaded_by, created_at, updated_at`;

function toDocument(row: DocumentRow): KnowledgeDocument {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    departments: row.departments,
    size: Number(row.size),
    sha256: row.sha256,
    blobId: row.blob_id,
    status: row.status,
    reason: row.reason,
    version: row.version,
    generation: row.generation,
    chunkCount: row.chunk_count,
    uploadedBy: row.uploaded_by,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export interface NewDocument {
  name: string;
  extension: string;
  departments: Department[];
  size: number;
  sha256: string;
  blobId?: string | null;
  uploadedBy?: string | null;
}

/**
 * Records an upload as a queued document. A document of the same name is replaced: its
 * departments, bytes and version change at once, while its current chunks keep answering until the
 * new version's ingestion switches them (in the departments they were indexed with, to those who
 * may read the new departments too: see `visibleDocument` in search.ts). Returns the document with
 * the version to ingest, and the blob it held before (for the caller to delete once nothing refers
 * to it).
 */
export async function upsertDocument(
  db: Queryable,
  document: NewDocument,
): Promise<{ document: KnowledgeDocument; previousBlobId: string | null }> {
  const { rows } = await db.query<DocumentRow & { previous_blob_id: string | null }>(
    `WITH previous AS (SELECT blob_id FROM knowledge_documents WHERE name = $1)
     INSERT INTO knowledge_documents (name, extension, departments, size, sha256, blob_id, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (name) DO UPDATE SET
       extension = EXCLUDED.extension, departments = EXCLUDED.departments, size = EXCLUDED.size,
       sha256 = EXCLUDED.sha256, blob_id = EXCLUDED.blob_id, uploaded_by = EXCLUDED.uploaded_by,
       status = 'queued', reason = NULL, version = knowledge_documents.version + 1, updated_at = now()
     RETURNING ${COLUMNS}, (SELECT blob_id FROM previous) AS previous_blob_id`,
    [
      document.name,
      document.extension,
      document.departments,
      document.size,
      document.sha256,
      document.blobId ?? null,
      document.uploadedBy ?? null,
    ],
    { name: 'knowledge_upsert_document' },
  );
  const row = rows[0]!;
  const previousBlobId =
    row.previous_blob_id && row.previous_blob_id !== row.blob_id ? row.previous_blob_id : null;
  return { document: toDocument(row), previousBlobId };
}

export async function findDocument(db: Queryable, id: string): Promise<KnowledgeDocument | undefined> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${COLUMNS} FROM knowledge_documents WHERE id = $1`, [
    id,
  ]);
  return rows[0] ? toDocument(rows[0]) : undefined;
}

/** A File Status column the list sorts by. */
export type DocumentSort = 'document' | 'status' | 'departments' | 'updated_at' | 'reason';

/** What the File Status page asks of the list: a name search, a sort and a page. */
export interface DocumentQuery {
  /** Only names containing this text, ignoring case. */
  search?: string;
  /** Without it: the most recently changed first. */
  sort?: DocumentSort;
  /** @default 'asc' with `sort` */
  order?: 'asc' | 'desc';
  /** At most this many; all without it. */
  limit?: number;
  offset?: number;
}

/** The whole knowledge base counted, whatever a search matched. */
export interface DocumentCounts {
  documents: number;
  ready: number;
  inProgress: number;
}

const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The status as the page shows it, for sorting by what people read. */
const STATUS_TEXT = `CASE status ${DOCUMENT_STATUSES.map(
  (status) => `WHEN '${status}' THEN ${sqlText(STATUS_LABELS[status])}`,
).join(' ')} END`;

/** The departments as the page names them: 'All departments' for knowledge, else the names in order. */
const DEPARTMENTS_TEXT = `CASE WHEN '${EVERY_DEPARTMENT}' = ANY(departments) THEN ${sqlText(ALL_DEPARTMENTS_LABEL)}
  ELSE array_to_string(ARRAY(
    SELECT CASE department ${Object.entries(DEPARTMENT_LABELS)
      .map(([department, label]) => `WHEN '${department}' THEN ${sqlText(label)}`)
      .join(' ')} ELSE department END
    FROM unnest(departments) WITH ORDINALITY AS listed (department, position) ORDER BY position), ', ') END`;

/**
 * The documents matching `query`, sorted and paged, with how many match. Sorting is by what the
 * page shows (status and department names, given by the caller), case-insensitively, ties by name
 * then id so pages never overlap; a sort by reason puts documents without one last either way.
 */
export async function listDocuments(
  db: Queryable,
  query: DocumentQuery = {},
): Promise<{ documents: KnowledgeDocument[]; total: number }> {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const keys: Record<DocumentSort, string> = {
    document: `lower(name) ${direction}`,
    status: `lower(${STATUS_TEXT}) ${direction}`,
    departments: `lower(${DEPARTMENTS_TEXT}) ${direction}`,
    updated_at: `updated_at ${direction}`,
    reason: `(reason IS NULL OR btrim(reason) = '') ASC, lower(reason) ${direction}`,
  };
  const order = query.sort ? `${keys[query.sort]}, lower(name), id` : 'updated_at DESC, lower(name), id';
  const search = query.search?.trim() ?? '';
  const parameters: unknown[] = [];
  const where = search ? `WHERE strpos(lower(name), lower($${parameters.push(search)})) > 0` : '';
  const page =
    query.limit !== undefined
      ? ` LIMIT $${parameters.push(query.limit)} OFFSET $${parameters.push(query.offset ?? 0)}`
      : '';
  const { rows } = await db.query<DocumentRow & { total: string | number }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM knowledge_documents ${where} ORDER BY ${order}${page}`,
    parameters,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && query.offset) {
    const counted = await db.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM knowledge_documents ${where}`,
      parameters.slice(0, search ? 1 : 0),
    );
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { documents: rows.map(toDocument), total };
}

/** How many documents there are, ready and in progress. */
export async function countDocuments(db: Queryable): Promise<DocumentCounts> {
  const { rows } = await db.query<{
    documents: string | number;
    ready: string | number;
    in_progress: string | number;
  }>(
    `SELECT count(*) AS documents, count(*) FILTER (WHERE status = 'ready') AS ready,
       count(*) FILTER (WHERE status IN ('queued', 'parsing')) AS in_progress
     FROM knowledge_documents`,
  );
  const row = rows[0];
  return {
    documents: Number(row?.documents ?? 0),
    ready: Number(row?.ready ?? 0),
    inProgress: Number(row?.in_progress ?? 0),
  };
}

/** Queues a document again (re-ingest): a new version, so a running ingestion of the old one cannot land. */
export async function requeueDocument(db: Queryable, id: string): Promise<KnowledgeDocument | undefined> {
  const { rows } = await db.query<DocumentRow>(
    `UPDATE knowledge_documents SET status = 'queued', reason = NULL, version = version + 1, updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0] ? toDocument(rows[0]) : undefined;
}

/** Deletes a document and its chunks; returns it (with its blob id) when it existed. */
export async function deleteDocument(db: Queryable, id: string): Promise<KnowledgeDocument | undefined> {
  const { rows } = await db.query<DocumentRow>(
    `DELETE FROM knowledge_documents WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0] ? toDocument(rows[0]) : undefined;
}

/**
 * Marks the document as being parsed, whatever its version (the ingestion job takes the current
 * one), and answers it; undefined when it was deleted. One statement instead of a read and a write.
 */
export async function startParsing(db: Queryable, id: string): Promise<KnowledgeDocument | undefined> {
  const { rows } = await db.query<DocumentRow>(
    `UPDATE knowledge_documents SET status = 'parsing', reason = NULL, updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
    { name: 'knowledge_start_parsing' },
  );
  return rows[0] ? toDocument(rows[0]) : undefined;
}

/** Marks the version as being parsed; false when a newer upload or re-ingest superseded it. */
export async function markParsing(db: Queryable, id: string, version: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE knowledge_documents SET status = 'parsing', reason = NULL, updated_at = now()
     WHERE id = $1 AND version = $2`,
    [id, version],
  );
  return rowCount > 0;
}

/** Marks the version failed with a reason (e.g. when its job gave up); false when superseded. */
export async function markFailed(
  db: Queryable,
  id: string,
  version: number,
  reason: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE knowledge_documents SET status = 'failed', reason = $3, updated_at = now()
     WHERE id = $1 AND version = $2`,
    [id, version, reason],
  );
  return rowCount > 0;
}

export interface IngestionOutcome {
  documentId: string;
  /** The version that was parsed. */
  version: number;
  status: Exclude<DocumentStatus, 'queued' | 'parsing'>;
  reason?: string | null;
  /** The chunks to answer from (none unless the status is ready). */
  chunks: readonly Chunk[];
  /** Document title stored beside each chunk for search. */
  title: string;
}

const INSERT_BATCH = 500;

// PGlite runs no autovacuum, so nothing refreshes the planner's statistics: without them it
// misjudges how many chunks a search term matches and scans instead of using the GIN index.
// Re-analyse after enough chunks changed (PostgreSQL's autovacuum does this by itself).
const changedSinceAnalyze = new WeakMap<Db, number>();

async function refreshStatistics(db: Db, changedChunks: number): Promise<void> {
  if (db.kind !== 'pglite') return;
  const changed = (changedSinceAnalyze.get(db) ?? Number.POSITIVE_INFINITY) + changedChunks;
  // Under 200 changed chunks nothing is re-analysed whatever the total: no need to count them.
  if (changed < 200) {
    changedSinceAnalyze.set(db, changed);
    return;
  }
  const { rows } = await db.query<{ total: string }>(
    'SELECT coalesce(sum(chunk_count), 0) AS total FROM knowledge_documents',
  );
  if (changed < Number(rows[0]?.total ?? 0) * 0.2) {
    changedSinceAnalyze.set(db, changed);
    return;
  }
  await db.exec('ANALYZE knowledge_documents; ANALYZE knowledge_chunks');
  changedSinceAnalyze.set(db, 0);
}

/**
 * The index's upkeep after chunks land: their pending list merged into the GIN index (migration 4)
 * and, on PGlite, the statistics refreshed. Searches find landed chunks at once either way (a GIN
 * scan reads its pending list too); the merge only keeps them fast.
 */
async function maintainIndex(db: Db, changedChunks: number, merge: boolean): Promise<void> {
  if (merge)
    await db.asyncCommit.query("SELECT gin_clean_pending_list('knowledge_chunks_tsv_idx'::regclass)");
  await refreshStatistics(db, changedChunks);
}

interface DeferredUpkeep {
  log?: { warn(object: object, message: string): void };
  timer?: NodeJS.Timeout;
  /** When the oldest landing not yet merged landed (ms since the epoch). */
  since?: number;
  changed: number;
  merge: boolean;
  running: Promise<void>;
}

/** How long the upkeep waits for the next landing, and at most after the first one not merged. */
export const INDEX_UPKEEP_IDLE_MS = 250;
export const INDEX_UPKEEP_MAX_DELAY_MS = 2_000;

const deferredUpkeep = new WeakMap<Db, DeferredUpkeep>();

/**
 * From now on the index's upkeep after a landing waits until landings pause (INDEX_UPKEEP_IDLE_MS,
 * at most INDEX_UPKEEP_MAX_DELAY_MS): a batch of uploads is merged and analysed once instead of once
 * per document (about a third of the GIN merge's cost per document at ten documents a merge, and
 * most of ANALYZE's). The ingestion worker turns it on while it runs; `stopDeferringIndexUpkeep`
 * runs what waits and goes back to upkeep right after each landing.
 */
export function deferIndexUpkeep(db: Db, log?: DeferredUpkeep['log']): void {
  let upkeep = deferredUpkeep.get(db);
  if (!upkeep) {
    upkeep = { changed: 0, merge: false, running: Promise.resolve() };
    deferredUpkeep.set(db, upkeep);
    // Whatever a crash left in the pending list is merged too.
    scheduleUpkeep(db, upkeep, 0, true);
  }
  if (log) upkeep.log = log;
}

export async function stopDeferringIndexUpkeep(db: Db): Promise<void> {
  const upkeep = deferredUpkeep.get(db);
  if (!upkeep) return;
  deferredUpkeep.delete(db);
  await runDeferredUpkeep(db, upkeep);
}

function scheduleUpkeep(db: Db, upkeep: DeferredUpkeep, changedChunks: number, merge: boolean): void {
  upkeep.changed += changedChunks;
  upkeep.merge ||= merge;
  upkeep.since ??= Date.now();
  if (upkeep.timer) clearTimeout(upkeep.timer);
  const delay = Math.min(INDEX_UPKEEP_IDLE_MS, upkeep.since + INDEX_UPKEEP_MAX_DELAY_MS - Date.now());
  upkeep.timer = setTimeout(() => void runDeferredUpkeep(db, upkeep), Math.max(0, delay));
  upkeep.timer.unref();
}

function runDeferredUpkeep(db: Db, upkeep: DeferredUpkeep): Promise<void> {
  if (upkeep.timer) clearTimeout(upkeep.timer);
  upkeep.timer = undefined;
  upkeep.since = undefined;
  const { changed, merge } = upkeep;
  upkeep.changed = 0;
  upkeep.merge = false;
  upkeep.running = upkeep.running.then(async () => {
    if (changed === 0 && !merge) return;
    try {
      await maintainIndex(db, changed, merge);
    } catch (error) {
      // Searches stay correct without it; the next landing's upkeep merges and counts again.
      upkeep.changed += changed;
      upkeep.merge ||= merge;
      upkeep.log?.warn({ err: error }, 'could not merge the knowledge index after ingestion');
    }
  });
  return upkeep.running;
}

/**
 * Lands an ingestion atomically: switches the document to a new generation with its final status
 * and the departments it was indexed for (the version's: any change of departments is a new
 * version), writes its chunks as that generation and drops every other generation, in one statement
 * (in one transaction past INSERT_BATCH chunks). Searches see either the old chunks with their
 * departments or the new ones with theirs, never a mix. Returns false (and changes nothing) when the
 * document was deleted or a newer version superseded the one parsed.
 *
 * Its commit does not wait for the disk on PostgreSQL (`Db.asyncCommit`): a database crash that
 * loses it loses the job's success recorded after it too, and the job lands it again.
 */
export async function recordOutcome(db: Db, outcome: IngestionOutcome): Promise<boolean> {
  const rowsOf = (chunks: readonly Chunk[]) =>
    JSON.stringify(
      chunks.map((chunk) => ({
        ordinal: chunk.ordinal,
        heading_path: chunk.headingPath,
        heading: chunkHeading(chunk),
        page: chunk.page ?? null,
        slide: chunk.slide ?? null,
        text: chunk.text,
      })),
    );
  /** The chunks' vectors as two `tsvector[]` parameters in binary, null when none was computed. */
  const vectorsOf = (chunks: readonly Chunk[]) =>
    chunks.some((chunk) => chunk.vectors)
      ? [
          tsvectorArray(chunks.map((chunk) => chunk.vectors?.tsv)),
          tsvectorArray(chunks.map((chunk) => chunk.vectors?.headingTsv)),
        ]
      : [null, null];
  // The vectors searched (migrations 1, 3 and 5) as the parse thread computed them where it could
  // (Chunk.vectors, the arrays $vectors and $vectors + 1, element by element with the rows), else here.
  const insertChunks = (generation: string, vectors: number) =>
    `INSERT INTO knowledge_chunks (document_id, generation, ordinal, heading_path, heading, page, slide, title, text,
                                   tsv, heading_tsv)
     SELECT $1, ${generation}, r.ordinal, r.heading_path, r.heading, r.page, r.slide, $3, r.text,
       coalesce(r.tsv, setweight(to_tsvector('english', r.heading), 'A') ||
         setweight(to_tsvector('english', $3::text), 'B') || setweight(to_tsvector('english', r.text), 'D')),
       coalesce(r.heading_tsv,
         setweight(to_tsvector('english', r.heading), 'A') || setweight(to_tsvector('english', $3::text), 'B'))
     FROM ROWS FROM (
         jsonb_to_recordset($4::jsonb)
           AS (ordinal integer, heading_path text[], heading text, page integer, slide integer, text text),
         unnest($${vectors}::tsvector[]),
         unnest($${vectors + 1}::tsvector[])
       ) AS r(ordinal, heading_path, heading, page, slide, text, tsv, heading_tsv)`;
  const land = async (queryable: Queryable) => {
    // The switch locks the row and checks the version; the old generations' delete reads the
    // chunks as they were before the statement, so it never sees the new ones.
    const { rows } = await queryable.query<{ generation: number; dropped: string | number }>(
      `WITH switched AS (
         UPDATE knowledge_documents
         SET generation = generation + 1, indexed_departments = departments, status = $5, reason = $6,
           chunk_count = $7, updated_at = now()
         WHERE id = $1 AND version = $2 RETURNING generation
       ), dropped AS (
         DELETE FROM knowledge_chunks
         WHERE document_id = $1 AND generation <> (SELECT generation FROM switched) RETURNING 1
       ), inserted AS (
         ${insertChunks('switched.generation', 8).replace('FROM ROWS FROM', 'FROM switched, ROWS FROM')}
         RETURNING 1
       )
       SELECT generation, (SELECT count(*) FROM dropped) AS dropped FROM switched`,
      [
        outcome.documentId,
        outcome.version,
        outcome.title,
        rowsOf(outcome.chunks.slice(0, INSERT_BATCH)),
        outcome.status,
        outcome.reason ?? null,
        outcome.chunks.length,
        ...vectorsOf(outcome.chunks.slice(0, INSERT_BATCH)),
      ],
      { name: 'knowledge_land' },
    );
    if (!rows[0]) return undefined;
    for (let start = INSERT_BATCH; start < outcome.chunks.length; start += INSERT_BATCH) {
      await queryable.query(
        insertChunks('$2', 5),
        [
          outcome.documentId,
          rows[0].generation,
          outcome.title,
          rowsOf(outcome.chunks.slice(start, start + INSERT_BATCH)),
          ...vectorsOf(outcome.chunks.slice(start, start + INSERT_BATCH)),
        ],
        { name: 'knowledge_insert_chunks' },
      );
    }
    return { replaced: Number(rows[0].dropped) + outcome.chunks.length };
  };
  const landed =
    outcome.chunks.length <= INSERT_BATCH
      ? await land(db.asyncCommit)
      : await db.transaction(land, { isSynchronousCommit: false });
  if (!landed) return false;
  // The chunks wait in the index's pending list (migration 4) until it is merged: now, or when
  // landings pause while the ingestion worker runs (deferIndexUpkeep).
  const merge = outcome.chunks.length > 0;
  const upkeep = deferredUpkeep.get(db);
  if (upkeep) scheduleUpkeep(db, upkeep, landed.replaced, merge);
  else await maintainIndex(db, landed.replaced, merge);
  return true;
}

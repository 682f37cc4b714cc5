// Hybrid retrieval's vector half: chunk embeddings from the configured embedding model
// (LLM_EMBEDDING_MODEL on the OpenAI-compatible LLM_BASE_URL, platform/llm's embedder) stored with
// pgvector, and the chunks nearest to a question. Full text stays the backbone: where no embedding
// model is configured, or the database has no pgvector (PostgreSQL without the extension installed),
// or the model fails, retrieval is full text alone and nothing else changes.
//
// Storage: `knowledge_chunk_vectors`, one row per chunk of a document's generation, deleted with
// its chunk (a re-upload's new generation gets new vectors; answers meanwhile fuse only what has
// them). The table needs the extension, so it is created at start when both exist, not by a
// migration. Rows of another model (LLM_EMBEDDING_MODEL changed) are dropped at start and the
// chunks embedded again.
//
// Work: one durable job (`knowledge.embed`, one waiting at a time) embeds every current chunk
// without a vector, in batches; it is queued at start, after each ingestion, and by the knowledge
// module's periodic check, so a model that was down catches up by itself. Search is exact cosine
// distance over the visible chunks (no approximate index: the dimension is the model's, and
// at the knowledge base's size a scan is a few milliseconds).
import type { Db, Queryable } from '../../../platform/db/db.js';
import type { Jobs } from '../../../platform/jobs/jobs.js';
import type { Embedder } from '../../../platform/llm/index.js';
import { type VectorCandidate, type VectorRetriever, visibleDocument } from './search.js';

export const EMBED_QUEUE = 'knowledge.embed';
/** Chunks sent to the model in one request. */
const BATCH = 32;
/** Longest wait for the question's embedding before answering from full text alone. */
const QUERY_TIMEOUT_MS = 3000;

/** A vector as pgvector's text input. */
function toVectorLiteral(vector: readonly number[]): string {
  if (vector.length === 0 || !vector.every(Number.isFinite)) {
    throw new Error('the embedding model returned an empty or non-numeric vector');
  }
  return `[${vector.join(',')}]`;
}

/** The text a chunk is embedded as: where it is (title and headings), then what it says. */
function chunkInput(row: { title: string; heading: string; text: string }): string {
  return [row.title, row.heading, row.text].filter((part) => part.trim()).join('\n');
}

export interface KnowledgeVectorsOptions {
  /** Least cosine similarity of a chunk to the question to count as near. @default LLM_EMBEDDING_MIN_SIMILARITY */
  minSimilarity: number;
  log: { warn(object: object, message: string): void };
}

/**
 * Embeddings of the knowledge base and the nearest-chunk search over them. `nearest` answers []
 * until `start` found pgvector, and whenever the model fails (logged), so callers never fail.
 */
export class KnowledgeVectors implements VectorRetriever {
  #ready = false;
  #db: Db | undefined;
  #jobs: Jobs | undefined;

  constructor(
    readonly embedder: Embedder,
    private readonly options: KnowledgeVectorsOptions,
  ) {}

  /** Whether vectors take part in retrieval (pgvector present and the table ready). */
  get isReady(): boolean {
    return this.#ready;
  }

  /** Creates the extension and table where possible, registers the worker and queues the catch-up. */
  async start(db: Db, jobs: Jobs): Promise<boolean> {
    try {
      await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
    } catch (error) {
      this.options.log.warn(
        { err: error },
        'LLM_EMBEDDING_MODEL is set but the database has no pgvector extension: knowledge retrieval uses full text only',
      );
      return false;
    }
    await db.exec(`
      CREATE TABLE IF NOT EXISTS knowledge_chunk_vectors (
        document_id uuid NOT NULL,
        generation integer NOT NULL,
        ordinal integer NOT NULL,
        model text NOT NULL,
        embedding vector NOT NULL,
        PRIMARY KEY (document_id, generation, ordinal),
        FOREIGN KEY (document_id, generation, ordinal)
          REFERENCES knowledge_chunks (document_id, generation, ordinal) ON DELETE CASCADE
      )`);
    await db.query('DELETE FROM knowledge_chunk_vectors WHERE model <> $1', [this.embedder.model]);
    this.#db = db;
    this.#jobs = jobs;
    jobs.work(EMBED_QUEUE, (job) => this.embedMissing(db, job.signal), {
      concurrency: 1,
      leaseMs: 120_000,
      maxAttempts: 5,
      backoffMs: 5_000,
    });
    this.#ready = true;
    await this.schedule();
    return true;
  }

  /** Queues the catch-up job (one waiting at a time); a no-op before `start` found pgvector. */
  async schedule(): Promise<void> {
    if (!this.#ready || !this.#jobs) return;
    await this.#jobs.enqueue(EMBED_QUEUE, {}, { dedupeKey: 'all' });
  }

  /** Embeds every current chunk without a vector of this model; returns how many it embedded. */
  async embedMissing(db: Queryable, signal?: AbortSignal): Promise<{ embedded: number }> {
    let embedded = 0;
    for (;;) {
      signal?.throwIfAborted();
      const { rows } = await db.query<{
        document_id: string;
        generation: number;
        ordinal: number;
        title: string;
        heading: string;
        text: string;
      }>(
        `SELECT c.document_id, c.generation, c.ordinal, c.title, c.heading, c.text
         FROM knowledge_chunks c
           JOIN knowledge_documents d ON d.id = c.document_id AND d.generation = c.generation
         WHERE NOT EXISTS (
           SELECT 1 FROM knowledge_chunk_vectors v
           WHERE v.document_id = c.document_id AND v.generation = c.generation AND v.ordinal = c.ordinal)
         ORDER BY c.document_id, c.ordinal
         LIMIT ${BATCH}`,
      );
      if (rows.length === 0) return { embedded };
      const vectors = await this.embedder.embed(rows.map(chunkInput), signal);
      if (vectors.length !== rows.length) {
        throw new Error(`the embedding model answered ${vectors.length} vectors for ${rows.length} texts`);
      }
      // A chunk deleted meanwhile (document re-ingested or removed) is skipped by the join.
      await db.query(
        `INSERT INTO knowledge_chunk_vectors (document_id, generation, ordinal, model, embedding)
         SELECT c.document_id, c.generation, c.ordinal, $4, wanted.embedding::vector
         FROM unnest($1::uuid[], $2::int[], $3::int[], $5::text[])
              AS wanted(document_id, generation, ordinal, embedding)
           JOIN knowledge_chunks c USING (document_id, generation, ordinal)
         ON CONFLICT DO NOTHING`,
        [
          rows.map((row) => row.document_id),
          rows.map((row) => row.generation),
          rows.map((row) => row.ordinal),
          this.embedder.model,
          vectors.map(toVectorLiteral),
        ],
      );
      embedded += rows.length;
    }
  }

  async nearest(request: Parameters<VectorRetriever['nearest']>[0]): Promise<VectorCandidate[]> {
    const db = this.#db;
    if (!this.#ready || !db) return [];
    let vector: number[] | undefined;
    try {
      [vector] = await this.embedder.embed([request.query], AbortSignal.timeout(QUERY_TIMEOUT_MS));
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not embed the question: answering from full text only');
      return [];
    }
    if (!vector) return [];
    try {
      return await this.#search(db, vector, request);
    } catch (error) {
      this.options.log.warn({ err: error }, 'vector search failed: answering from full text only');
      return [];
    }
  }

  async #search(
    db: Queryable,
    vector: number[],
    request: Parameters<VectorRetriever['nearest']>[0],
  ): Promise<VectorCandidate[]> {
    const { rows } = await db.query<{ document_id: string; ordinal: number; similarity: number }>(
      `SELECT c.document_id, c.ordinal, 1 - (v.embedding <=> $1::vector) AS similarity
       FROM knowledge_chunk_vectors v
         JOIN knowledge_chunks c
           ON c.document_id = v.document_id AND c.generation = v.generation AND c.ordinal = v.ordinal
         JOIN knowledge_documents d ON d.id = c.document_id AND d.generation = c.generation
       WHERE ${visibleDocument('$2', '$3')}
         AND v.model = $4 AND vector_dims(v.embedding) = $6
       ORDER BY v.embedding <=> $1::vector
       LIMIT $5`,
      [
        toVectorLiteral(vector),
        request.departments,
        request.hiddenDepartments,
        this.embedder.model,
        request.k,
        vector.length,
      ],
    );
    return rows
      .filter((row) => Number(row.similarity) >= this.options.minSimilarity)
      .map((row) => ({
        documentId: row.document_id,
        ordinal: row.ordinal,
        similarity: Number(row.similarity),
      }));
  }
}

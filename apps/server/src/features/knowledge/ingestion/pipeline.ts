// The ingestion pipeline as durable jobs: one job per document in the queue 'knowledge.ingest',
// keyed by the document id (a re-upload while a job waits reuses it; two never run at once). The job
// carries only the document id: it ingests whatever version the document has when it runs, and an
// older run that a newer upload overtook lands nothing (the store's version check).
//
// Parse problems are outcomes (ready, no_text, failed with a reason, unsupported_legacy), a parse
// stopped at the time or memory limit of one file too (see parse-pool.ts); cancelling the job (the
// document deleted) ends its parse at once. A missing stored file is permanent (failed at once);
// database errors and crashed parse threads are transient and retried with backoff;
// the last attempt's error becomes the document's reason. A server killed mid-ingestion leaves the
// job running with a lease that runs out, and another start (or instance) claims it again; when the
// attempts are used up that way, `reconcileDocuments` fails the document with the job's reason, so
// nothing stays queued or parsing forever.
import type { Blobs } from '../../../platform/blobs/blobs.js';
import type { Db, Queryable } from '../../../platform/db/db.js';
import {
  type JobContext,
  type Jobs,
  PermanentJobError,
  type WorkOptions,
} from '../../../platform/jobs/jobs.js';
import { enqueueFor, rowsWithoutLiveJob } from '../../../platform/jobs/keyed.js';
import { type DocumentStatus, markFailed, startParsing } from '../store.js';
import type { ParseLimits } from './parse/types.js';
import type { DocumentParser } from './parse-pool.js';
import type { TextVectorStemmer } from './text-vector.js';

export const INGEST_QUEUE = 'knowledge.ingest';

export interface IngestPayload {
  documentId: string;
}

/** Queues the ingestion of a document (inside `tx` when given: the job exists only if it commits). */
export function enqueueIngestion(jobs: Jobs, documentId: string, tx?: Queryable): Promise<string> {
  return enqueueFor(jobs, INGEST_QUEUE, documentId, { documentId } satisfies IngestPayload, tx);
}

/** Cancels the waiting or running ingestion jobs of a document (a running one sees its signal aborted). */
export async function cancelIngestion(db: Queryable, jobs: Jobs, documentId: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM jobs WHERE queue = $1 AND dedupe_key = $2 AND state IN ('queued', 'running')",
    [INGEST_QUEUE, documentId],
  );
  let cancelled = 0;
  for (const row of rows) {
    if (await jobs.cancel(row.id, 'The document was deleted.')) cancelled++;
  }
  return cancelled;
}

export interface IngestWorkerOptions {
  limits?: Partial<ParseLimits>;
  work?: WorkOptions;
  /** Where files are parsed and chunked (the module's parse threads); by default in this thread. */
  parser?: DocumentParser;
  /** The database's English stemmer, when text-vector.ts reproduces it (`detectTextVectors`). */
  textVectors?: TextVectorStemmer;
  /** Told how a document's ingestion ended (its status; not when a newer upload superseded it), for the metrics. */
  onEnded?(outcome: Exclude<DocumentStatus, 'queued' | 'parsing'>, job: JobContext<IngestPayload>): void;
}

/** The job handler of INGEST_QUEUE. */
export function createIngestHandler(db: Db, blobs: Blobs, options: IngestWorkerOptions = {}) {
  return async (job: JobContext<IngestPayload>) => {
    const documentId = job.payload?.documentId;
    if (typeof documentId !== 'string') throw new PermanentJobError('The job names no document.');
    // Marked parsing as it is read (the version it has now is the one ingested); a commit that
    // need not wait for the disk: lost in a database crash, the job runs again.
    const document = await startParsing(db.asyncCommit, documentId);
    // Deleted since: nothing to do.
    if (!document) return { skipped: 'deleted' };
    try {
      const stream = document.blobId ? await blobs.open(document.blobId) : undefined;
      if (!stream) {
        throw new PermanentJobError('The stored file is missing: upload the document again.');
      }
      // Loaded on first use: the parsers (pdf.js, mammoth...) stay out of the admin CLI's start-up.
      const { parseAndRecord } = await import('./ingest.js');
      const result = await parseAndRecord(
        db,
        { documentId, version: document.version, name: document.name, stream },
        {
          limits: options.limits,
          // Cancelled (the document deleted): the parse thread is ended at once.
          signal: job.signal,
          ...(options.parser ? { parser: options.parser } : {}),
          ...(options.textVectors ? { textVectors: options.textVectors } : {}),
        },
      );
      if (!result.superseded) options.onEnded?.(result.status, job);
      return { status: result.status, chunks: result.chunkCount, superseded: result.superseded };
    } catch (error) {
      // Cancelled (deleted), taken over by another instance or stopped with the server: not this
      // attempt's outcome to record.
      if (job.signal.aborted) throw error;
      const isLast = error instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      if (isLast) {
        const reason =
          error instanceof PermanentJobError
            ? error.message
            : `Ingestion failed ${job.attempt} time(s): ${error instanceof Error ? error.message : String(error)}. Re-ingest it to try again.`;
        await markFailed(db, documentId, document.version, reason).catch(() => {});
        options.onEnded?.('failed', job);
      }
      throw error;
    }
  };
}

/**
 * Brings documents whose ingestion can no longer progress to an end: a document still queued or
 * parsing with no waiting or running job is failed with its last job's reason when that job failed
 * (e.g. attempts used up by crashes), and queued again otherwise. Returns how many were changed.
 */
export async function reconcileDocuments(db: Db, jobs: Jobs): Promise<{ failed: number; requeued: number }> {
  const rows = await rowsWithoutLiveJob<{ version: number }>(db, INGEST_QUEUE, {
    table: 'knowledge_documents',
    where: "t.status IN ('queued', 'parsing')",
    columns: ['t.version'],
  });
  let failed = 0;
  let requeued = 0;
  for (const row of rows) {
    if (row.job_state === 'failed') {
      const reason = `Ingestion did not finish: ${row.last_error ?? 'unknown error'}`;
      if (await markFailed(db, row.id, row.version, reason)) failed++;
    } else {
      await enqueueIngestion(jobs, row.id);
      requeued++;
    }
  }
  return { failed, requeued };
}

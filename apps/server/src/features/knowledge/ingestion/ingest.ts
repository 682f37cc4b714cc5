// Ingestion of one document version: parse, chunk, and land the outcome atomically. Parse
// failures are outcomes (the document ends failed, no_text or unsupported_legacy with its reason),
// a parse stopped at the time or memory limit of one file too; only infrastructure errors (the
// database, a parse thread that crashed) are thrown, for the caller's job to retry.
import type { Db } from '../../../platform/db/db.js';
import { type DocumentStatus, markParsing, recordOutcome } from '../store.js';
import type { ChunkOptions } from './chunk.js';
import { failed, parseBounds, readInput, refuseExtension, tooLargeFile } from './parse/input.js';
import type { ParseInput, ParseLimits } from './parse/types.js';
import { type DocumentParser, ParseLimitError } from './parse-pool.js';
import { type PreparedDocument, titleFromName } from './prepare.js';
import type { TextVectorStemmer } from './text-vector.js';

export interface IngestRequest extends ParseInput {
  documentId: string;
  /** The document version being ingested (from upsertDocument or requeueDocument). */
  version: number;
}

export interface IngestOptions {
  limits?: Partial<ParseLimits>;
  chunking?: ChunkOptions;
  /** Where the file is parsed and chunked (the ingestion's parse threads); by default in this thread. */
  parser?: DocumentParser;
  /** The database's English stemmer: chunks' full-text vectors computed where the file is parsed. */
  textVectors?: TextVectorStemmer;
  /** Aborted when the ingestion is cancelled (the document was deleted): the parse ends at once. */
  signal?: AbortSignal;
}

export interface IngestResult {
  status: Exclude<DocumentStatus, 'queued' | 'parsing'>;
  reason: string | null;
  chunkCount: number;
  /** True when a newer upload, a re-ingest or a delete overtook this version: nothing was written. */
  superseded: boolean;
}

export async function ingestDocument(
  db: Db,
  request: IngestRequest,
  options: IngestOptions = {},
): Promise<IngestResult> {
  if (!(await markParsing(db, request.documentId, request.version))) {
    return { status: 'failed', reason: null, chunkCount: 0, superseded: true };
  }
  return parseAndRecord(db, request, options);
}

/**
 * The part of `ingestDocument` after the document is marked parsing (the ingestion job marks it
 * with `startParsing` as it reads the document): parse, chunk, and land the outcome.
 */
export async function parseAndRecord(
  db: Db,
  request: IngestRequest,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const prepared = await prepare(request, options);
  const chunks = prepared.kind === 'text' ? prepared.chunks : [];
  let status: IngestResult['status'];
  let reason: string | null;
  switch (prepared.kind) {
    case 'text':
      status = chunks.length > 0 ? 'ready' : 'no_text';
      reason = chunks.length > 0 ? null : 'The file holds no text to index.';
      break;
    case 'no_text':
      status = 'no_text';
      reason = prepared.reason;
      break;
    case 'unsupported_legacy':
      status = 'unsupported_legacy';
      reason = prepared.reason;
      break;
    case 'failed':
      status = 'failed';
      reason = prepared.reason;
      break;
  }
  const landed = await recordOutcome(db, {
    documentId: request.documentId,
    version: request.version,
    status,
    reason,
    chunks,
    title: titleFromName(request.name),
  });
  return { status, reason, chunkCount: landed ? chunks.length : 0, superseded: !landed };
}

/**
 * The file parsed and chunked: by `options.parser` once this thread has checked its extension and
 * read it (at most the size limit), else here in one go (the parsers load on first use).
 */
async function prepare(request: IngestRequest, options: IngestOptions): Promise<PreparedDocument> {
  const prepareOptions = {
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.chunking ? { chunking: options.chunking } : {}),
    ...(options.textVectors ? { textVectors: options.textVectors } : {}),
  };
  if (!options.parser) {
    const { prepareDocument } = await import('./prepare.js');
    return prepareDocument(request, prepareOptions);
  }
  const bounds = parseBounds(options.limits);
  const refused = refuseExtension(request.name);
  if (refused) return refused;
  const bytes = await readInput(request, bounds.maxBytes);
  if (bytes === undefined) return tooLargeFile(bounds);
  try {
    // The parser may move the bytes to its thread: the caller's own array is copied first.
    return await options.parser.prepare(
      request.name,
      request.bytes ? new Uint8Array(bytes) : bytes,
      prepareOptions,
      options.signal,
    );
  } catch (error) {
    // A file that goes past a parse limit would meet it again on every attempt: its outcome, not a retry.
    if (error instanceof ParseLimitError) return failed('parse_limits', error.message);
    throw error;
  }
}

// Ingestion of one document version: parse, chunk, and land the outcome atomically. Parse
// failures are outcomes (the document ends failed, no_text or unsupported_legacy with its reason);
// only infrastructure errors (the database) are thrown, for the caller's job to retry.
import type { Db } from '../../platform/db/db.js';
import { type ChunkOptions, chunkSections } from './chunk.js';
import { parseDocument } from './parse/parse-document.js';
import type { ParseInput, ParseLimits } from './parse/types.js';
import { type DocumentStatus, markParsing, recordOutcome } from './store.js';

export interface IngestRequest extends ParseInput {
  documentId: string;
  /** The document version being ingested (from upsertDocument or requeueDocument). */
  version: number;
}

export interface IngestOptions {
  limits?: Partial<ParseLimits>;
  chunking?: ChunkOptions;
}

export interface IngestResult {
  status: Exclude<DocumentStatus, 'queued' | 'parsing'>;
  reason: string | null;
  chunkCount: number;
  /** True when a newer upload, a re-ingest or a delete overtook this version: nothing was written. */
  superseded: boolean;
}

/** "vpn-guide_2024.docx" -> "vpn guide 2024": the file name as words, searched as the document title. */
export function titleFromName(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).replace(/[-_.]+/g, ' ').trim();
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
  const parsed = await parseDocument(request, options.limits);
  const chunks = parsed.kind === 'text' ? chunkSections(parsed.sections, options.chunking) : [];
  let status: IngestResult['status'];
  let reason: string | null;
  switch (parsed.kind) {
    case 'text':
      status = chunks.length > 0 ? 'ready' : 'no_text';
      reason = chunks.length > 0 ? null : 'The file holds no text to index.';
      break;
    case 'no_text':
      status = 'no_text';
      reason = parsed.reason;
      break;
    case 'unsupported_legacy':
      status = 'unsupported_legacy';
      reason = parsed.reason;
      break;
    case 'failed':
      status = 'failed';
      reason = parsed.reason;
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

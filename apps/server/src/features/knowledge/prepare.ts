// A document's file to what ingestion records: its chunks, or the outcome that says why there are
// none. The same work in the server's thread (`prepareDocument`) and in the parse threads
// (parse-worker.ts runs `prepareBytes`): only parsers and the chunker, no database.
import { type Chunk, type ChunkOptions, chunkSections } from './chunk.js';
import { parseBounds } from './parse/input.js';
import { parseBytes, parseDocument } from './parse/parse-document.js';
import type { ParseInput, ParseLimits, ParseResult } from './parse/types.js';

/** The chunks of a file with text, or the parse outcome of one without (no_text, legacy, failed). */
export type PreparedDocument = { kind: 'text'; chunks: Chunk[] } | Exclude<ParseResult, { kind: 'text' }>;

export interface PrepareOptions {
  limits?: Partial<ParseLimits>;
  chunking?: ChunkOptions;
}

function chunked(parsed: ParseResult, chunking: ChunkOptions | undefined): PreparedDocument {
  return parsed.kind === 'text' ? { kind: 'text', chunks: chunkSections(parsed.sections, chunking) } : parsed;
}

/** Parses and chunks a file in this thread. */
export async function prepareDocument(
  input: ParseInput,
  options: PrepareOptions = {},
): Promise<PreparedDocument> {
  return chunked(await parseDocument(input, options.limits), options.chunking);
}

/** `prepareDocument` of a file already read (at most the size limit) whose extension is accepted. */
export async function prepareBytes(
  name: string,
  bytes: Uint8Array,
  options: PrepareOptions = {},
): Promise<PreparedDocument> {
  return chunked(await parseBytes(name, bytes, parseBounds(options.limits)), options.chunking);
}

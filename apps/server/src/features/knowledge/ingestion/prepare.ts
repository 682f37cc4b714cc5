// A document's file to what ingestion records: its chunks, or the outcome that says why there are
// none. The same work in the server's thread (`prepareDocument`) and in the parse threads
// (parse-worker.ts runs `prepareBytes`): only parsers and the chunker, no database.
import { type Chunk, type ChunkOptions, chunkHeading, chunkSections } from './chunk.js';
import { parseBounds } from './parse/input.js';
import { parseBytes, parseDocument } from './parse/parse-document.js';
import type { ParseInput, ParseLimits, ParseResult } from './parse/types.js';
import { documentVectors, type TextVectorStemmer } from './text-vector.js';

/** The chunks of a file with text, or the parse outcome of one without (no_text, legacy, failed). */
export type PreparedDocument = { kind: 'text'; chunks: Chunk[] } | Exclude<ParseResult, { kind: 'text' }>;

export interface PrepareOptions {
  limits?: Partial<ParseLimits>;
  chunking?: ChunkOptions;
  /**
   * The database's English stemmer (`detectTextVectors`): each chunk's full-text vector is computed
   * here where this module can (in the parse threads, off the database's and the server's thread).
   */
  textVectors?: TextVectorStemmer;
}

/** "vpn-guide_2024.docx" -> "vpn guide 2024": the file name as words, searched as the document title. */
export function titleFromName(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).replace(/[-_.]+/g, ' ').trim();
}

function chunked(name: string, parsed: ParseResult, options: PrepareOptions): PreparedDocument {
  if (parsed.kind !== 'text') return parsed;
  const chunks = chunkSections(parsed.sections, options.chunking);
  const stemmer = options.textVectors;
  if (stemmer) {
    const vectorsOf = documentVectors(titleFromName(name), stemmer);
    for (const chunk of chunks) {
      const vectors = vectorsOf(chunkHeading(chunk), chunk.text);
      if (vectors) chunk.vectors = vectors;
    }
  }
  return { kind: 'text', chunks };
}

/** Parses and chunks a file in this thread. */
export async function prepareDocument(
  input: ParseInput,
  options: PrepareOptions = {},
): Promise<PreparedDocument> {
  return chunked(input.name, await parseDocument(input, options.limits), options);
}

/** `prepareDocument` of a file already read (at most the size limit) whose extension is accepted. */
export async function prepareBytes(
  name: string,
  bytes: Uint8Array,
  options: PrepareOptions = {},
): Promise<PreparedDocument> {
  return chunked(name, await parseBytes(name, bytes, parseBounds(options.limits)), options);
}

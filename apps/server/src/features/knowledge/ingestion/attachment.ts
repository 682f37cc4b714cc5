// A file of someone's own read for their conversation (the chat's attached files): the ingestion's
// parsers and chunker in its parse threads, bounded in time and memory as a training document is,
// but nothing is stored here and nothing reaches the knowledge base. The caller keeps the passages.

import { ACCEPTED_EXTENSIONS, extensionOf, isAcceptedExtension } from './parse/types.js';
import { createParsePool, ParseLimitError, type ParseThreadLimits } from './parse-pool.js';

/** The file types an attached file may be (the training formats). */
export const ATTACHMENT_EXTENSIONS: readonly string[] = ACCEPTED_EXTENSIONS;

/** One passage of an attached file and where it sits in it. */
export interface AttachmentPassage {
  text: string;
  headingPath: string[];
  page?: number;
  slide?: number;
}

/** The passages of a file with text, or why it cannot be read (a sentence naming the file). */
export type AttachmentReading =
  | { kind: 'text'; passages: AttachmentPassage[] }
  | { kind: 'refused'; code: string; reason: string };

export interface AttachmentReader {
  /** `bytes` may be moved to another thread: the caller must not use them afterwards. */
  read(name: string, bytes: Uint8Array): Promise<AttachmentReading>;
  /** Ends the parse threads. */
  close(): Promise<void>;
}

export interface AttachmentReaderOptions {
  /** Largest file read, in bytes. */
  maxBytes: number;
  /** Most characters of text kept from one file. @default 2 million */
  maxTextChars?: number;
  threads?: number;
  limits?: Partial<ParseThreadLimits>;
}

const ACCEPTED_LIST = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(', ');

/** Reads attached files in parse threads of its own (started on first use, ended when idle). */
export function createAttachmentReader(options: AttachmentReaderOptions): AttachmentReader {
  let pool: ReturnType<typeof createParsePool> | undefined;
  const limits = { maxBytes: options.maxBytes, maxTextChars: options.maxTextChars ?? 2_000_000 };
  return {
    async read(name, bytes) {
      const extension = extensionOf(name);
      if (!isAcceptedExtension(extension)) {
        return {
          kind: 'refused',
          code: 'unsupported_type',
          reason: `${name}: ${extension ? `.${extension} files are` : 'files without an extension are'} not read. Attach one of: ${ACCEPTED_LIST}.`,
        };
      }
      pool ??= createParsePool(options.threads ?? 1, options.limits);
      let prepared: Awaited<ReturnType<typeof pool.prepare>>;
      try {
        prepared = await pool.prepare(name, bytes, { limits });
      } catch (error) {
        if (error instanceof ParseLimitError) {
          return { kind: 'refused', code: 'parse_limits', reason: `${name}: ${error.message}` };
        }
        throw error;
      }
      if (prepared.kind === 'text') {
        const passages = prepared.chunks.map((chunk) => ({
          text: chunk.text,
          headingPath: chunk.headingPath,
          ...(chunk.page !== undefined ? { page: chunk.page } : {}),
          ...(chunk.slide !== undefined ? { slide: chunk.slide } : {}),
        }));
        if (passages.length > 0) return { kind: 'text', passages };
        return { kind: 'refused', code: 'no_text', reason: `${name} has no text to read.` };
      }
      if (prepared.kind === 'failed') {
        return { kind: 'refused', code: prepared.code, reason: `${name}: ${prepared.reason}` };
      }
      return {
        kind: 'refused',
        code: prepared.kind === 'no_text' ? 'no_text' : 'unsupported_type',
        reason:
          prepared.kind === 'no_text'
            ? `${name} has no text to read (images, videos and scanned pages cannot be read here).`
            : `${name}: ${prepared.reason}`,
      };
    },
    async close() {
      await pool?.close();
      pool = undefined;
    },
  };
}

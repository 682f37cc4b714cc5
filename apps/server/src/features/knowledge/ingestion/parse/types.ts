import type { ZipLimits } from '../../../../platform/zip/limits.js';

/**
 * One block of text (a paragraph, list item, table row, slide text...) and where it sits in its
 * document. Consecutive blocks with the same location are merged into chunks by `chunkSections`.
 */
export interface Section {
  /** Headings above the block, outermost first (e.g. ["VPN guide", "Connecting from home"]). */
  headingPath: string[];
  /** 1-based page of a PDF. */
  page?: number;
  /** 1-based slide of a presentation. */
  slide?: number;
  text: string;
}

/** The file types ingestion accepts, by extension (lowercase, without the dot). */
export const ACCEPTED_EXTENSIONS = [
  'docx',
  'pptx',
  'ppt',
  'pdf',
  'html',
  'md',
  'txt',
  'csv',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'mp4',
] as const;

export type DocumentExtension = (typeof ACCEPTED_EXTENSIONS)[number];

export function isAcceptedExtension(extension: string): extension is DocumentExtension {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension);
}

/** The lowercase extension of a file name without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Why parsing failed, for code; the `reason` beside it is for people. */
export type ParseFailureCode =
  | 'unsupported_type'
  | 'empty'
  | 'too_large'
  | 'content_mismatch'
  | 'corrupt'
  | 'encrypted'
  | 'zip_limits'
  /** Its parse went past the time or memory limit of one file (see parse-pool.ts). */
  | 'parse_limits';

export type ParseResult =
  /** Text to index (possibly no sections: then there was nothing to index). */
  | { kind: 'text'; sections: Section[] }
  /** A file kept as is with nothing to index (images, videos, a PDF of scanned pages). */
  | { kind: 'no_text'; reason: string }
  /** A legacy format that cannot be read (.ppt): the reason says what to convert it to. */
  | { kind: 'unsupported_legacy'; reason: string }
  | { kind: 'failed'; code: ParseFailureCode; reason: string };

export interface ParseLimits {
  /** Largest file accepted. @default 50 MiB */
  maxBytes: number;
  /** Bounds on the expansion of .docx and .pptx (zips). */
  zip: ZipLimits;
  /** Most pages of a PDF read. @default 2000 */
  maxPdfPages: number;
  /** Most characters of text kept from one document. @default 20 million */
  maxTextChars: number;
}

export interface ParseInput {
  /** The file name as uploaded; its extension picks the parser. */
  name: string;
  /** The whole file, or */
  bytes?: Uint8Array;
  /** a stream of it (read up to `maxBytes`). */
  stream?: AsyncIterable<Uint8Array>;
}

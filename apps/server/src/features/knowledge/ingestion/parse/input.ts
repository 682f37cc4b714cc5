// What ingestion checks of a file before any parser runs: its extension, and its size as it is read.
// Light on purpose (no parser imported): the server's thread does this and hands the bytes to a
// parse thread (features/knowledge/ingestion/parse-pool.ts); parse-document.ts does the same in one call.

import { formatBytes } from '../../../../platform/format-bytes.js';
import {
  ACCEPTED_EXTENSIONS,
  extensionOf,
  isAcceptedExtension,
  type ParseFailureCode,
  type ParseInput,
  type ParseLimits,
  type ParseResult,
} from './types.js';
import { DEFAULT_ZIP_LIMITS } from './zip.js';

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxBytes: 50 * 1024 * 1024,
  zip: DEFAULT_ZIP_LIMITS,
  maxPdfPages: 2000,
  maxTextChars: 20_000_000,
};

export type ParseFailure = Extract<ParseResult, { kind: 'failed' }>;

export const failed = (code: ParseFailureCode, reason: string): ParseFailure => ({
  kind: 'failed',
  code,
  reason,
});

/** The limits in force: the defaults with `limits` over them. */
export function parseBounds(limits: Partial<ParseLimits> = {}): ParseLimits {
  return { ...DEFAULT_PARSE_LIMITS, ...limits };
}

/** The outcome of a file whose extension is not accepted, before anything is read; undefined when it is. */
export function refuseExtension(name: string): ParseFailure | undefined {
  const extension = extensionOf(name);
  if (isAcceptedExtension(extension)) return undefined;
  return failed(
    'unsupported_type',
    `${extension ? `.${extension}` : 'Files without an extension'} cannot be indexed. Accepted types: ${ACCEPTED_EXTENSIONS.map((accepted) => `.${accepted}`).join(', ')}.`,
  );
}

/** The outcome of a file larger than `bounds.maxBytes`. */
export function tooLargeFile(bounds: ParseLimits): ParseFailure {
  return failed('too_large', `The file is larger than the ${formatBytes(bounds.maxBytes)} limit.`);
}

/** The whole file from `input`, or undefined when it is larger than `maxBytes`. */
export async function readInput(input: ParseInput, maxBytes: number): Promise<Uint8Array | undefined> {
  if (input.bytes) return input.bytes.length > maxBytes ? undefined : input.bytes;
  if (!input.stream) throw new TypeError('parseDocument needs bytes or a stream');
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const part of input.stream) {
    length += part.length;
    if (length > maxBytes) return undefined;
    parts.push(part);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

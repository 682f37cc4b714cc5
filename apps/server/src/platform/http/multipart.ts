// Pieces shared by the multipart upload operations (training documents, code-review zips): a file's
// bytes are counted while they stream on (never held whole), a part nobody wants is read and dropped
// so the parser reaches the next one, and a broken body is told apart from a refused file.
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../generated/contract.js';
import { type HttpError, statusError } from './errors.js';

/** The multipart body itself is broken (truncated, bad boundary...): 400, nothing stored. */
export class MalformedUploadError extends Error {}

/** A file name as people see it: the last path segment, without control characters. */
export function cleanFileName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const printable = [...base].filter((character) => {
    const code = character.charCodeAt(0);
    return code >= 0x20 && code !== 0x7f;
  });
  return printable.join('').toWellFormed().trim();
}

/** How many parts an upload may send; past a limit the part is marked, not the request refused. */
export interface UploadPartLimits {
  /** Bytes of one file; a file past it is cut and marked `truncated` (`counted` reports it). */
  fileSize: number;
  /** Files; one more is fastify's FST_FILES_LIMIT error, for the caller to word. */
  files: number;
  /** Plain fields. */
  fields: number;
}

/**
 * The body's parts one at a time. The parser's own errors (a bad boundary, a truncated body, a part
 * header it cannot read) are the request's fault: a MalformedUploadError; the files limit is told
 * apart (FST_FILES_LIMIT, thrown as it is).
 */
export async function* uploadParts(
  request: FastifyRequest,
  limits: UploadPartLimits,
): AsyncGenerator<MultipartFile | MultipartValue<unknown>> {
  const parts = request.parts({
    limits: { fileSize: limits.fileSize, files: limits.files, fieldSize: 64 * 1024, fields: limits.fields },
    // A file past the limit is this file's problem (rejected), not the request's (a 413 for all).
    throwFileSizeLimit: false,
  } as Parameters<typeof request.parts>[0]);
  const iterator = (parts as AsyncIterable<MultipartFile | MultipartValue<unknown>>)[Symbol.asyncIterator]();
  for (;;) {
    let step: IteratorResult<MultipartFile | MultipartValue<unknown>>;
    try {
      step = await iterator.next();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw error;
      throw new MalformedUploadError(error instanceof Error ? error.message : String(error));
    }
    if (step.done) return;
    yield step.value;
  }
}

/** Reads a part's bytes to the end without keeping them. */
export async function drain(part: MultipartFile): Promise<void> {
  try {
    for await (const _chunk of part.file) {
      // discarded
    }
  } catch (error) {
    throw new MalformedUploadError(error instanceof Error ? error.message : String(error));
  }
}

/** How much of a part `counted` has seen. */
export interface CountedState {
  size: number;
  isTooLarge: boolean;
}

/**
 * The part's bytes, counted: past `maxBytes` the rest is read and dropped and `state.isTooLarge`
 * set. A broken body is a MalformedUploadError. Never returns early, so the multipart parser always
 * gets to the next part.
 */
export async function* counted(
  part: MultipartFile,
  maxBytes: number,
  state: CountedState,
): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      state.size += chunk.length;
      if (state.size > maxBytes) state.isTooLarge = true;
      if (!state.isTooLarge) yield chunk;
    }
  } catch (error) {
    throw new MalformedUploadError(error instanceof Error ? error.message : String(error));
  }
  if (part.file.truncated) state.isTooLarge = true;
}

/**
 * The error when an upload took none of its files: 413 when every one was too large, 415 when every
 * one was of a type not accepted, 400 otherwise; the one file's reason, or `none` (what that means
 * for `count` files) followed by every reason. Its details list the files refused.
 */
export function nothingTaken(
  rejected: Array<components['schemas']['RejectedUpload']>,
  none: (count: number) => string,
): HttpError {
  const codes = new Set(rejected.map((entry) => entry.code));
  const status =
    codes.size === 1 && codes.has('too_large')
      ? 413
      : codes.size === 1 && codes.has('unsupported_type')
        ? 415
        : 400;
  const message =
    rejected.length === 1
      ? rejected[0]!.reason
      : `${none(rejected.length)} ${rejected.map((entry) => entry.reason).join(' ')}`;
  return statusError(status, message, { rejected });
}

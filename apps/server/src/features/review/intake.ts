// Code review uploads (POST /api/file/code_analysis): one zip in the multipart field `files`,
// streamed to a temporary file (never whole in memory) with the size limit counted on the way,
// checked (zip/zip-bomb/zip-slip/links: zip.ts), stored as a blob and queued for review in one
// transaction with the review's row. The answer comes at once: `{ fileId, name, status: 'pending' }`.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { requireIdentity } from '../../platform/auth/authorize.js';
import { formatBytes } from '../../platform/format-bytes.js';
import { badRequest, HttpError, statusError } from '../../platform/http/errors.js';
import {
  cleanFileName,
  counted,
  drain,
  MalformedUploadError,
  uploadParts,
} from '../../platform/http/multipart.js';
import type { TypedHandler } from '../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../context.js';
import { enqueueReview, REVIEW_QUEUE } from './pipeline.js';
import { countPending } from './store.js';
import { CheckedZip, ReviewZipError, spool, withTempDir } from './zip.js';

/** The spec's client sends `files`; `files[]` is accepted like the training upload does. */
const FILE_FIELDS: ReadonlySet<string> = new Set(['files', 'files[]']);
const MAX_NAME_LENGTH = 255;
const RETRY_AFTER_SECONDS = 30;

export const NO_FILE_PROVIDED = 'No file provided';

function tooManyPending(limit: number): HttpError {
  return new HttpError(
    429,
    'too_many_requests',
    `You already have ${limit === 1 ? 'a review' : `${limit} reviews`} in progress: upload the next zip once ${limit === 1 ? 'it ends' : 'one of them ends'}.`,
  );
}

export function createReviewUploadHandler({ db, jobs, blobs, config }: FeatureContext) {
  const limits = config.review;
  const handler: TypedHandler<'uploadCodeReviewZip'> = async (request, reply) => {
    const actor = requireIdentity(request);
    if (!request.isMultipart()) throw badRequest(NO_FILE_PROVIDED);
    if ((await countPending(db, actor.user.id)) >= limits.maxConcurrentPerUser) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw tooManyPending(limits.maxConcurrentPerUser);
    }
    return withTempDir(async (dir) => {
      const path = join(dir, 'upload.zip');
      let name = '';
      let fileCount = 0;
      const state = { size: 0, isTooLarge: false };
      try {
        const partLimits = { fileSize: limits.maxZipBytes + 1, files: 10, fields: 20 };
        for await (const part of uploadParts(request, partLimits)) {
          if (part.type === 'field') continue;
          const file = part as MultipartFile;
          if (!FILE_FIELDS.has(file.fieldname)) {
            await drain(file);
            continue;
          }
          fileCount++;
          if (fileCount > 1) {
            await drain(file);
            continue;
          }
          name = cleanFileName(file.filename ?? '').slice(0, MAX_NAME_LENGTH);
          await spool(counted(file, limits.maxZipBytes, state), path);
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
          throw badRequest('Upload one zip at a time.');
        }
        const status = (error as { statusCode?: number }).statusCode;
        if (
          error instanceof MalformedUploadError ||
          (status !== undefined && status >= 400 && status < 500)
        ) {
          throw badRequest(
            `The upload could not be read (${error instanceof Error ? error.message : String(error)}). Send the zip again.`,
          );
        }
        throw error;
      }
      if (fileCount === 0 || (state.size === 0 && !state.isTooLarge)) throw badRequest(NO_FILE_PROVIDED);
      if (fileCount > 1) throw badRequest('Upload one zip at a time.');
      if (state.isTooLarge) {
        throw statusError(
          413,
          `The zip is larger than the ${formatBytes(limits.maxZipBytes)} limit: remove generated files, data or virtual environments and zip the code again.`,
        );
      }
      let pythonFiles = 0;
      try {
        const zip = await CheckedZip.open(path, limits);
        pythonFiles = zip.pythonItems.length;
        zip.close();
      } catch (error) {
        if (error instanceof ReviewZipError) throw statusError(error.status, error.message);
        throw error;
      }
      if (pythonFiles === 0) throw badRequest('The zip holds no Python (.py) files to review.');

      const blob = await blobs.put(createReadStream(path), { contentType: 'application/zip' });
      const fileName = name || 'upload.zip';
      let fileId: string;
      try {
        fileId = await db.transaction(async (tx) => {
          // Checked again inside the transaction: two uploads at once must not both pass.
          if ((await countPending(tx, actor.user.id)) >= limits.maxConcurrentPerUser) {
            throw tooManyPending(limits.maxConcurrentPerUser);
          }
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO review_files (owner_id, name, zip_blob_id, size, sha256)
             VALUES ($1, $2, $3, $4, $5) RETURNING id`,
            [actor.user.id, fileName, blob.id, blob.size, blob.sha256],
          );
          const id = rows[0]!.id;
          await enqueueReview(jobs, id, tx);
          return id;
        });
      } catch (error) {
        await blobs.delete(blob.id).catch(() => false);
        if (error instanceof HttpError && error.statusCode === 429)
          reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw error;
      }
      jobs.wake(REVIEW_QUEUE);
      return { fileId, name: fileName, status: 'pending' as const };
    });
  };
  return handler;
}

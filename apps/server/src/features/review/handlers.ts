// The code review operations: upload (intake.ts), the caller's list with progress, the review JSON,
// the enhanced zip and delete. A user sees and touches only their own files: someone else's id
// answers 404 like an unknown one.
import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Blobs } from '../../platform/blobs/blobs.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { Handlers } from '../../platform/http/contract.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../context.js';
import { createReviewUploadHandler, NO_FILE_PROVIDED } from './intake.js';
import { findOwnReview, listOwnReviews, type ReviewFileRow } from './store.js';

const missing = () => notFound('File not found.');

function notReady(row: ReviewFileRow) {
  return row.status === 'pending'
    ? conflict(
        `The review of '${row.name}' is still pending: it can be viewed and downloaded once it succeeds.`,
      )
    : conflict(`The review of '${row.name}' failed: ${failedReason(row.reason)}`);
}

/** A failed review's reason, ending with what to do (reasons that say it already are kept as they are). */
function failedReason(reason: string | null): string {
  const text = reason ?? 'no reason was recorded.';
  return /Upload the zip again/.test(text)
    ? text
    : `${text.replace(/\.?$/, '.')} Upload the zip again to retry.`;
}

async function readJson(blobs: Blobs, id: string): Promise<unknown> {
  const stream = await blobs.open(id);
  if (!stream) return undefined;
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

function toDate(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function createReviewHandlers(context: FeatureContext): Handlers {
  const { db, blobs } = context;
  return defineHandlers({
    // The spec's message for an upload without a file, also when nothing at all was sent.
    uploadCodeReviewZip: {
      handler: createReviewUploadHandler(context),
      missingBodyMessage: NO_FILE_PROVIDED,
    },

    async listReviewFiles(request) {
      const actor = requireIdentity(request);
      const rows = await listOwnReviews(db, actor.user.id);
      return {
        files: rows.map((row) => ({
          fileId: row.id,
          filename: row.name,
          status: row.status,
          progress: row.status === 'pending' ? { done: row.files_done, total: row.files_total } : null,
          reason: row.status === 'failed' ? row.reason : null,
          uploadedAt: toDate(row.created_at),
        })),
      };
    },

    async getReviewFile(request) {
      const actor = requireIdentity(request);
      const row = await findOwnReview(db, actor.user.id, request.body.fileId);
      if (!row) throw missing();
      if (row.status !== 'success' || !row.review_blob_id) throw notReady(row);
      const review = await readJson(blobs, row.review_blob_id);
      if (!review)
        throw notFound(`The review of '${row.name}' is missing from storage: upload the zip again.`);
      return review as never;
    },

    async downloadReviewFile(request, reply) {
      const actor = requireIdentity(request);
      const row = await findOwnReview(db, actor.user.id, request.body.fileId);
      if (!row) throw missing();
      if (row.status !== 'success' || !row.download_blob_id) throw notReady(row);
      const info = await blobs.info(row.download_blob_id);
      const stream = info ? await blobs.open(row.download_blob_id) : undefined;
      if (!info || !stream)
        throw notFound(`The enhanced zip of '${row.name}' is missing from storage: upload the zip again.`);
      const stem = row.name.replace(/\.zip$/i, '') || 'review';
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', `${stem}-enhanced.zip`))
        .header('content-length', String(info.size))
        .send(stream);
    },

    async deleteReviewFile(request) {
      const actor = requireIdentity(request);
      const row = await findOwnReview(db, actor.user.id, request.body.fileId);
      if (!row) throw missing();
      if (row.status === 'pending') {
        throw conflict(`'${row.name}' is still being reviewed: it can be deleted once the review ends.`);
      }
      // Its blobs go with the row, in the same statement (the trigger of migration 2).
      const { rowCount } = await db.query("DELETE FROM review_files WHERE id = $1 AND status <> 'pending'", [
        row.id,
      ]);
      if (rowCount === 0) throw missing();
      return { message: `Deleted '${row.name}'.` };
    },
  });
}

// Queries of the review_files table.
import type { Queryable } from '../../platform/db/db.js';

export type ReviewStatus = 'pending' | 'success' | 'failed';

export interface ReviewFileRow {
  id: string;
  owner_id: string;
  name: string;
  status: ReviewStatus;
  reason: string | null;
  zip_blob_id: string;
  review_blob_id: string | null;
  download_blob_id: string | null;
  size: string | number;
  files_done: number;
  files_total: number;
  function_count: number;
  created_at: Date | string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReviewId(value: string): boolean {
  return UUID.test(value);
}

/** The caller's file, or undefined (unknown id or someone else's: both look the same to them). */
export async function findOwnReview(
  db: Queryable,
  ownerId: string,
  id: string,
): Promise<ReviewFileRow | undefined> {
  if (!isReviewId(id)) return undefined;
  const { rows } = await db.query<ReviewFileRow>(
    'SELECT * FROM review_files WHERE id = $1 AND owner_id = $2',
    [id, ownerId],
  );
  return rows[0];
}

export async function findReview(db: Queryable, id: string): Promise<ReviewFileRow | undefined> {
  const { rows } = await db.query<ReviewFileRow>('SELECT * FROM review_files WHERE id = $1', [id]);
  return rows[0];
}

export async function listOwnReviews(db: Queryable, ownerId: string): Promise<ReviewFileRow[]> {
  const { rows } = await db.query<ReviewFileRow>(
    'SELECT * FROM review_files WHERE owner_id = $1 ORDER BY created_at, id',
    [ownerId],
  );
  return rows;
}

export async function countPending(db: Queryable, ownerId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM review_files WHERE owner_id = $1 AND status = 'pending'",
    [ownerId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function setProgress(db: Queryable, id: string, done: number, total: number): Promise<void> {
  await db.query(
    "UPDATE review_files SET files_done = $2, files_total = $3, updated_at = now() WHERE id = $1 AND status = 'pending'",
    [id, done, total],
  );
}

/** Ends a pending review as failed; false when it was no longer pending. */
export async function markFailed(db: Queryable, id: string, reason: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE review_files SET status = 'failed', reason = $2, updated_at = now(), finished_at = now()
     WHERE id = $1 AND status = 'pending'`,
    [id, reason],
  );
  return rowCount > 0;
}

export async function markSucceeded(
  db: Queryable,
  id: string,
  result: { reviewBlobId: string; downloadBlobId: string; filesTotal: number; functionCount: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE review_files SET status = 'success', reason = NULL, review_blob_id = $2, download_blob_id = $3,
       files_done = $4, files_total = $4, function_count = $5, updated_at = now(), finished_at = now()
     WHERE id = $1 AND status = 'pending'`,
    [id, result.reviewBlobId, result.downloadBlobId, result.filesTotal, result.functionCount],
  );
  return rowCount > 0;
}

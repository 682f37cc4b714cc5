// The review module's table: one row per uploaded zip, owned by the user who uploaded it. The zip's
// bytes, the review (JSON) and the enhanced download are platform blobs; the row carries the status,
// the progress while pending and the reason a review failed.
import type { Migration } from '../../platform/modules.js';

export const reviewMigrations: Migration[] = [
  {
    version: 1,
    name: 'code review files',
    sql: `
CREATE TABLE review_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed')),
  -- Why the review failed, in words a person can act on.
  reason text,
  -- The uploaded zip, the review JSON and the enhanced zip (platform blobs).
  zip_blob_id uuid NOT NULL,
  review_blob_id uuid,
  download_blob_id uuid,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL,
  -- Progress while pending: Python files reviewed of those in the zip.
  files_done integer NOT NULL DEFAULT 0,
  files_total integer NOT NULL DEFAULT 0,
  function_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX review_files_owner_idx ON review_files (owner_id, created_at);
CREATE INDEX review_files_pending_idx ON review_files (status) WHERE status = 'pending';
`,
  },
  {
    version: 2,
    name: 'a deleted review takes its blobs along',
    // However a row goes (the delete operation, or its owner deleted: ON DELETE CASCADE), its zip,
    // review JSON and download go in the same transaction (their chunks by blob_chunks' own cascade),
    // so a deleted user leaves no stored bytes behind. Blobs are rows of this database (platform/blobs).
    sql: `
CREATE FUNCTION review_files_delete_blobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM blobs WHERE id IN (OLD.zip_blob_id, OLD.review_blob_id, OLD.download_blob_id);
  RETURN OLD;
END
$$;
CREATE TRIGGER review_files_delete_blobs AFTER DELETE ON review_files
  FOR EACH ROW EXECUTE FUNCTION review_files_delete_blobs();
`,
  },
];

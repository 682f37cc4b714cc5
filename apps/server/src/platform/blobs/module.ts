// The blobs tables, as a module of their own so their migrations are tracked apart from the features'.
import type { FeatureModule } from '../modules.js';

export const blobsModule: FeatureModule = {
  name: 'blobs',
  migrations: [
    {
      version: 1,
      name: 'blobs and their chunks',
      sql: `
CREATE TABLE blobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL DEFAULT 'writing' CHECK (state IN ('writing', 'ready')),
  size bigint NOT NULL DEFAULT 0,
  sha256 text,
  content_type text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blobs_writing_idx ON blobs (created_at) WHERE state = 'writing';
CREATE TABLE blob_chunks (
  blob_id uuid NOT NULL REFERENCES blobs (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (blob_id, seq)
);
-- Chunks are already compressed or incompressible often enough: skip TOAST compression attempts.
ALTER TABLE blob_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
`,
    },
    {
      version: 2,
      name: 'blob chunks compressed with lz4 where the server has it',
      // lz4 (PostgreSQL 14+ built with it) compresses text and JSON chunks ~20x and gives up on zips
      // at once: ~25-30 % less time to write a review's JSON than storing it as is (EXTERNAL), which
      // pglz was no faster than. PGlite has no lz4: its chunks stay EXTERNAL.
      sql: `
DO $$
BEGIN
  ALTER TABLE blob_chunks ALTER COLUMN data SET COMPRESSION lz4;
  ALTER TABLE blob_chunks ALTER COLUMN data SET STORAGE EXTENDED;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
`,
    },
  ],
};

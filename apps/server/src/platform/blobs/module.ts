// The blobs tables, as a module of their own so their migrations are tracked apart from the features',
// and the periodic sweep of writes a process did not live to finish (the server also sweeps once as
// it starts): their rows and chunks go an hour after the write began, without waiting for a restart.
import type { FeatureContext } from '../../features/context.js';
import type { FeatureModule, Migration } from '../modules.js';

export interface BlobsModuleOptions {
  /** How often abandoned writes (`writing` for over an hour) are looked for. @default 5 minutes */
  sweepIntervalMs?: number;
}

export function createBlobsModule(options: BlobsModuleOptions = {}): FeatureModule {
  const sweepIntervalMs = options.sweepIntervalMs ?? 5 * 60_000;
  // One module object may serve several app instances in one process (tests).
  const timers = new Set<NodeJS.Timeout>();
  return {
    name: 'blobs',
    migrations: blobsMigrations,
    async start({ blobs, log }: FeatureContext) {
      const timer = setInterval(() => {
        blobs.sweepAbandoned().then(
          (swept) => {
            if (swept > 0) log.warn({ blobs: swept }, 'abandoned uploads removed');
          },
          (error: unknown) => log.warn({ err: error }, 'could not sweep abandoned uploads'),
        );
      }, sweepIntervalMs);
      timer.unref();
      timers.add(timer);
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
    },
  };
}

const blobsMigrations: readonly Migration[] = [
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
];

export const blobsModule: FeatureModule = createBlobsModule();

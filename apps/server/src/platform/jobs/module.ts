// The jobs table, as a module of its own so its migrations are tracked apart from the features'.
import type { FeatureModule } from '../modules.js';

export const jobsModule: FeatureModule = {
  name: 'jobs',
  migrations: [
    {
      version: 1,
      name: 'jobs',
      sql: `
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  queue text NOT NULL CHECK (length(queue) > 0),
  payload jsonb NOT NULL DEFAULT 'null'::jsonb,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  dedupe_key text,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- At most one waiting job per key and queue.
CREATE UNIQUE INDEX jobs_waiting_dedupe_idx ON jobs (queue, dedupe_key) WHERE state = 'queued' AND dedupe_key IS NOT NULL;
CREATE INDEX jobs_ready_idx ON jobs (queue, run_at) WHERE state = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (queue, locked_until) WHERE state = 'running';
`,
    },
    {
      version: 2,
      name: 'jobs by key, newest first',
      // A key's jobs in any state, newest first: what the sweeps finding documents and reviews left
      // without a live job ask for each one waiting. Without it each asked with a scan of the
      // jobs, so 10,000 documents queued at once (bench/scale.ts) took minutes per sweep.
      sql: `CREATE INDEX jobs_dedupe_idx ON jobs (queue, dedupe_key, created_at DESC) WHERE dedupe_key IS NOT NULL;`,
    },
    {
      version: 3,
      name: 'the trace of what queued a job',
      // The W3C traceparent of the span that queued the job (tracing on only), which its attempts'
      // spans continue: an upload and the ingestion it queued are one trace.
      sql: 'ALTER TABLE jobs ADD COLUMN trace_parent text;',
    },
  ],
};

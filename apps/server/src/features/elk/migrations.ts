// The ELK module's tables: each user's ELK session (what the conversation is about, so follow-ups
// resolve against it on any instance), and the embedded metrics store used when no Elasticsearch is
// configured: host metadata per series (environment, tenant) and one sample per series every 5 minutes.
import type { Migration } from '../../platform/modules.js';

export const elkMigrations: Migration[] = [
  {
    version: 1,
    name: 'elk sessions and embedded metrics',
    sql: `
CREATE TABLE elk_sessions (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- What the topic is about so far: environment, tenant, metrics, period (see features/elk/session.ts).
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE elk_hosts (
  environment text NOT NULL,
  tenant text NOT NULL,
  machine_type text NOT NULL,
  total_memory_gb numeric NOT NULL CHECK (total_memory_gb > 0),
  PRIMARY KEY (environment, tenant)
);

CREATE TABLE elk_metrics (
  environment text NOT NULL,
  tenant text NOT NULL,
  ts timestamptz NOT NULL,
  cpu_pct real NOT NULL,
  memory_pct real NOT NULL,
  requests integer NOT NULL,
  errors integer NOT NULL,
  p95_ms real NOT NULL,
  -- No foreign key to elk_hosts: checking it per row made seeding several times slower.
  PRIMARY KEY (environment, tenant, ts)
);
CREATE INDEX elk_metrics_tenant_idx ON elk_metrics (tenant, ts);
`,
  },
];

// The audit module's table: who did what, when. Version 1 is the DDL the `core` module's version 1
// released, made idempotent: a database created before this module has the table, and it changes
// nothing there.
import type { Migration } from '../../platform/modules.js';

export const auditMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'audit events',
    sql: `
CREATE TABLE IF NOT EXISTS audit_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor text NOT NULL,
  action text NOT NULL,
  target text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX IF NOT EXISTS audit_events_at_idx ON audit_events (at DESC);
CREATE INDEX IF NOT EXISTS audit_events_actor_idx ON audit_events (actor, at DESC);
`,
  },
];

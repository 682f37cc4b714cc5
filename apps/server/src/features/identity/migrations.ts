// The identity module's tables: browser sessions and the checks of sign-ins in progress
// (sso_states). Version 1 is the DDL the `core` module's version 1 released, made idempotent: a
// database created before this module has the tables, and it changes nothing there. After users in
// src/modules.ts: a session references its user.
import type { Migration } from '../../platform/modules.js';

export const identityMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'sessions and sign-ins in progress',
    sql: `
CREATE TABLE IF NOT EXISTS sessions (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  xsrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_expires_idx ON sessions (expires_at);
CREATE TABLE IF NOT EXISTS sso_states (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
];

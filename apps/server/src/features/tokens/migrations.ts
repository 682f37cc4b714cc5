// The tokens module's table: personal access tokens, stored as their SHA-256. Version 1 is the DDL
// the `core` module's version 1 released, made idempotent: a database created before this module
// has the table, and it changes nothing there. After users in src/modules.ts: a token references
// its owner.
import type { Migration } from '../../platform/modules.js';

export const tokensMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'personal access tokens',
    sql: `
CREATE TABLE IF NOT EXISTS personal_access_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS personal_access_tokens_user_idx ON personal_access_tokens (user_id, created_at DESC);
`,
  },
];

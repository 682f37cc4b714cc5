// The users module's table. Version 1 is the DDL the `core` module's version 1 released, made
// idempotent: a database created before this module has the table, and it changes nothing there.
// After roles in src/modules.ts: a user's role references role_groups.
import type { Migration } from '../../platform/modules.js';

export const usersMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'users',
    sql: `
CREATE TABLE IF NOT EXISTS users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  name text NOT NULL,
  role text NOT NULL REFERENCES role_groups (name) ON UPDATE CASCADE,
  is_active boolean NOT NULL DEFAULT true,
  is_bot_account boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS users_role_idx ON users (role);
`,
  },
];

// Schema migrations, applied in order at start-up (server and admin CLI) on PGlite and PostgreSQL
// alike. Kept as TypeScript strings so the bundled dist/ needs no SQL files beside it. Never edit
// a released migration: append a new one.
import { ADMIN_ROLE, FEATURES, SEED_ROLE_GROUPS } from '../rbac/features.js';
import type { Db } from './db.js';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

function quote(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const seedRoleGroups = SEED_ROLE_GROUPS.map(
  (group) =>
    `INSERT INTO role_groups (name) VALUES (${quote(group.name)}) ON CONFLICT DO NOTHING;\n` +
    group.features
      .map(
        (feature) =>
          `INSERT INTO role_group_features (role_name, feature) VALUES (${quote(group.name)}, ${quote(feature)}) ON CONFLICT DO NOTHING;`,
      )
      .join('\n'),
).join('\n');

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'identity, roles, sessions, tokens, audit',
    sql: `
CREATE TABLE role_groups (
  name text PRIMARY KEY CHECK (length(btrim(name)) > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE role_group_features (
  role_name text NOT NULL REFERENCES role_groups (name) ON DELETE CASCADE ON UPDATE CASCADE,
  feature text NOT NULL,
  PRIMARY KEY (role_name, feature)
);
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  name text NOT NULL,
  role text NOT NULL REFERENCES role_groups (name) ON UPDATE CASCADE,
  is_active boolean NOT NULL DEFAULT true,
  is_bot_account boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_role_idx ON users (role);
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  xsrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
CREATE TABLE personal_access_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX personal_access_tokens_user_idx ON personal_access_tokens (user_id, created_at DESC);
CREATE TABLE audit_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor text NOT NULL,
  action text NOT NULL,
  target text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_events_at_idx ON audit_events (at DESC);
CREATE INDEX audit_events_actor_idx ON audit_events (actor, at DESC);
CREATE TABLE sso_states (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  { version: 2, name: 'seed role groups', sql: seedRoleGroups },
];

// Arbitrary constant: serialises concurrent start-ups of several instances on one PostgreSQL.
const MIGRATION_LOCK = 4_711_2025;

/** Applies pending migrations and re-grants CORE_ADMINS every feature. Returns the versions applied. */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    // Features added in later releases reach the administrators without a manual step.
    await tx.query('INSERT INTO role_groups (name) VALUES ($1) ON CONFLICT DO NOTHING', [ADMIN_ROLE]);
    await tx.query(
      `INSERT INTO role_group_features (role_name, feature)
       SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [ADMIN_ROLE, [...FEATURES]],
    );
    return done;
  });
}

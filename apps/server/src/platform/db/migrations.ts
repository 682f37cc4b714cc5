// Schema migrations, applied in order at start-up (server and admin CLI) on PGlite and PostgreSQL
// alike, per module: each module's migrations are tracked under its name in schema_migrations.
// Kept as TypeScript strings so the bundled dist/ needs no SQL files beside it. Never edit a
// released migration: append a new one.
import type { FeatureModule, Migration } from '../modules.js';
import { ADMIN_ROLE, SEED_ROLE_GROUPS } from '../rbac/features.js';
import type { Db, Queryable } from './db.js';

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

/**
 * The single list of migrations from before modules, tracked as the `core` module: every database
 * records its versions 1-3 (those created then have them, and new ones apply them too).
 *
 * Its tables are the modules' now: roles (role_groups, role_group_features, the seed), users,
 * identity (sessions, sso_states), tokens (personal_access_tokens) and audit (audit_events), each
 * with a first migration of the same DDL as `CREATE ... IF NOT EXISTS`. They come before core in
 * src/modules.ts, so:
 * - on a database from before them (core 1-3 recorded) their migrations find the tables and create
 *   nothing, and roles' seed sees core's and adds nothing;
 * - on a new database they create the tables, and core's versions then find their work done: version
 *   1 creates nothing (the one edit of a released migration here, `IF NOT EXISTS`: wherever it had
 *   not run yet, the tables did not exist, so it did the same), 2 and 3 insert what is there already.
 * Both end with the same schema (the schema tests in migrations.test.ts and upgrade.test.ts).
 */
export const CORE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'identity, roles, sessions, tokens, audit',
    sql: `
CREATE TABLE IF NOT EXISTS role_groups (
  name text PRIMARY KEY CHECK (length(btrim(name)) > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS role_group_features (
  role_name text NOT NULL REFERENCES role_groups (name) ON DELETE CASCADE ON UPDATE CASCADE,
  feature text NOT NULL,
  PRIMARY KEY (role_name, feature)
);
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
CREATE TABLE IF NOT EXISTS sso_states (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  { version: 2, name: 'seed role groups', sql: seedRoleGroups },
  {
    version: 3,
    name: 'the PGA capability is a feature',
    // The PGA department was unlocked by the role group's name, which delegation (comparing
    // features) could not see: PGA held exactly STAFF's features, so a delegate holding those could
    // move anyone into PGA. It is the feature knowledge_pga now, granted where the name granted it
    // (CORE_ADMINS gets every feature at each start-up anyway).
    sql: `INSERT INTO role_group_features (role_name, feature)
SELECT name, 'knowledge_pga' FROM role_groups WHERE name IN ('PGA', ${quote(ADMIN_ROLE)})
ON CONFLICT DO NOTHING;`,
  },
];

/**
 * Its versions are those of the single migration list that came before modules, so databases
 * created then count them as applied. After roles, users, identity, tokens and audit (see above).
 */
export const coreModule: FeatureModule = { name: 'core', migrations: CORE_MIGRATIONS };

// Arbitrary constant: serialises concurrent start-ups of several instances on one PostgreSQL.
const MIGRATION_LOCK = 4_711_2025;

export interface AppliedMigration {
  module: string;
  version: number;
}

/** Throws when module names repeat or a module's versions are not unique and ascending. */
export function checkModules(modules: readonly FeatureModule[]): void {
  const names = new Set<string>();
  for (const module of modules) {
    if (!module.name.trim()) throw new Error('A module has an empty name');
    if (names.has(module.name)) throw new Error(`Two modules are named ${module.name}`);
    names.add(module.name);
    let previous = 0;
    for (const migration of module.migrations ?? []) {
      if (!Number.isInteger(migration.version) || migration.version <= previous) {
        throw new Error(
          `Migrations of module ${module.name} must have ascending versions from 1: ${migration.version} follows ${previous}`,
        );
      }
      previous = migration.version;
    }
  }
}

// Before modules, schema_migrations had one row per version of the single list, keyed by version
// alone. Those rows are the core module's: they gain module = 'core' and the key becomes
// (module, version). Idempotent, run under the migration lock.
async function upgradeTrackingTable(tx: Queryable): Promise<void> {
  await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    module text NOT NULL DEFAULT 'core',
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (module, version)
  )`);
  await tx.exec(`ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS module text NOT NULL DEFAULT 'core'`);
  const { rows } = await tx.query<{ columns: number }>(
    `SELECT array_length(index.indkey::int2[], 1) AS columns
     FROM pg_index index
     WHERE index.indrelid = 'schema_migrations'::regclass AND index.indisprimary`,
  );
  if (rows[0]?.columns === 1) {
    await tx.exec(`ALTER TABLE schema_migrations DROP CONSTRAINT schema_migrations_pkey;
      ALTER TABLE schema_migrations ADD PRIMARY KEY (module, version)`);
  }
}

/**
 * Applies the pending migrations of every module, in list order, in one transaction; then, in it,
 * runs each module's afterMigrations (roles': CORE_ADMINS gets every feature). Returns what it
 * applied.
 */
export async function migrate(db: Db, modules: readonly FeatureModule[]): Promise<AppliedMigration[]> {
  checkModules(modules);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await upgradeTrackingTable(tx);
    const { rows } = await tx.query<{ module: string; version: number }>(
      'SELECT module, version FROM schema_migrations',
    );
    const applied = new Set(rows.map((row) => `${row.module}:${row.version}`));
    const done: AppliedMigration[] = [];
    for (const module of modules) {
      for (const migration of module.migrations ?? []) {
        if (applied.has(`${module.name}:${migration.version}`)) continue;
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO schema_migrations (module, version, name) VALUES ($1, $2, $3)', [
          module.name,
          migration.version,
          migration.name,
        ]);
        done.push({ module: module.name, version: migration.version });
      }
    }
    for (const module of modules) await module.afterMigrations?.(tx);
    return done;
  });
}

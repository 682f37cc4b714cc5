import { describe, expect, it } from 'vitest';
import { MODULES } from '../../modules.js';
import { BACKENDS, type Backend, openTestDb } from '../../test/harness.js';
import { schemaOf } from '../../test/schema.js';
import type { FeatureModule } from '../modules.js';
import { FEATURES } from '../rbac/features.js';
import type { Db } from './db.js';
import { CORE_MIGRATIONS, migrate } from './migrations.js';

/** An empty database (no migrations applied). */
const openEmptyDb = (backend: Backend) => openTestDb(backend, []);

/** What the release before modules did: one list, tracked by version alone. */
async function migrateAsBeforeModules(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    for (const migration of CORE_MIGRATIONS) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
  });
}

describe.each(BACKENDS)('migrations on %s', (backend) => {
  it('apply once, record themselves per module and seed the role groups', async () => {
    const { db, cleanup } = await openTestDb(backend);
    try {
      expect(await migrate(db, MODULES)).toEqual([]);
      const applied = await db.query<{ module: string; version: number }>(
        'SELECT module, version FROM schema_migrations ORDER BY module, version',
      );
      const expected = MODULES.flatMap((module) =>
        (module.migrations ?? []).map((migration) => ({ module: module.name, version: migration.version })),
      ).sort((a, b) => a.module.localeCompare(b.module) || a.version - b.version);
      expect(applied.rows).toEqual(expected);
      expect(applied.rows).toContainEqual({ module: 'core', version: 2 });
      expect(applied.rows).toContainEqual({ module: 'jobs', version: 1 });
      const groups = await db.query<{ role_name: string; count: number }>(
        'SELECT role_name, count(*)::int AS count FROM role_group_features GROUP BY role_name ORDER BY role_name',
      );
      expect(groups.rows).toEqual([
        { role_name: 'CORE_ADMINS', count: FEATURES.length },
        { role_name: 'PGA', count: 11 },
        { role_name: 'STAFF', count: 10 },
      ]);
    } finally {
      await cleanup();
    }
  });

  it('upgrade a database migrated before modules: its migrations count as core, the rest apply', async () => {
    const { db, cleanup } = await openEmptyDb(backend);
    try {
      await migrateAsBeforeModules(db);
      await db.query("INSERT INTO users (email, name, role) VALUES ('kept@example.com', 'Kept', 'STAFF')");

      const applied = await migrate(db, MODULES);
      // Nothing of core runs twice (version 1 would fail: its tables exist); new modules apply.
      expect(applied.filter((migration) => migration.module === 'core')).toEqual([]);
      expect(applied).toContainEqual({ module: 'jobs', version: 1 });
      expect(applied).toContainEqual({ module: 'blobs', version: 1 });
      const { rows } = await db.query<{ module: string; version: number }>(
        "SELECT module, version FROM schema_migrations WHERE module = 'core' ORDER BY version",
      );
      expect(rows).toEqual(
        CORE_MIGRATIONS.map((migration) => ({ module: 'core', version: migration.version })),
      );
      const users = await db.query("SELECT 1 FROM users WHERE email = 'kept@example.com'");
      expect(users.rows).toHaveLength(1);

      // Version 1 of another module no longer collides with core's version 1.
      const extra: FeatureModule = {
        name: 'extra',
        migrations: [{ version: 1, name: 'extra table', sql: 'CREATE TABLE extra_things (id int)' }],
      };
      expect(await migrate(db, [...MODULES, extra])).toEqual([{ module: 'extra', version: 1 }]);
      expect(await migrate(db, [...MODULES, extra])).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  it('end with the same schema on a new database and on one migrated before modules', async () => {
    const fresh = await openEmptyDb(backend);
    const old = await openEmptyDb(backend);
    try {
      await migrate(fresh.db, MODULES);
      await migrateAsBeforeModules(old.db);
      await migrate(old.db, MODULES);
      const expected = await schemaOf(fresh.db);
      expect(expected.columns.some((line) => line.startsWith('personal_access_tokens '))).toBe(true);
      expect(await schemaOf(old.db)).toEqual(expected);
      // The tables moved to modules are theirs on the new database: core created none of them.
      const { rows } = await fresh.db.query<{ module: string; version: number }>(
        "SELECT module, version FROM schema_migrations WHERE module IN ('roles', 'users', 'identity', 'tokens', 'audit', 'core') ORDER BY module, version",
      );
      expect(rows.map((row) => `${row.module}:${row.version}`)).toEqual([
        'audit:1',
        'core:1',
        'core:2',
        'core:3',
        'identity:1',
        'roles:1',
        'roles:2',
        'tokens:1',
        'users:1',
      ]);
    } finally {
      await fresh.cleanup();
      await old.cleanup();
    }
  });

  it('seed the role groups on a database from before modules only once: removed groups stay removed', async () => {
    const { db, cleanup } = await openEmptyDb(backend);
    try {
      await migrateAsBeforeModules(db);
      await db.query("DELETE FROM role_groups WHERE name = 'PGA'");
      await db.query("DELETE FROM role_group_features WHERE role_name = 'STAFF' AND feature = 'chat'");
      const applied = await migrate(db, MODULES);
      expect(applied).toContainEqual({ module: 'roles', version: 2 });
      const { rows } = await db.query<{ name: string }>('SELECT name FROM role_groups ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(['CORE_ADMINS', 'STAFF']);
      const chat = await db.query(
        "SELECT 1 FROM role_group_features WHERE role_name = 'STAFF' AND feature = 'chat'",
      );
      expect(chat.rows).toHaveLength(0);
    } finally {
      await cleanup();
    }
  });

  it('refuse module lists with a repeated name or versions out of order, applying nothing', async () => {
    const { db, cleanup } = await openTestDb(backend);
    try {
      const table = (version: number) => ({
        version,
        name: 'x',
        sql: `CREATE TABLE bad_${version} (id int)`,
      });
      await expect(migrate(db, [...MODULES, { name: 'core' }])).rejects.toThrow('Two modules are named core');
      await expect(
        migrate(db, [...MODULES, { name: 'bad', migrations: [table(2), table(1)] }]),
      ).rejects.toThrow('ascending versions');
      const { rows } = await db.query("SELECT 1 FROM schema_migrations WHERE module = 'bad'");
      expect(rows).toHaveLength(0);
    } finally {
      await cleanup();
    }
  });

  it('roll back every migration of a start when one fails', async () => {
    const { db, cleanup } = await openTestDb(backend);
    try {
      const broken: FeatureModule = {
        name: 'broken',
        migrations: [
          { version: 1, name: 'fine', sql: 'CREATE TABLE broken_fine (id int)' },
          { version: 2, name: 'typo', sql: 'CREATE TABLEX oops (id int)' },
        ],
      };
      await expect(migrate(db, [...MODULES, broken])).rejects.toThrow();
      const { rows } = await db.query("SELECT to_regclass('broken_fine') AS found");
      expect(rows[0]).toEqual({ found: null });
    } finally {
      await cleanup();
    }
  });

  it('grant the PGA capability where the role group name granted it, on a database from before it', async () => {
    const { db, cleanup } = await openEmptyDb(backend);
    try {
      const before = MODULES.map((module) =>
        module.name === 'core'
          ? { ...module, migrations: CORE_MIGRATIONS.filter((migration) => migration.version <= 2) }
          : module,
      );
      await migrate(db, before);
      await db.query("INSERT INTO role_groups (name) VALUES ('LOOKS_LIKE_STAFF')");
      await db.query(
        `INSERT INTO role_group_features (role_name, feature)
         SELECT 'LOOKS_LIKE_STAFF', feature FROM role_group_features WHERE role_name = 'STAFF'`,
      );
      expect(await migrate(db, MODULES)).toEqual([{ module: 'core', version: 3 }]);
      const { rows } = await db.query<{ role_name: string }>(
        "SELECT role_name FROM role_group_features WHERE feature = 'knowledge_pga' ORDER BY role_name",
      );
      expect(rows.map((row) => row.role_name)).toEqual(['CORE_ADMINS', 'PGA']);
    } finally {
      await cleanup();
    }
  });

  it('give CORE_ADMINS back any feature it lost at the next start', async () => {
    const { db, cleanup } = await openTestDb(backend);
    try {
      await db.query("DELETE FROM role_group_features WHERE role_name = 'CORE_ADMINS' AND feature = 'chat'");
      await migrate(db, MODULES);
      const { rows } = await db.query(
        "SELECT 1 FROM role_group_features WHERE role_name = 'CORE_ADMINS' AND feature = 'chat'",
      );
      expect(rows).toHaveLength(1);
    } finally {
      await cleanup();
    }
  });

  it('store e-mails lowercase only', async () => {
    const { db, cleanup } = await openTestDb(backend);
    try {
      await expect(
        db.query("INSERT INTO users (email, name, role) VALUES ('Mixed@Example.com', 'M', 'STAFF')"),
      ).rejects.toThrow();
    } finally {
      await cleanup();
    }
  });
});

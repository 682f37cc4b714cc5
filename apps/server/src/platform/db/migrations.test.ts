import { describe, expect, it } from 'vitest';
import { BACKENDS, openTestDb } from '../../test/harness.js';
import { FEATURES } from '../rbac/features.js';
import { MIGRATIONS, migrate } from './migrations.js';

describe.each(BACKENDS)('migrations on %s', (backend) => {
  it('apply once, record themselves and seed the role groups', async () => {
    const { db, cleanup } = await openTestDb(backend);
    try {
      expect(await migrate(db)).toEqual([]);
      const applied = await db.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(applied.rows.map((row) => row.version)).toEqual(
        MIGRATIONS.map((migration) => migration.version),
      );
      const groups = await db.query<{ role_name: string; count: number }>(
        'SELECT role_name, count(*)::int AS count FROM role_group_features GROUP BY role_name ORDER BY role_name',
      );
      expect(groups.rows).toEqual([
        { role_name: 'CORE_ADMINS', count: FEATURES.length },
        { role_name: 'PGA', count: 10 },
        { role_name: 'STAFF', count: 10 },
      ]);
    } finally {
      await cleanup();
    }
  });

  it('give CORE_ADMINS back any feature it lost at the next start', async () => {
    const { db, cleanup } = await openTestDb(backend);
    try {
      await db.query("DELETE FROM role_group_features WHERE role_name = 'CORE_ADMINS' AND feature = 'chat'");
      await migrate(db);
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

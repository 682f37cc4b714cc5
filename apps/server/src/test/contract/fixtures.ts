// Keeps the callers of a generated test alive: generated requests may delete them, change their role,
// deactivate them or strip their role group's features. A snapshot of those users and of the role
// groups, taken once, is put back after any request that may have changed something.
import type { Db, Queryable } from '../../platform/db/db.js';

type Row = Record<string, unknown>;

export interface Snapshot {
  users: Row[];
  roleGroups: Row[];
  features: Array<{ role_name: string; feature: string }>;
}

export async function takeSnapshot(db: Queryable, emails: readonly string[]): Promise<Snapshot> {
  const users = await db.query<Row>('SELECT * FROM users WHERE email = ANY($1::text[])', [[...emails]]);
  const roleGroups = await db.query<Row>('SELECT * FROM role_groups');
  const features = await db.query<{ role_name: string; feature: string }>(
    'SELECT role_name, feature FROM role_group_features',
  );
  return { users: users.rows, roleGroups: roleGroups.rows, features: features.rows };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Inserts `row`, or on conflict on `key` sets every column back to its value. */
async function upsert(tx: Queryable, table: string, key: string, row: Row): Promise<void> {
  const columns = Object.keys(row);
  const updates = columns.filter((column) => column !== key);
  await tx.query(
    `INSERT INTO ${table} (${columns.map(quote).join(', ')})
     VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})
     ON CONFLICT (${quote(key)}) DO ${
       updates.length > 0
         ? `UPDATE SET ${updates.map((column) => `${quote(column)} = EXCLUDED.${quote(column)}`).join(', ')}`
         : 'NOTHING'
     }`,
    columns.map((column) => row[column]),
  );
}

/** Puts the snapshot's role groups (with exactly their features) and users back. */
export async function restoreSnapshot(db: Db, snapshot: Snapshot): Promise<void> {
  await db.transaction(async (tx) => {
    for (const group of snapshot.roleGroups) await upsert(tx, 'role_groups', 'name', group);
    const names = snapshot.roleGroups.map((group) => String(group.name));
    await tx.query('DELETE FROM role_group_features WHERE role_name = ANY($1::text[])', [names]);
    await tx.query(
      'INSERT INTO role_group_features (role_name, feature) SELECT * FROM unnest($1::text[], $2::text[])',
      [snapshot.features.map((row) => row.role_name), snapshot.features.map((row) => row.feature)],
    );
    for (const user of snapshot.users) {
      // A user deleted and added again by a request has a new id: make room for the original.
      await tx.query('DELETE FROM users WHERE email = $1 AND id <> $2', [user.email, user.id]);
      await upsert(tx, 'users', 'id', user);
    }
  });
}

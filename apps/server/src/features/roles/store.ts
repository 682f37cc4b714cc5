// Role groups and their feature permissions in the database.
import type { Queryable } from '../../platform/db/db.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { ADMIN_ROLE, FEATURES, type Feature, isFeature } from '../../platform/rbac/features.js';

/** The spec's message (its spelling included) for a role group without a name or features. */
export const INVALID_ROLE_INPUT = 'Invalid input vaules';

export interface RoleGroup {
  role_name: string;
  feature_names: Feature[];
}

const featureOrder = new Map<string, number>(FEATURES.map((feature, index) => [feature, index]));

// Stored names were checked against the contract when written.
function sortFeatures(features: Iterable<string>): Feature[] {
  return ([...features] as Feature[]).sort(
    (a, b) => (featureOrder.get(a) ?? 999) - (featureOrder.get(b) ?? 999),
  );
}

function assertFeatures(features: readonly string[]): void {
  const unknown = features.filter((feature) => !isFeature(feature));
  if (unknown.length > 0) throw badRequest(`Unknown feature(s): ${unknown.join(', ')}.`, { unknown });
}

/**
 * Gives CORE_ADMINS every feature (creating the group if it is missing), so features added in later
 * releases reach the administrators without a manual step. The roles module's afterMigrations: run
 * at each start-up in the migration transaction, under its lock.
 */
export async function grantAdminsEveryFeature(tx: Queryable): Promise<void> {
  await tx.query('INSERT INTO role_groups (name) VALUES ($1) ON CONFLICT DO NOTHING', [ADMIN_ROLE]);
  await tx.query(
    `INSERT INTO role_group_features (role_name, feature)
     SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
    [ADMIN_ROLE, [...FEATURES]],
  );
}

export async function listRoleGroups(db: Queryable): Promise<Array<RoleGroup & { user_count: number }>> {
  const { rows } = await db.query<{ name: string; features: string[]; user_count: number }>(
    `SELECT g.name,
            coalesce((SELECT array_agg(f.feature) FROM role_group_features f WHERE f.role_name = g.name), '{}'::text[]) AS features,
            (SELECT count(*)::int FROM users u WHERE u.role = g.name) AS user_count
       FROM role_groups g ORDER BY g.name`,
  );
  return rows.map((row) => ({
    role_name: row.name,
    feature_names: sortFeatures(row.features),
    user_count: row.user_count,
  }));
}

export async function findRoleGroup(db: Queryable, name: string): Promise<RoleGroup | undefined> {
  const { rows } = await db.query<{ name: string; features: string[] }>(
    `SELECT g.name,
            coalesce((SELECT array_agg(f.feature) FROM role_group_features f WHERE f.role_name = g.name), '{}'::text[]) AS features
       FROM role_groups g WHERE g.name = $1`,
    [name],
  );
  const row = rows[0];
  return row ? { role_name: row.name, feature_names: sortFeatures(row.features) } : undefined;
}

export async function getRoleGroup(db: Queryable, name: string): Promise<RoleGroup> {
  const group = await findRoleGroup(db, name);
  if (!group) throw notFound(`Role group '${name}' does not exist.`);
  return group;
}

/**
 * How role names are compared, the same way as the client's check (`roleNameKey` of
 * @digital-assistant/react): trimmed and regardless of case, so 'staff' is the existing 'STAFF'.
 * Compared here rather than with SQL lower(), whose case folding depends on the database's locale.
 */
export function roleNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** "Role '{name}' already exists." (spec), naming the existing group when it is spelled otherwise. */
export function roleExistsMessage(name: string, existingName: string): string {
  return existingName === name
    ? `Role '${name}' already exists.`
    : `Role '${name}' already exists as '${existingName}'.`;
}

// Arbitrary constant: serialises role group creations, so two differently cased names sent at once
// cannot both pass the check (PostgreSQL with several connections or instances).
const ROLE_GROUP_CREATE_LOCK = 4_711_2026;

/** Creates a role group; names are unique trimmed and regardless of case (409 otherwise). */
export async function createRoleGroup(
  tx: Queryable,
  name: string,
  features: readonly string[],
): Promise<RoleGroup> {
  const roleName = name.trim();
  if (!roleName || features.length === 0) throw badRequest(INVALID_ROLE_INPUT);
  assertFeatures(features);
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLE_GROUP_CREATE_LOCK]);
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM role_groups');
  const existing = rows.find((row) => roleNameKey(row.name) === roleNameKey(roleName));
  if (existing) throw conflict(roleExistsMessage(roleName, existing.name));
  const inserted = await tx.query(
    'INSERT INTO role_groups (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name',
    [roleName],
  );
  if (inserted.rows.length === 0) throw conflict(roleExistsMessage(roleName, roleName));
  await tx.query('INSERT INTO role_group_features (role_name, feature) SELECT $1, unnest($2::text[])', [
    roleName,
    [...new Set(features)],
  ]);
  return { role_name: roleName, feature_names: sortFeatures(new Set(features)) };
}

/** Adds or removes features; CORE_ADMINS always keeps every feature and no group is left empty. */
export async function updateRoleGroupFeatures(
  tx: Queryable,
  name: string,
  features: readonly string[],
  action: 'add' | 'remove',
): Promise<{ before: RoleGroup; after: RoleGroup }> {
  assertFeatures(features);
  const { rows } = await tx.query('SELECT 1 FROM role_groups WHERE name = $1 FOR UPDATE', [name]);
  if (rows.length === 0) throw notFound(`Role group '${name}' does not exist.`);
  const before = await getRoleGroup(tx, name);
  if (action === 'add') {
    await tx.query(
      'INSERT INTO role_group_features (role_name, feature) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
      [name, [...new Set(features)]],
    );
  } else {
    if (name === ADMIN_ROLE) {
      throw conflict(`${ADMIN_ROLE} always holds every feature; its features cannot be removed.`);
    }
    const remaining = before.feature_names.filter((feature) => !features.includes(feature));
    if (remaining.length === 0) {
      throw conflict(`Role group '${name}' needs at least one feature; delete the role group instead.`);
    }
    await tx.query('DELETE FROM role_group_features WHERE role_name = $1 AND feature = ANY($2::text[])', [
      name,
      [...features],
    ]);
  }
  return { before, after: await getRoleGroup(tx, name) };
}

/**
 * Deletes a role group. Refused (409) for CORE_ADMINS, for the default role group of new users, and
 * while users hold it: they must be moved to another role group first.
 */
export async function deleteRoleGroup(tx: Queryable, name: string, defaultRole: string): Promise<RoleGroup> {
  const { rows } = await tx.query('SELECT 1 FROM role_groups WHERE name = $1 FOR UPDATE', [name]);
  if (rows.length === 0) throw notFound(`Role group '${name}' does not exist.`);
  if (name === ADMIN_ROLE)
    throw conflict(`The ${ADMIN_ROLE} role group cannot be deleted: it holds the administrators.`);
  if (name === defaultRole) {
    throw conflict(
      `Role group '${name}' cannot be deleted: new users get it when they first sign in (DEFAULT_ROLE).`,
    );
  }
  const { rows: holders } = await tx.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM users WHERE role = $1',
    [name],
  );
  const count = holders[0]?.count ?? 0;
  if (count > 0) {
    throw conflict(
      `Role group '${name}' cannot be deleted: ${count} ${count === 1 ? 'user still holds' : 'users still hold'} it. Move ${count === 1 ? 'that user' : 'them'} to another role group first.`,
    );
  }
  const group = await getRoleGroup(tx, name);
  await tx.query('DELETE FROM role_groups WHERE name = $1', [name]);
  return group;
}

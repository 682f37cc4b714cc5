// Users in the database. E-mail addresses are stored lowercase, so every comparison is
// case-insensitive. Shared by the users operations, the SSO callback and the admin CLI.
import type { UserRecord } from '../../platform/auth/identity.js';
import type { Queryable } from '../../platform/db/db.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { ADMIN_ROLE } from '../../platform/rbac/features.js';

export interface UserProfile {
  email: string;
  name: string;
  role: string;
  /** False for a deactivated user (listed profiles carry it). */
  is_active?: boolean;
}

const USER_COLUMNS = 'id, email, name, role, is_active, is_bot_account';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toProfile(user: UserProfile): UserProfile {
  return { email: user.email, name: user.name, role: user.role };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [
    normalizeEmail(email),
  ]);
  return rows[0];
}

export async function roleGroupExists(db: Queryable, role: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM role_groups WHERE name = $1', [role]);
  return rows.length > 0;
}

async function assertRoleGroup(db: Queryable, role: string): Promise<void> {
  if (!(await roleGroupExists(db, role))) throw notFound(`Role group '${role}' does not exist.`);
}

/** Adds a user; 409 when the e-mail exists, 404 when the role group does not. */
export async function createUser(
  db: Queryable,
  input: { email: string; name: string; role: string; isBotAccount?: boolean },
): Promise<UserRecord> {
  const email = normalizeEmail(input.email);
  await assertRoleGroup(db, input.role);
  const { rows } = await db.query<UserRecord>(
    `INSERT INTO users (email, name, role, is_bot_account) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
    [email, input.name.trim(), input.role, input.isBotAccount ?? false],
  );
  if (!rows[0]) throw conflict(`User ${email} already exists.`);
  return rows[0];
}

/**
 * The user proved by single sign-on: created with `defaultRole` on first sign-in, name refreshed
 * from the identity provider afterwards.
 */
export async function upsertSsoUser(
  db: Queryable,
  input: { email: string; name: string; defaultRole: string },
): Promise<{ user: UserRecord; isNew: boolean }> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (existing.name !== input.name) {
      await db.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1', [
        existing.id,
        input.name,
      ]);
    }
    return { user: { ...existing, name: input.name }, isNew: false };
  }
  if (!(await roleGroupExists(db, input.defaultRole))) {
    throw new Error(`DEFAULT_ROLE '${input.defaultRole}' is not an existing role group`);
  }
  const { rows } = await db.query<UserRecord>(
    `INSERT INTO users (email, name, role) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
     RETURNING ${USER_COLUMNS}`,
    [normalizeEmail(input.email), input.name, input.defaultRole],
  );
  return { user: rows[0]!, isNew: true };
}

/** Every profile (`email` '*') or the one with that e-mail, ordered by e-mail, with `is_active`. */
export async function listProfiles(db: Queryable, email: string): Promise<UserProfile[]> {
  const { rows } =
    email === '*'
      ? await db.query<UserProfile>('SELECT email, name, role, is_active FROM users ORDER BY email')
      : await db.query<UserProfile>('SELECT email, name, role, is_active FROM users WHERE email = $1', [
          normalizeEmail(email),
        ]);
  return rows;
}

/**
 * Refuses (409) when the change would leave no active CORE_ADMINS member: `leaving` are the e-mails
 * about to be deleted or moved to another role group. Locks the admin rows until the transaction ends.
 */
export async function assertAdminRemains(
  tx: Queryable,
  leaving: ReadonlySet<string>,
  describeChange: (emails: string) => string,
): Promise<void> {
  const { rows } = await tx.query<{ email: string }>(
    'SELECT email FROM users WHERE role = $1 AND is_active ORDER BY email FOR UPDATE',
    [ADMIN_ROLE],
  );
  const affected = rows.filter((row) => leaving.has(row.email));
  if (affected.length > 0 && affected.length === rows.length) {
    const emails = affected.map((row) => row.email).join(', ');
    throw conflict(`Cannot ${describeChange(emails)}: at least one ${ADMIN_ROLE} member must remain.`);
  }
}

/** Deletes users (in a transaction); 404 when none of the e-mails exists. Answers the deleted e-mails. */
export async function deleteUsers(tx: Queryable, emails: readonly string[]): Promise<string[]> {
  const targets = new Set(emails.map(normalizeEmail));
  await assertAdminRemains(tx, targets, (emails) => `delete ${emails}`);
  const { rows } = await tx.query<{ email: string }>(
    'DELETE FROM users WHERE email = ANY($1::text[]) RETURNING email',
    [[...targets]],
  );
  if (rows.length === 0) throw notFound(`No user with the e-mail ${[...targets].join(', ')} exists.`);
  return rows.map((row) => row.email).sort();
}

/** Gives users a role (in a transaction); 404 when the role group or a user does not exist. */
export async function updateUserRoles(
  tx: Queryable,
  emails: readonly string[],
  role: string,
): Promise<Array<UserProfile & { previousRole: string }>> {
  const targets = new Set(emails.map(normalizeEmail));
  await assertRoleGroup(tx, role);
  const { rows: existing } = await tx.query<UserProfile>(
    'SELECT email, name, role FROM users WHERE email = ANY($1::text[])',
    [[...targets]],
  );
  const unknown = [...targets].filter((email) => !existing.some((row) => row.email === email));
  if (unknown.length > 0) throw notFound(`No user with the e-mail ${unknown.join(', ')} exists.`);
  if (role !== ADMIN_ROLE) await assertAdminRemains(tx, targets, (emails) => `move ${emails} to ${role}`);
  await tx.query('UPDATE users SET role = $2, updated_at = now() WHERE email = ANY($1::text[])', [
    [...targets],
    role,
  ]);
  return existing
    .map((row) => ({ email: row.email, name: row.name, role, previousRole: row.role }))
    .sort((a, b) => a.email.localeCompare(b.email));
}

/** Locks the users with these (normalised) e-mails until the transaction ends; ordered by e-mail. */
export async function lockUsersByEmail(
  tx: Queryable,
  emails: readonly string[],
): Promise<Array<UserProfile & { id: string; is_active: boolean }>> {
  const { rows } = await tx.query<UserProfile & { id: string; is_active: boolean }>(
    'SELECT id, email, name, role, is_active FROM users WHERE email = ANY($1::text[]) ORDER BY email FOR UPDATE',
    [emails],
  );
  return rows;
}

/**
 * Marks users active or not; tokens are refused while a user is inactive. Ending a deactivated
 * user's sessions is identity's (setUsersActive calls it in the same transaction).
 */
export async function setActive(tx: Queryable, userIds: readonly string[], isActive: boolean): Promise<void> {
  await tx.query('UPDATE users SET is_active = $2, updated_at = now() WHERE id = ANY($1::uuid[])', [
    userIds,
    isActive,
  ]);
}

/** Adds a user unless one has the e-mail (the built-in provider's demo accounts). */
export async function addUserUnlessExists(
  db: Queryable,
  user: { email: string; name: string; role: string },
): Promise<void> {
  await db.query('INSERT INTO users (email, name, role) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING', [
    normalizeEmail(user.email),
    user.name,
    user.role,
  ]);
}

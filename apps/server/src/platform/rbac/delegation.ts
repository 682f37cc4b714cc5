// Delegated administration must not escalate: nobody can grant a role group or a feature they do
// not hold themselves, nor change their own role group, unless they are in CORE_ADMINS. Holding
// `user_update` alone therefore cannot move anyone (oneself included) into CORE_ADMINS, and holding
// `role_group_update_add` cannot add to any group a feature its holder lacks. The operations that
// grant (createUser, updateUserRoles, createRoleGroup, updateRoleGroup with `action: add`) call these
// checks inside their transaction; refusals are 403 `forbidden`. Nor can a delegate act on the
// people above them (re-role, delete, deactivate members of a role group holding a feature the
// delegate lacks), so delegated `user_update` or `user_delete` cannot lock out an administrator.
import type { Identity } from '../auth/identity.js';
import type { Queryable } from '../db/db.js';
import { forbidden } from '../http/errors.js';
import { ADMIN_ROLE, isFeature } from './features.js';

/** Whether `identity` may grant anything, held or not (CORE_ADMINS members). */
export function isUnrestrictedGranter(identity: Identity): boolean {
  return identity.user.role === ADMIN_ROLE;
}

/** The known features of `features` that `identity` does not hold. */
function missingFeatures(identity: Identity, features: Iterable<string>): string[] {
  return [...new Set(features)].filter((feature) => isFeature(feature) && !identity.features.has(feature));
}

/** Refuses (403) adding `features` to a role group unless the caller holds each of them. */
export function assertMayGrantFeatures(identity: Identity, features: readonly string[]): void {
  if (isUnrestrictedGranter(identity)) return;
  const missing = missingFeatures(identity, features);
  if (missing.length > 0) {
    throw forbidden(
      `You cannot grant features you do not hold yourself (${missing.join(', ')}); only ${ADMIN_ROLE} members can.`,
    );
  }
}

/**
 * Refuses (403) giving users the role group `role` unless the caller holds every feature of it.
 * Locks the role group against feature changes until the transaction ends; an unknown role group
 * is left to the caller's 404.
 */
export async function assertMayGrantRoleGroup(
  tx: Queryable,
  identity: Identity,
  role: string,
): Promise<void> {
  if (isUnrestrictedGranter(identity)) return;
  const { rows: groups } = await tx.query('SELECT 1 FROM role_groups WHERE name = $1 FOR SHARE', [role]);
  if (groups.length === 0) return;
  const { rows } = await tx.query<{ feature: string }>(
    'SELECT feature FROM role_group_features WHERE role_name = $1',
    [role],
  );
  const missing = missingFeatures(
    identity,
    rows.map((row) => row.feature),
  );
  if (missing.length > 0) {
    throw forbidden(
      `You cannot give the role group '${role}': it holds features you do not hold yourself (${missing.join(', ')}); only ${ADMIN_ROLE} members can.`,
    );
  }
}

/** Refuses (403) moving the caller to another role group unless they are in CORE_ADMINS. */
export function assertNotChangingOwnRole(identity: Identity, emails: readonly string[], role: string): void {
  if (isUnrestrictedGranter(identity) || role === identity.user.role) return;
  if (emails.some((email) => email.trim().toLowerCase() === identity.user.email)) {
    throw forbidden(`You cannot change your own role group; ask a ${ADMIN_ROLE} member.`);
  }
}

/**
 * Refuses (403) acting on the users with `emails` (re-roling, deleting, deactivating: `action`
 * names it in the message) unless the caller holds every feature of each one's role group, or is in
 * CORE_ADMINS. Unknown e-mails are left to the caller's 404.
 */
export async function assertMayActOnUsers(
  tx: Queryable,
  identity: Identity,
  emails: readonly string[],
  action: string,
): Promise<void> {
  if (isUnrestrictedGranter(identity)) return;
  const { rows } = await tx.query<{ role_name: string; feature: string }>(
    `SELECT DISTINCT f.role_name, f.feature FROM users u
       JOIN role_group_features f ON f.role_name = u.role
      WHERE u.email = ANY($1::text[])`,
    [emails.map((email) => email.trim().toLowerCase())],
  );
  const above = [
    ...new Set(rows.filter((row) => !identity.features.has(row.feature)).map((row) => row.role_name)),
  ];
  if (above.length > 0) {
    throw forbidden(
      `You cannot ${action} members of ${above.map((role) => `'${role}'`).join(', ')}: ` +
        `their role group holds features you do not hold yourself; only ${ADMIN_ROLE} members can.`,
    );
  }
}

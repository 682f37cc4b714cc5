// Deactivation keeps a person out without deleting them: a deleted user who signs in again through
// single sign-on is created anew with the default role, a deactivated one is refused (SSO callback,
// sessions and tokens alike) until an administrator reactivates them.

import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Identity } from '../../platform/auth/identity.js';
import type { Queryable } from '../../platform/db/db.js';
import type { Handlers } from '../../platform/http/contract.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { assertMayActOnUsers } from '../../platform/rbac/delegation.js';
import { recordAudit } from '../audit/index.js';
import type { FeatureContext } from '../context.js';
import {
  assertAdminRemains,
  lockUsersByEmail,
  normalizeEmail,
  setActive,
  type UserProfile,
} from './store.js';

/**
 * Deactivates (`isActive` false) or reactivates users, in a transaction: 404 for an unknown e-mail,
 * 409 for the caller's own account or the last active CORE_ADMINS member. Deactivation ends the
 * users' sessions (through `endSessions`, identity's, in the same transaction), so their signed-in
 * browsers are out at once. Answers every target's profile and the e-mails whose state changed.
 */
export async function setUsersActive(
  tx: Queryable,
  identity: Identity,
  emails: readonly string[],
  isActive: boolean,
  endSessions: FeatureContext['endUserSessions'],
): Promise<{ profiles: UserProfile[]; changed: string[] }> {
  const targets = new Set(emails.map(normalizeEmail));
  const users = await lockUsersByEmail(tx, [...targets]);
  const unknown = [...targets].filter((email) => !users.some((user) => user.email === email));
  if (unknown.length > 0) throw notFound(`No user with the e-mail ${unknown.join(', ')} exists.`);
  if (!isActive && targets.has(identity.user.email)) {
    throw conflict('You cannot deactivate your own account.');
  }
  await assertMayActOnUsers(
    tx,
    identity,
    users.map((user) => user.email),
    isActive ? 'reactivate' : 'deactivate',
  );
  if (!isActive) await assertAdminRemains(tx, targets, (list) => `deactivate ${list}`);

  const changed = users.filter((user) => user.is_active !== isActive);
  const ids = changed.map((user) => user.id);
  if (ids.length > 0) {
    await setActive(tx, ids, isActive);
    if (!isActive) await endSessions(tx, ids);
  }
  return {
    profiles: users.map((user) => ({
      email: user.email,
      name: user.name,
      role: user.role,
      is_active: isActive,
    })),
    changed: changed.map((user) => user.email),
  };
}

function describeEmails(verb: string, emails: readonly string[]): string {
  return emails.length === 1
    ? `Successfully ${verb} user ${emails[0]}.`
    : `Successfully ${verb} users ${emails.join(', ')}.`;
}

export function createUserActivationHandlers({ db, endUserSessions }: FeatureContext): Handlers {
  return {
    async setUsersActive(request) {
      const identity = requireIdentity(request);
      const { emails, is_active: isActive } = request.body as { emails: string[]; is_active: boolean };
      const { profiles } = await db.transaction(async (tx) => {
        const result = await setUsersActive(tx, identity, emails, isActive, endUserSessions);
        for (const email of result.changed) {
          await recordAudit(tx, {
            actor: identity.user.email,
            action: isActive ? 'user.reactivate' : 'user.deactivate',
            target: email,
          });
        }
        return result;
      });
      const message = describeEmails(
        isActive ? 'reactivated' : 'deactivated',
        profiles.map((profile) => profile.email),
      );
      return { message, user_profiles: profiles };
    },
  };
}

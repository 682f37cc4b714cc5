// Users: listUserProfiles, createUser, deleteUsers, updateUserRoles.

import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Handlers } from '../../platform/http/contract.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import {
  assertMayActOnUsers,
  assertMayGrantRoleGroup,
  assertNotChangingOwnRole,
} from '../../platform/rbac/delegation.js';
import { recordAudit } from '../audit/index.js';
import type { FeatureContext } from '../context.js';
import { createUser, deleteUsers, listProfiles, toProfile, updateUserRoles } from './store.js';

export function createUsersHandlers({ db }: FeatureContext): Handlers {
  return defineHandlers({
    async listUserProfiles(request) {
      const { email } = request.body;
      return { user_profiles: await listProfiles(db, email) };
    },

    async createUser(request) {
      const identity = requireIdentity(request);
      const actor = identity.user.email;
      const input = request.body;
      const user = await db.transaction(async (tx) => {
        await assertMayGrantRoleGroup(tx, identity, input.role);
        const created = await createUser(tx, input);
        await recordAudit(tx, {
          actor,
          action: 'user.create',
          target: created.email,
          details: { name: created.name, role: created.role },
        });
        return created;
      });
      return { message: `Successfully added user ${user.email}.`, user_profile: toProfile(user) };
    },

    async deleteUsers(request) {
      const identity = requireIdentity(request);
      const actor = identity.user.email;
      const { emails } = request.body;
      const deleted = await db.transaction(async (tx) => {
        await assertMayActOnUsers(tx, identity, emails, 'delete');
        const removed = await deleteUsers(tx, emails);
        for (const email of removed) await recordAudit(tx, { actor, action: 'user.delete', target: email });
        return removed;
      });
      const message =
        deleted.length === 1
          ? `Successfully deleted user ${deleted[0]}.`
          : `Successfully deleted users ${deleted.join(', ')}.`;
      return { message, deleted };
    },

    async updateUserRoles(request) {
      const identity = requireIdentity(request);
      const actor = identity.user.email;
      const { emails, role } = request.body;
      assertNotChangingOwnRole(identity, emails, role);
      const updated = await db.transaction(async (tx) => {
        await assertMayGrantRoleGroup(tx, identity, role);
        await assertMayActOnUsers(tx, identity, emails, 'change the role group of');
        const changed = await updateUserRoles(tx, emails, role);
        for (const user of changed) {
          await recordAudit(tx, {
            actor,
            action: 'user.role_update',
            target: user.email,
            details: { from: user.previousRole, to: role },
          });
        }
        return changed;
      });
      return updated.map(toProfile);
    },
  });
}

// Users: listUserProfiles, createUser, deleteUsers, updateUserRoles.
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit/audit.js';
import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Handlers } from '../../platform/http/contract.js';
import type { FeatureContext } from '../context.js';
import { createUser, deleteUsers, listProfiles, toProfile, updateUserRoles } from './store.js';

export function createUsersHandlers({ db }: FeatureContext): Handlers {
  return {
    async listUserProfiles(request: FastifyRequest) {
      const { email } = request.body as { email: string };
      return { user_profiles: await listProfiles(db, email) };
    },

    async createUser(request: FastifyRequest) {
      const actor = requireIdentity(request).user.email;
      const input = request.body as { email: string; name: string; role: string };
      const user = await db.transaction(async (tx) => {
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

    async deleteUsers(request: FastifyRequest) {
      const actor = requireIdentity(request).user.email;
      const { emails } = request.body as { emails: string[] };
      const deleted = await db.transaction(async (tx) => {
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

    async updateUserRoles(request: FastifyRequest) {
      const actor = requireIdentity(request).user.email;
      const { emails, role } = request.body as { emails: string[]; role: string };
      const updated = await db.transaction(async (tx) => {
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
  };
}

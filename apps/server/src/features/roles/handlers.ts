// Role groups: listRoleGroups, listFeatures, viewRoleGroup, createRoleGroup, updateRoleGroup, deleteRoleGroup.
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit/audit.js';
import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Handlers } from '../../platform/http/contract.js';
import { FEATURES } from '../../platform/rbac/features.js';
import type { FeatureContext } from '../context.js';
import {
  createRoleGroup,
  deleteRoleGroup,
  getRoleGroup,
  INVALID_ROLE_INPUT,
  listRoleGroups,
  updateRoleGroupFeatures,
} from './store.js';

export function createRolesHandlers({ db, config }: FeatureContext): Handlers {
  return {
    async listRoleGroups() {
      return { roles: await listRoleGroups(db) };
    },

    async listFeatures() {
      return { features: [...FEATURES] };
    },

    async viewRoleGroup(request: FastifyRequest) {
      const { role } = request.body as { role: string };
      return { contents: await getRoleGroup(db, role) };
    },

    createRoleGroup: {
      validationMessage: INVALID_ROLE_INPUT,
      async handler(request: FastifyRequest) {
        const actor = requireIdentity(request).user.email;
        const { role, feature_names } = request.body as { role: string; feature_names: string[] };
        await db.transaction(async (tx) => {
          const group = await createRoleGroup(tx, role, feature_names);
          await recordAudit(tx, {
            actor,
            action: 'role.create',
            target: group.role_name,
            details: { feature_names: group.feature_names },
          });
        });
        return { message: 'Successfully created role group.' };
      },
    },

    async updateRoleGroup(request: FastifyRequest) {
      const actor = requireIdentity(request).user.email;
      const { role_name, feature_names, action } = request.body as {
        role_name: string;
        feature_names: string[];
        action: 'add' | 'remove';
      };
      const contents = await db.transaction(async (tx) => {
        const { before, after } = await updateRoleGroupFeatures(tx, role_name, feature_names, action);
        const changed =
          action === 'add'
            ? after.feature_names.filter((feature) => !before.feature_names.includes(feature))
            : before.feature_names.filter((feature) => !after.feature_names.includes(feature));
        await recordAudit(tx, {
          actor,
          action: 'role.update',
          target: role_name,
          details: { action, feature_names: changed },
        });
        return after;
      });
      return { message: 'Successfully updated role group.', contents };
    },

    async deleteRoleGroup(request: FastifyRequest) {
      const actor = requireIdentity(request).user.email;
      const { role } = request.body as { role: string };
      await db.transaction(async (tx) => {
        const group = await deleteRoleGroup(tx, role, config.defaultRole);
        await recordAudit(tx, {
          actor,
          action: 'role.delete',
          target: role,
          details: { feature_names: group.feature_names },
        });
      });
      return { message: 'Successfully deleted role group' };
    },
  };
}

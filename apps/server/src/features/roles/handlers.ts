// Role groups: listRoleGroups, listFeatures, viewRoleGroup, createRoleGroup, updateRoleGroup, deleteRoleGroup.

import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Handlers } from '../../platform/http/contract.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import { assertMayGrantFeatures } from '../../platform/rbac/delegation.js';
import { FEATURES } from '../../platform/rbac/features.js';
import { recordAudit } from '../audit/index.js';
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
  return defineHandlers({
    async listRoleGroups() {
      return { roles: await listRoleGroups(db) };
    },

    async listFeatures() {
      return { features: [...FEATURES] };
    },

    async viewRoleGroup(request) {
      const { role } = request.body;
      return { contents: await getRoleGroup(db, role) };
    },

    createRoleGroup: {
      validationMessage: INVALID_ROLE_INPUT,
      async handler(request) {
        const identity = requireIdentity(request);
        const actor = identity.user.email;
        const { role, feature_names } = request.body;
        assertMayGrantFeatures(identity, feature_names);
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

    async updateRoleGroup(request) {
      const identity = requireIdentity(request);
      const actor = identity.user.email;
      const { role_name, feature_names, action } = request.body;
      if (action === 'add') assertMayGrantFeatures(identity, feature_names);
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

    async deleteRoleGroup(request) {
      const actor = requireIdentity(request).user.email;
      const { role } = request.body;
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
  });
}

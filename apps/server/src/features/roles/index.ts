// Role groups: their operations, and reading one for other modules and tests.
import type { FeatureModule } from '../../platform/modules.js';
import { createRolesHandlers } from './handlers.js';
import { rolesMigrations } from './migrations.js';
import { grantAdminsEveryFeature } from './store.js';

export { createRolesHandlers } from './handlers.js';
export { findRoleGroup, type RoleGroup } from './store.js';

export const rolesModule: FeatureModule = {
  name: 'roles',
  migrations: rolesMigrations,
  afterMigrations: grantAdminsEveryFeature,
  handlers: createRolesHandlers,
};

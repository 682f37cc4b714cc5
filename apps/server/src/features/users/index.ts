// Users: their operations (listing, creating, moving, deleting, deactivating), and what single
// sign-on, the admin command line and tests need of them.
import type { FeatureModule } from '../../platform/modules.js';
import { createUserActivationHandlers } from './activation.js';
import { createUsersHandlers } from './handlers.js';
import { usersMigrations } from './migrations.js';

export { createUsersHandlers } from './handlers.js';
export {
  addUserUnlessExists,
  createUser,
  findUserByEmail,
  listProfiles,
  type UserProfile,
  upsertSsoUser,
} from './store.js';

export const usersModule: FeatureModule = {
  name: 'users',
  migrations: usersMigrations,
  handlers: (context) => ({ ...createUsersHandlers(context), ...createUserActivationHandlers(context) }),
};

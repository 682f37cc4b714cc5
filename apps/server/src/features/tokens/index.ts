// Personal access tokens: their operations, and creating one for the admin command line and tests
// (a bearer token is checked on each request in platform/auth).
import type { FeatureModule } from '../../platform/modules.js';
import { createTokensHandlers } from './handlers.js';
import { tokensMigrations } from './migrations.js';

export { createToken, type NewToken } from './store.js';

export const tokensModule: FeatureModule = {
  name: 'tokens',
  migrations: tokensMigrations,
  handlers: createTokensHandlers,
};

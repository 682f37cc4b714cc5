// Personal access tokens' operations (the tokens themselves are checked in platform/auth).
import type { FeatureModule } from '../../platform/modules.js';
import { createTokensHandlers } from './handlers.js';
import { tokensMigrations } from './migrations.js';

export const tokensModule: FeatureModule = {
  name: 'tokens',
  migrations: tokensMigrations,
  handlers: createTokensHandlers,
};

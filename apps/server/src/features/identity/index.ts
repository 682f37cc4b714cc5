// Identity: single sign-on (the built-in provider or OIDC_ISSUER), the session's operations, the
// widget's sign-in popup and the demo accounts.
import type { FeatureModule } from '../../platform/modules.js';
import { createIdentityHandlers } from './handlers.js';
import { identityMigrations } from './migrations.js';

export {
  BUILTIN_CLIENT_ID,
  BUILTIN_MOUNT,
  createBuiltinProvider,
  mountBuiltinProvider,
} from './builtin-provider.js';
export { DEMO_ACCOUNTS, seedDemoUsers } from './demo-accounts.js';
export { SsoClient, type SsoClientOptions, type SsoIdentity } from './sso.js';
export { createSession, endUserSessions, type NewSession } from './store.js';
export { registerWidgetPopup, type WidgetPopupOptions } from './widget-popup.js';

export const identityModule: FeatureModule = {
  name: 'identity',
  migrations: identityMigrations,
  handlers: (context) => createIdentityHandlers(context, context.sso),
};

// The modules the server is built from, in order: platform tables first, then the features.
// The server (app.ts) and the admin CLI migrate with this one list. A feature with migrations or
// workers exports its own FeatureModule from its folder; handler-only features are listed inline.
import { createAuditHandlers } from './features/audit/handlers.js';
import { chatModule } from './features/chat/module.js';
import { elkModule } from './features/elk/module.js';
import { createHealthHandlers } from './features/health/handlers.js';
import { createIdentityHandlers } from './features/identity/handlers.js';
import { knowledgeModule } from './features/knowledge/module.js';
import { reviewModule } from './features/review/module.js';
import { createRolesHandlers } from './features/roles/handlers.js';
import { createTokensHandlers } from './features/tokens/handlers.js';
import { createUserActivationHandlers } from './features/users/activation.js';
import { createUsersHandlers } from './features/users/handlers.js';
import { blobsModule } from './platform/blobs/module.js';
import { coreModule } from './platform/db/migrations.js';
import { jobsModule } from './platform/jobs/module.js';
import type { FeatureModule } from './platform/modules.js';

export const MODULES: readonly FeatureModule[] = [
  coreModule,
  jobsModule,
  blobsModule,
  { name: 'health', handlers: () => createHealthHandlers() },
  { name: 'identity', handlers: (context) => createIdentityHandlers(context, context.sso) },
  {
    name: 'users',
    handlers: (context) => ({ ...createUsersHandlers(context), ...createUserActivationHandlers(context) }),
  },
  { name: 'roles', handlers: createRolesHandlers },
  { name: 'tokens', handlers: createTokensHandlers },
  { name: 'audit', handlers: createAuditHandlers },
  knowledgeModule,
  reviewModule,
  chatModule,
  elkModule,
];

// The modules the server is built from, in order: platform tables first, then the features.
// The server (app.ts) and the admin CLI migrate with this one list. Each feature exports its
// FeatureModule from its entry module (`features/<name>/index.ts`).
import { auditModule } from './features/audit/index.js';
import { chatModule } from './features/chat/index.js';
import { elkModule } from './features/elk/index.js';
import { feedbackModule } from './features/feedback/index.js';
import { healthModule } from './features/health/index.js';
import { identityModule } from './features/identity/index.js';
import { knowledgeModule } from './features/knowledge/index.js';
import { reviewModule } from './features/review/index.js';
import { rolesModule } from './features/roles/index.js';
import { tokensModule } from './features/tokens/index.js';
import { usersModule } from './features/users/index.js';
import { blobsModule } from './platform/blobs/module.js';
import { coreModule } from './platform/db/migrations.js';
import { jobsModule } from './platform/jobs/module.js';
import type { FeatureModule } from './platform/modules.js';

export const MODULES: readonly FeatureModule[] = [
  coreModule,
  jobsModule,
  blobsModule,
  healthModule,
  identityModule,
  usersModule,
  rolesModule,
  tokensModule,
  auditModule,
  knowledgeModule,
  reviewModule,
  chatModule,
  elkModule,
  feedbackModule,
];

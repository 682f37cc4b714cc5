// The modules the server is built from, in order; their migrations apply in this order. The server
// (app.ts) and the admin CLI (migrations, backup and restore) build from this one list. Each feature
// exports its FeatureModule from its entry module (`features/<name>/index.ts`).
//
// First the modules whose tables the `core` list of before modules created, in the order of their
// references (users -> role_groups; sessions and tokens -> users): on a new database they create
// them. Then `core`, whose versions 1-3 every database records: on a new database they find their
// work done, on an older one they were applied long ago (platform/db/migrations.ts says why it
// works both ways). Then the platform's own tables (jobs, blobs) and the features whose tables
// reference users.
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
  rolesModule,
  usersModule,
  identityModule,
  tokensModule,
  auditModule,
  coreModule,
  jobsModule,
  blobsModule,
  healthModule,
  knowledgeModule,
  reviewModule,
  chatModule,
  elkModule,
  feedbackModule,
];

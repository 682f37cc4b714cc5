// The audit log's operations (listing who did what).
import type { FeatureModule } from '../../platform/modules.js';
import { createAuditHandlers } from './handlers.js';
import { auditMigrations } from './migrations.js';

export const auditModule: FeatureModule = {
  name: 'audit',
  migrations: auditMigrations,
  handlers: createAuditHandlers,
};

// The audit log: its operations (listing who did what), and recording an event, which the features
// changing something and the admin command line do in the same transaction as the change.
import type { FeatureModule } from '../../platform/modules.js';
import { createAuditHandlers } from './handlers.js';
import { auditMigrations } from './migrations.js';

export { type AuditAction, type AuditEntry, recordAudit } from './store.js';

export const auditModule: FeatureModule = {
  name: 'audit',
  migrations: auditMigrations,
  handlers: createAuditHandlers,
};

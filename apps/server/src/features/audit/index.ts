// The audit log's operations (listing who did what).
import type { FeatureModule } from '../../platform/modules.js';
import { createAuditHandlers } from './handlers.js';

export const auditModule: FeatureModule = { name: 'audit', handlers: createAuditHandlers };

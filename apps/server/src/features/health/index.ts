// The health check operation.
import type { FeatureModule } from '../../platform/modules.js';
import { createHealthHandlers } from './handlers.js';

export const healthModule: FeatureModule = { name: 'health', handlers: () => createHealthHandlers() };

// Votes on answers: the module (its table and operations) and the votes a conversation shows.
import type { FeatureModule } from '../../platform/modules.js';
import { createFeedbackHandlers } from './handlers.js';
import { feedbackMigrations } from './migrations.js';

export { type KeptAnswer, keepAnswer, keptAnswerId, type OwnVote, votesOn } from './store.js';

export const feedbackModule: FeatureModule = {
  name: 'feedback',
  migrations: feedbackMigrations,
  handlers: createFeedbackHandlers,
};

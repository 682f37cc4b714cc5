// The chat feature as a module: its tables (conversations, messages) and its operations, with the
// language model of LLM_BASE_URL/LLM_MODEL (none: knowledge chat answers with excerpts, the AI chat
// with 501 model_not_configured). Tests and benchmarks may give it another model.

import { type ChatModel, createConfiguredModel } from '../../platform/llm/index.js';
import type { FeatureModule } from '../../platform/modules.js';
import type { FeatureContext } from '../context.js';
import { createChatHandlers } from './handlers.js';
import { chatMigrations } from './migrations.js';

export interface ChatModuleOptions {
  /** The model to answer with instead of the configured one (null: none). */
  model?: ChatModel | null;
}

export function createChatModule(options: ChatModuleOptions = {}): FeatureModule {
  return {
    name: 'chat',
    migrations: chatMigrations,
    handlers: (context: FeatureContext) =>
      createChatHandlers(
        context,
        options.model === undefined
          ? createConfiguredModel(context.config.llm, context.log)
          : (options.model ?? undefined),
      ),
  };
}

export const chatModule: FeatureModule = createChatModule();

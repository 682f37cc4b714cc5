// The chat feature as a module: its tables (conversations, messages, attached files) and its
// operations, with the language model of LLM_BASE_URL/LLM_MODEL (none: knowledge chat answers with
// excerpts, the AI chat with 501 model_not_configured unless it is about attached files, which it
// quotes). Tests and benchmarks may give it another model. Attached files are read in parse threads
// of their own (the knowledge ingestion's parsers), started on first use and ended with the module.

import { type ChatModel, createConfiguredModel } from '../../platform/llm/index.js';
import type { FeatureModule } from '../../platform/modules.js';
import type { FeatureContext } from '../context.js';
import { type AttachmentReader, createAttachmentReader } from '../knowledge/index.js';
import { createChatHandlers } from './handlers.js';
import { chatMigrations } from './migrations.js';

export interface ChatModuleOptions {
  /** The model to answer with instead of the configured one (null: none). */
  model?: ChatModel | null;
}

export function createChatModule(options: ChatModuleOptions = {}): FeatureModule {
  // One module object may serve several app instances in one process (tests): stop ends them all.
  const readers = new Set<AttachmentReader>();
  return {
    name: 'chat',
    migrations: chatMigrations,
    handlers: (context: FeatureContext) => {
      let reader: AttachmentReader | undefined;
      const attachmentReader = () => {
        if (!reader) {
          reader = createAttachmentReader({
            maxBytes: context.config.attachmentMaxFileBytes,
            limits: {
              timeoutMs: context.config.ingestParseTimeoutMs,
              memoryMb: context.config.ingestParseMemoryMb,
              idleMs: context.config.ingestParseIdleMs,
            },
          });
          readers.add(reader);
        }
        return reader;
      };
      return createChatHandlers(
        context,
        options.model === undefined
          ? createConfiguredModel(context.config.llm, context.log)
          : (options.model ?? undefined),
        attachmentReader,
      );
    },
    async stop() {
      await Promise.all([...readers].map((reader) => reader.close()));
      readers.clear();
    },
  };
}

export const chatModule: FeatureModule = createChatModule();

// The language model as the features use it: one provider on LLM_BASE_URL (provider.ts), the chats'
// streaming client with its retries and idle timeout (chat-model.ts), embeddings (embedder.ts), and
// one way to answer a chat call as JSON or server-sent events (respond.ts).
export {
  AbortError,
  type ChatModel,
  createConfiguredModel,
  createOpenAiCompatibleModel,
  type ModelMessage,
  type ModelRequest,
  type ModelUsage,
  modelError,
  modelTimeout,
} from './chat-model.js';
export { createConfiguredEmbedder, type Embedder } from './embedder.js';
export {
  callLimits,
  configuredEmbeddingModel,
  configuredLanguageModel,
  type EmbeddingModel,
  type LanguageModel,
} from './provider.js';
export { type AnswerRun, countModelTokens, respond, wantsEventStream } from './respond.js';

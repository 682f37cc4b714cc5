// The one construction of the language model behind every feature: the AI SDK's OpenAI-compatible
// provider on LLM_BASE_URL (with LLM_API_KEY), its chat model LLM_MODEL and its embedding model
// LLM_EMBEDDING_MODEL. Callers that need more than streamed text use it (the ELK agent's tool call,
// the code review's structured output, the knowledge base's embeddings); the chats stream through
// `chat-model.ts`, which speaks the same protocol to the same endpoint. `callLimits` gives each AI SDK
// call the same retries (LLM_MAX_RETRIES) and a time limit (LLM_TIMEOUT_MS unless the caller says)
// joined with the caller's own AbortSignal.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LlmConfig } from '../config/config.js';

export type LanguageModel = ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>;
export type EmbeddingModel = ReturnType<ReturnType<typeof createOpenAICompatible>['embeddingModel']>;

interface ProviderOptions {
  /** The endpoint follows a JSON schema given for the answer (the code review's structured output). */
  structuredOutputs?: boolean;
}

function createProvider(config: LlmConfig & { baseUrl: string }, options: ProviderOptions = {}) {
  return createOpenAICompatible({
    name: 'llm',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(options.structuredOutputs ? { supportsStructuredOutputs: true } : {}),
  });
}

/** The AI SDK model of LLM_BASE_URL/LLM_MODEL; undefined when none is configured. */
export function configuredLanguageModel(
  config: LlmConfig,
  options: ProviderOptions = {},
): LanguageModel | undefined {
  if (!config.baseUrl || !config.model) return undefined;
  return createProvider({ ...config, baseUrl: config.baseUrl }, options).chatModel(config.model);
}

/** The AI SDK embedding model of LLM_BASE_URL/LLM_EMBEDDING_MODEL; undefined when none is configured. */
export function configuredEmbeddingModel(config: LlmConfig): EmbeddingModel | undefined {
  if (!config.baseUrl || !config.embeddingModel) return undefined;
  return createProvider({ ...config, baseUrl: config.baseUrl }).embeddingModel(config.embeddingModel);
}

/**
 * Retries and time limit of one AI SDK call: LLM_MAX_RETRIES, and an abort after `timeoutMs`
 * (default LLM_TIMEOUT_MS) or when `signal` aborts, whichever comes first.
 */
export function callLimits(
  config: Pick<LlmConfig, 'maxRetries' | 'timeoutMs'>,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number } = {},
): { maxRetries: number; abortSignal: AbortSignal } {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? config.timeoutMs);
  return {
    maxRetries: config.maxRetries,
    abortSignal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  };
}

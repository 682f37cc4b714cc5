// Texts to vectors with the configured embedding model (LLM_EMBEDDING_MODEL), for the knowledge
// base's hybrid retrieval.
import { embedMany } from 'ai';
import type { LlmConfig } from '../config/config.js';
import { configuredEmbeddingModel } from './provider.js';

/** Texts to vectors: the configured embedding model, or anything speaking the same contract in tests. */
export interface Embedder {
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** The embedding model of LLM_BASE_URL + LLM_EMBEDDING_MODEL, or undefined when none is configured. */
export function createConfiguredEmbedder(config: LlmConfig): Embedder | undefined {
  const model = configuredEmbeddingModel(config);
  if (!model || !config.embeddingModel) return undefined;
  return {
    model: config.embeddingModel,
    async embed(texts, signal) {
      const { embeddings } = await embedMany({
        model,
        values: texts,
        maxRetries: config.maxRetries,
        ...(signal ? { abortSignal: signal } : {}),
      });
      return embeddings;
    },
  };
}

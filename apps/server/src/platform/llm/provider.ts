// The one construction of the language model behind every feature: the AI SDK's OpenAI-compatible
// provider on LLM_BASE_URL (with LLM_API_KEY), its chat model LLM_MODEL and its embedding model
// LLM_EMBEDDING_MODEL. Callers that need more than streamed text use it (the ELK agent's tool call,
// the code review's structured output, the knowledge base's embeddings); the chats stream through
// `chat-model.ts`, which speaks the same protocol to the same endpoint. `callLimits` gives each AI SDK
// call the same retries (LLM_MAX_RETRIES) and a time limit (LLM_TIMEOUT_MS unless the caller says)
// joined with the caller's own AbortSignal. Every call of its chat model is traced and counted as
// the chats' streamed calls are (chat-model.ts): a `chat MODEL` client span per request to the model
// (an AI SDK retry is a request of its own), child of the span active where the call was made, whose
// trace the model continues (`traceparent`), with the tokens it reported; those tokens go to the
// caller's `onUsage`, else to the answer being run (`modelUsageSink`: counted per chat operation).
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LanguageModelMiddleware, wrapLanguageModel } from 'ai';
import type { LlmConfig } from '../config/config.js';
import { type TraceSpan, tracer } from '../operations/tracing.js';
import { type ModelUsage, modelUsageSink } from './chat-model.js';

export type LanguageModel = ReturnType<typeof wrapLanguageModel>;
export type EmbeddingModel = ReturnType<ReturnType<typeof createOpenAICompatible>['embeddingModel']>;

interface ProviderOptions {
  /** The endpoint follows a JSON schema given for the answer (the code review's structured output). */
  structuredOutputs?: boolean;
}

interface LanguageModelOptions extends ProviderOptions {
  /**
   * Told the tokens of each call, when the model reports them; without it they go to the answer
   * being run (`modelUsageSink`), if any.
   */
  onUsage?(usage: ModelUsage): void;
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
  options: LanguageModelOptions = {},
): LanguageModel | undefined {
  if (!config.baseUrl || !config.model) return undefined;
  return wrapLanguageModel({
    model: createProvider({ ...config, baseUrl: config.baseUrl }, options).chatModel(config.model),
    middleware: tracedAndCounted(config.model, new URL(config.baseUrl).hostname, options.onUsage),
  });
}

/** The usage as the chats count it; undefined when the model reported none. */
function usageOf(usage: {
  inputTokens: { total: number | undefined };
  outputTokens: { total: number | undefined };
}): ModelUsage | undefined {
  const { total: input } = usage.inputTokens;
  const { total: output } = usage.outputTokens;
  if (input === undefined && output === undefined) return undefined;
  return { inputTokens: input ?? 0, outputTokens: output ?? 0 };
}

/**
 * The span and token count of each AI SDK call of the chat model (see the header): the span ends
 * with the call (a streamed one: with its last part), failed when the call fails.
 */
function tracedAndCounted(
  model: string,
  host: string,
  onUsage: ((usage: ModelUsage) => void) | undefined,
): LanguageModelMiddleware {
  const start = (params: { maxOutputTokens?: number | undefined }) =>
    tracer()?.startSpan(`chat ${model}`, {
      kind: 'client',
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': model,
        'gen_ai.request.max_tokens': params.maxOutputTokens,
        'server.address': host,
      },
    });
  /** The request's headers with the span's trace context, which the model's own tracing continues. */
  const headersWith = (span: TraceSpan | undefined, headers: Record<string, string | undefined> = {}) => {
    const traced: Record<string, string> = {};
    if (span) span.activate(() => tracer()?.inject(traced));
    return { ...headers, ...traced };
  };
  const finish = (
    span: TraceSpan | undefined,
    end: { usage: Parameters<typeof usageOf>[0]; finishReason: { unified: string } },
  ) => {
    const usage = usageOf(end.usage);
    if (usage) (onUsage ?? modelUsageSink.getStore())?.(usage);
    span?.setAttributes({
      'gen_ai.usage.input_tokens': usage?.inputTokens,
      'gen_ai.usage.output_tokens': usage?.outputTokens,
      'gen_ai.response.finish_reasons': end.finishReason.unified,
    });
  };
  return {
    specificationVersion: 'v4',
    async wrapGenerate({ params, model: inner }) {
      const span = start(params);
      try {
        const result = await inner.doGenerate({ ...params, headers: headersWith(span, params.headers) });
        finish(span, result);
        return result;
      } catch (error) {
        span?.fail(error);
        throw error;
      } finally {
        span?.end();
      }
    },
    async wrapStream({ params, model: inner }) {
      const span = start(params);
      let result: Awaited<ReturnType<typeof inner.doStream>>;
      try {
        result = await inner.doStream({ ...params, headers: headersWith(span, params.headers) });
      } catch (error) {
        span?.fail(error);
        span?.end();
        throw error;
      }
      let isEnded = false;
      const endSpan = () => {
        if (!isEnded) span?.end();
        isEnded = true;
      };
      const watched = result.stream.pipeThrough(
        new TransformStream({
          transform(part, controller) {
            if (part.type === 'finish') finish(span, part);
            else if (part.type === 'error') span?.fail(part.error);
            controller.enqueue(part);
          },
          flush: endSpan,
          cancel: endSpan,
        }),
      );
      return { ...result, stream: watched };
    },
  };
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

// The language model behind the chats: any OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY,
// LLM_MODEL) through the AI SDK and its OpenAI-compatible provider. Every answer is streamed from
// the model, also when the client wants JSON, so one path serves both.
//
// Failures: a request that fails before any word arrived (connection refused, 429, 5xx) is retried
// up to LLM_MAX_RETRIES times with backoff (250 ms doubling, or the model's Retry-After up to 4 s);
// once a word has arrived nothing is retried (the client may already have shown it). A model silent for LLM_TIMEOUT_MS, before its
// first word or between two words, is stopped: 504 model_timeout. Any other failure is 502
// model_error, with the upstream detail logged, never sent. The caller's AbortSignal (the client
// went away) stops the model request at once.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { LlmConfig } from '../../platform/config/config.js';
import { HttpError } from '../../platform/http/errors.js';

export interface ModelMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  system: string;
  messages: ModelMessage[];
  /** The client went away: stop the model request. */
  signal: AbortSignal;
}

/** A language model that streams its answer as text pieces. */
export interface ChatModel {
  /** The model's name (LLM_MODEL). */
  readonly name: string;
  /**
   * The answer, piece by piece. Throws `HttpError` 502 model_error or 504 model_timeout, or an
   * `AbortError` when `signal` aborted.
   */
  stream(request: ModelRequest): AsyncIterable<string>;
}

export const modelError = (message: string) => new HttpError(502, 'model_error', message);
export const modelTimeout = (seconds: number) =>
  new HttpError(
    504,
    'model_timeout',
    `The language model did not answer within ${seconds} seconds. Try again in a moment.`,
  );

/** The error a stopped request ends with (the client went away). */
export class AbortError extends Error {
  constructor() {
    super('The request was stopped.');
    this.name = 'AbortError';
  }
}

/** The model of LLM_BASE_URL/LLM_MODEL, or undefined when none is configured. */
export function createConfiguredModel(config: LlmConfig, log: FastifyBaseLogger): ChatModel | undefined {
  if (!config.baseUrl || !config.model) return undefined;
  return createOpenAiCompatibleModel({ ...config, baseUrl: config.baseUrl, model: config.model }, log);
}

export type LanguageModel = ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>;

/**
 * The AI SDK model of LLM_BASE_URL/LLM_MODEL, for callers that need more than streamed text (the ELK
 * agent's tool calling); undefined when none is configured.
 */
export function configuredLanguageModel(config: LlmConfig): LanguageModel | undefined {
  if (!config.baseUrl || !config.model) return undefined;
  return createOpenAICompatible({
    name: 'llm',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  }).chatModel(config.model);
}
type CallOptions = Parameters<LanguageModel['doStream']>[0];

/** First pause between two attempts; doubled each time (or the model's Retry-After, up to MAX). */
const RETRY_DELAY_MS = 250;
const MAX_RETRY_DELAY_MS = 4000;

export function createOpenAiCompatibleModel(
  config: LlmConfig & { baseUrl: string; model: string },
  log: FastifyBaseLogger,
): ChatModel {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  });
  // The provider's model itself (the AI SDK's LanguageModel interface): streamText's general machinery
  // (steps, tools, telemetry) added about 5 ms before the first word, which a chat does not need.
  const languageModel = provider.chatModel(config.model);
  const seconds = Math.round(config.timeoutMs / 100) / 10;
  return {
    name: config.model,
    async *stream(request: ModelRequest): AsyncIterable<string> {
      if (request.signal.aborted) throw new AbortError();
      // Idle timer: restarted by every piece of the answer.
      const idle = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(), config.timeoutMs);
      };
      arm();
      const signal = AbortSignal.any([request.signal, idle.signal]);
      const options: CallOptions = {
        prompt: [
          { role: 'system', content: request.system },
          ...request.messages.map((message) => ({
            role: message.role,
            content: [{ type: 'text' as const, text: message.content }],
          })),
        ],
        maxOutputTokens: config.maxOutputTokens,
        abortSignal: signal,
      };
      let failure: unknown;
      let hasText = false;
      try {
        for (let attempt = 0; ; attempt++) {
          failure = undefined;
          try {
            const { stream } = await languageModel.doStream(options);
            for await (const part of stream) {
              if (part.type === 'text-delta') {
                if (!part.delta) continue;
                arm();
                hasText = true;
                yield part.delta;
              } else if (part.type === 'error') {
                failure = part.error;
                break;
              }
            }
          } catch (error) {
            failure = error;
          }
          // Retried only while nothing was said, and only what may pass (429, 5xx, no connection).
          if (failure === undefined || hasText || signal.aborted || attempt >= config.maxRetries) break;
          if (!isRetryable(failure)) break;
          await pause(retryDelay(failure, attempt), signal);
          if (signal.aborted) break;
        }
      } finally {
        clearTimeout(timer);
      }
      if (request.signal.aborted) throw new AbortError();
      if (idle.signal.aborted) throw modelTimeout(seconds);
      if (failure !== undefined) {
        log.warn({ err: failure, model: config.model, hasText }, 'the language model failed');
        throw modelError(describeFailure(failure));
      }
    },
  };
}

function isRetryable(error: unknown): boolean {
  if (APICallError.isInstance(error)) return error.isRetryable;
  // fetch's own failures (refused or reset connections) are TypeErrors.
  return error instanceof TypeError;
}

function retryDelay(error: unknown, attempt: number): number {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  const afterMs = Number(headers?.['retry-after-ms']);
  const afterSeconds = Number(headers?.['retry-after']);
  const asked = Number.isFinite(afterMs) && afterMs > 0 ? afterMs : afterSeconds * 1000;
  const backoff = RETRY_DELAY_MS * 2 ** attempt;
  return Math.min(Number.isFinite(asked) && asked > 0 ? asked : backoff, MAX_RETRY_DELAY_MS);
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** What went wrong, for a person, without the upstream body (which may hold internals). */
function describeFailure(error: unknown): string {
  const cause = findApiCallError(error);
  if (cause?.statusCode === 429) {
    return 'The language model is busy (it answered 429 Too Many Requests). Try again in a moment.';
  }
  if (cause?.statusCode === 401 || cause?.statusCode === 403) {
    return `The language model refused the server's credentials (HTTP ${cause.statusCode}); check LLM_API_KEY.`;
  }
  if (cause?.statusCode === 404) {
    return 'The language model was not found (HTTP 404); check LLM_BASE_URL and LLM_MODEL.';
  }
  if (cause?.statusCode) {
    return `The language model answered with an error (HTTP ${cause.statusCode}). Try again in a moment.`;
  }
  return 'The language model could not be reached or stopped answering. Try again in a moment.';
}

function findApiCallError(error: unknown): APICallError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (APICallError.isInstance(current)) return current;
    // RetryError keeps the last attempt's error.
    const record = current as { lastError?: unknown; cause?: unknown };
    current = record.lastError ?? record.cause;
  }
  return undefined;
}

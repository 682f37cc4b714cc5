// The language model behind the chats: any OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY,
// LLM_MODEL) through the AI SDK and its OpenAI-compatible provider. Every answer is streamed from
// the model, also when the client wants JSON, so one path serves both.
//
// Failures: a request that fails before any word arrived (connection refused, 429, 5xx) is retried
// by the AI SDK up to LLM_MAX_RETRIES times with backoff; once a word has arrived nothing is
// retried (the client may already have shown it). A model silent for LLM_TIMEOUT_MS, before its
// first word or between two words, is stopped: 504 model_timeout. Any other failure is 502
// model_error, with the upstream detail logged, never sent. The caller's AbortSignal (the client
// went away) stops the model request at once.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, streamText } from 'ai';
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

export function createOpenAiCompatibleModel(
  config: LlmConfig & { baseUrl: string; model: string },
  log: FastifyBaseLogger,
): ChatModel {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  });
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
      let failure: unknown;
      let hasText = false;
      try {
        const result = streamText({
          model: languageModel,
          system: request.system,
          messages: request.messages,
          abortSignal: signal,
          maxRetries: config.maxRetries,
          maxOutputTokens: config.maxOutputTokens,
          // Errors arrive as stream parts below; the default handler would only print them.
          onError: () => {},
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            if (!part.text) continue;
            arm();
            hasText = true;
            yield part.text;
          } else if (part.type === 'error') {
            failure = part.error;
            break;
          } else if (part.type === 'abort') {
            break;
          }
        }
      } catch (error) {
        failure = error;
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

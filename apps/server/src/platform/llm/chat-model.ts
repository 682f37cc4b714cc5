// The language model behind the chats: any OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY,
// LLM_MODEL). Every answer is streamed from the model, also when the client wants JSON, so one path
// serves both. The chats need only streamed text, so they speak the chat-completions protocol
// directly (fetch, and eventsource-parser for the event stream): the AI SDK provider's layers of web
// streams and schema checks cost about as much again as the rest of the server's path to the first
// word (bench/README.md). Callers that need more (tools, structured output, embeddings) use the
// AI SDK's provider (provider.ts) on the same endpoint.
//
// Failures: a request that fails before any word arrived (connection refused, 429, 5xx) is retried
// up to LLM_MAX_RETRIES times with backoff (250 ms doubling, or the model's Retry-After up to 4 s);
// once a word has arrived nothing is retried (the client may already have shown it). A model silent for LLM_TIMEOUT_MS, before its
// first word or between two words, is stopped: 504 model_timeout. Any other failure is 502
// model_error, with the upstream detail logged, never sent. The caller's AbortSignal (the client
// went away) stops the model request at once.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createParser } from 'eventsource-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { LlmConfig } from '../config/config.js';
import { HttpError } from '../http/errors.js';
import { type TraceSpan, tracer } from '../operations/tracing.js';

export interface ModelMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  system: string;
  messages: ModelMessage[];
  /** The client went away: stop the model request. */
  signal: AbortSignal;
  /** Told the tokens the answer took, when the model reports them (after its last piece). */
  onUsage?(usage: ModelUsage): void;
}

/**
 * Where the model calls made while answering a chat request report their tokens when the call
 * itself names nowhere (`ModelRequest.onUsage`): respond() sets it for the answer it runs, so the
 * chats' tokens are counted per chat operation without each feature passing it along.
 */
export const modelUsageSink = new AsyncLocalStorage<(usage: ModelUsage) => void>();

/** Tokens of one answer as the model counted them (OpenAI's `usage`). */
export interface ModelUsage {
  /** The prompt's tokens (`prompt_tokens`). */
  inputTokens: number;
  /** The answer's tokens (`completion_tokens`). */
  outputTokens: number;
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

/** The model answered with an HTTP error status. */
class ModelResponseError extends Error {
  constructor(
    readonly statusCode: number,
    readonly responseHeaders: Headers,
    /** The start of the body, for the log only (it may hold internals). */
    readonly responseBody: string,
  ) {
    super(`The language model answered HTTP ${statusCode}`);
    this.name = 'ModelResponseError';
  }

  /** Worth another attempt: timeouts, conflicts, rate limits and server errors. */
  get isRetryable(): boolean {
    const status = this.statusCode;
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }
}

/** The model's event stream said something other than an answer (an error event, malformed data). */
class ModelStreamError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ModelStreamError';
  }
}

interface CompletionChunk {
  error?: { message?: string };
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  /** With `stream_options.include_usage`: in a last chunk of its own (no choices). */
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** What the stream said besides its text. */
interface CompletionEnd {
  usage?: ModelUsage;
  finishReason?: string;
}

/**
 * One streamed chat completion: the text of each chunk as it comes (empty pieces skipped). Throws
 * ModelResponseError for an error status, ModelStreamError for an error event or malformed data, and
 * fetch's own errors (TypeError for a refused or cut connection, the abort reason when aborted).
 */
async function* streamCompletion(
  config: { url: string; apiKey?: string; model: string; maxOutputTokens: number; streamUsage: boolean },
  request: { system: string; messages: ModelMessage[] },
  signal: AbortSignal,
  end: CompletionEnd,
  span: TraceSpan | undefined,
): AsyncGenerator<string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
  };
  // The model's own tracing (a gateway's, vLLM's) continues this trace.
  if (span) span.activate(() => tracer()?.inject(headers));
  const response = await fetch(config.url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      model: config.model,
      messages: [{ role: 'system', content: request.system }, ...request.messages],
      max_tokens: config.maxOutputTokens,
      stream: true,
      ...(config.streamUsage ? { stream_options: { include_usage: true } } : {}),
    }),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = await response.text().catch(() => '');
    throw new ModelResponseError(response.status, response.headers, body.slice(0, 2000));
  }
  const data: string[] = [];
  const parser = createParser({ onEvent: (event) => data.push(event.data) });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      for (const payload of data.splice(0)) {
        if (payload === '[DONE]') return;
        let chunk: CompletionChunk;
        try {
          chunk = JSON.parse(payload) as CompletionChunk;
        } catch (error) {
          throw new ModelStreamError('The language model sent an event that is not JSON.', { cause: error });
        }
        if (chunk.error) {
          throw new ModelStreamError(`The language model sent an error: ${chunk.error.message ?? 'unknown'}`);
        }
        if (chunk.usage) {
          end.usage = {
            inputTokens: chunk.usage.prompt_tokens ?? 0,
            outputTokens: chunk.usage.completion_tokens ?? 0,
          };
        }
        const finishReason = chunk.choices?.[0]?.finish_reason;
        if (finishReason) end.finishReason = finishReason;
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) yield text;
      }
    }
  } finally {
    // Stops reading (and frees the connection) when the caller stops early or an error ends the loop.
    reader.cancel().catch(() => {});
  }
}

/** First pause between two attempts; doubled each time (or the model's Retry-After, up to MAX). */
const RETRY_DELAY_MS = 250;
const MAX_RETRY_DELAY_MS = 4000;

export function createOpenAiCompatibleModel(
  config: LlmConfig & { baseUrl: string; model: string },
  log: FastifyBaseLogger,
): ChatModel {
  const seconds = Math.round(config.timeoutMs / 100) / 10;
  const completion = { ...config, url: `${config.baseUrl.replace(/\/+$/, '')}/chat/completions` };

  /** The request and its retries, piece by piece; `end` gets what the stream said besides its text. */
  async function* attempts(
    request: ModelRequest,
    end: CompletionEnd,
    span: TraceSpan | undefined,
  ): AsyncIterable<string> {
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
      for (let attempt = 0; ; attempt++) {
        failure = undefined;
        try {
          for await (const piece of streamCompletion(completion, request, signal, end, span)) {
            arm();
            hasText = true;
            yield piece;
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
  }

  return {
    name: config.model,
    async *stream(request: ModelRequest): AsyncIterable<string> {
      if (request.signal.aborted) throw new AbortError();
      // One span for the whole call, retries included, ended when its stream ends (or fails, or
      // the caller stops reading).
      const span = tracer()?.startSpan(`chat ${config.model}`, {
        kind: 'client',
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': 'openai',
          'gen_ai.request.model': config.model,
          'gen_ai.request.max_tokens': config.maxOutputTokens,
          'server.address': new URL(completion.url).hostname,
        },
      });
      const end: CompletionEnd = {};
      try {
        yield* attempts(request, end, span);
        if (end.usage) (request.onUsage ?? modelUsageSink.getStore())?.(end.usage);
        span?.setAttributes({
          'gen_ai.usage.input_tokens': end.usage?.inputTokens,
          'gen_ai.usage.output_tokens': end.usage?.outputTokens,
          'gen_ai.response.finish_reasons': end.finishReason,
        });
      } catch (error) {
        if (error instanceof AbortError) span?.setAttributes({ 'da.stopped': true });
        else span?.fail(error);
        throw error;
      } finally {
        span?.end();
      }
    },
  };
}

function isRetryable(error: unknown): boolean {
  if (error instanceof ModelResponseError) return error.isRetryable;
  // fetch's own failures (refused or reset connections) are TypeErrors.
  return error instanceof TypeError;
}

function retryDelay(error: unknown, attempt: number): number {
  const headers = error instanceof ModelResponseError ? error.responseHeaders : undefined;
  const afterMs = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  const afterSeconds = Number(headers?.get('retry-after') ?? Number.NaN);
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
  const cause = findResponseError(error);
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

function findResponseError(error: unknown): ModelResponseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof ModelResponseError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

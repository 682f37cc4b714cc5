/**
 * The chat streaming extension: a chat call with `Accept: text/event-stream`, read as server-sent
 * events (eventsource-parser) and handed out as typed events. The call goes through the client itself
 * (openapi-fetch), so the base URL, headers, XSRF, bearer token and any middleware apply exactly as on
 * every other call. A server that ignores the header and answers JSON gives one `done` event.
 */
import { createParser } from 'eventsource-parser';
import type { DigitalAssistantClient } from './client';
import { clientError, DigitalAssistantError, toDigitalAssistantError } from './errors';
import type { paths } from './generated/schema';
import type { ChatStreamEvent } from './types';

/** The contract's chat paths: knowledgeChat, gptChat and elkChat. */
export type ChatPath = '/api/chat' | '/api/chat/gpt' | '/api/chat/elk';

/** The JSON body a chat path takes, e.g. `{ Message, ConversationId }` for `/api/chat/gpt`. */
export type ChatRequestBody<Path extends ChatPath> = NonNullable<
  paths[Path]['post']['requestBody']
>['content']['application/json'];

/** The JSON answer of a chat path, which is also what its `done` event carries. */
export type ChatAnswer<Path extends ChatPath> =
  paths[Path]['post']['responses'][200]['content']['application/json'];

/** A streamed event of one chat path: `done` carries that path's answer. */
export type ChatStreamEventOf<Path extends ChatPath> =
  | Exclude<ChatStreamEvent, { type: 'done' }>
  | { type: 'done'; data: ChatAnswer<Path> };

/** Options of {@link streamChat}. */
export interface StreamChatOptions {
  /** Stops the call: the server is disconnected and iteration rejects with code `aborted`. */
  signal?: AbortSignal;
  /** Headers added to this call (beside the client's own). */
  headers?: Record<string, string>;
  /**
   * Called with the successful answer once its headers arrive, before any event: e.g. to tell a
   * streamed answer (`content-type: text/event-stream`) from a server's plain JSON one.
   */
  onResponse?: (response: Response) => void;
}

const EVENT_TYPES: ReadonlySet<string> = new Set(['delta', 'sources', 'done', 'error']);

const invalidResponse = (message: string, cause?: unknown) =>
  new DigitalAssistantError(message, { code: 'invalid_response', cause });

/** Parses one event's data; `undefined` for an event type this client does not know (a newer server's). */
function toEvent(name: string | undefined, data: string): ChatStreamEvent | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch (error) {
    throw invalidResponse(`The chat stream sent an event that is not JSON: ${data.slice(0, 80)}`, error);
  }
  if (typeof payload !== 'object' || payload === null) {
    throw invalidResponse('The chat stream sent an event that is not an object');
  }
  const type = (payload as { type?: unknown }).type ?? name;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type)) return undefined;
  return { ...payload, type } as ChatStreamEvent;
}

const isEventStream = (response: Response) =>
  /^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '');

async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamEvent> {
  const queue: ChatStreamEvent[] = [];
  let failure: unknown;
  const parser = createParser({
    onEvent: (message) => {
      if (failure) return;
      try {
        const event = toEvent(message.event, message.data);
        if (event) queue.push(event);
      } catch (error) {
        failure = error;
      }
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) {
        parser.feed(decoder.decode());
        parser.reset({ consume: true });
      } else parser.feed(decoder.decode(value, { stream: true }));
      if (failure) throw failure;
      while (queue.length > 0) yield queue.shift() as ChatStreamEvent;
      if (done) return;
    }
  } finally {
    // Stopping early (break, return, an error) disconnects instead of leaving the answer running.
    reader.cancel().catch(() => {});
  }
}

/**
 * Sends a chat message asking for the answer as server-sent events, and yields the events as they
 * arrive: `delta` (new answer text), `sources` (knowledge sources), `done` (the same object the JSON
 * answer has) and `error` (the contract's error body). A server that answers JSON instead yields one
 * `done` event with that answer. Error answers (4xx/5xx) reject with a `DigitalAssistantError`, as do
 * network failures (`network_error`), an abort (`aborted`) and a stream that breaks the protocol
 * (`invalid_response`, or `network_error` when it ends before `done` or `error`).
 * @example
 * let text = '';
 * for await (const event of streamChat(client, '/api/chat/gpt', { Message: 'Hello' }, { signal })) {
 *   if (event.type === 'delta') text += event.text;
 *   if (event.type === 'done') console.log(event.data.ConversationId, event.data.Answer);
 * }
 */
export async function* streamChat<Path extends ChatPath>(
  client: DigitalAssistantClient,
  path: Path,
  body: ChatRequestBody<Path>,
  options: StreamChatOptions = {},
): AsyncGenerator<ChatStreamEventOf<Path>, void, undefined> {
  const { signal } = options;
  const rethrow = (error: unknown): never => {
    if (signal?.aborted) throw clientError('aborted', signal.reason);
    throw toDigitalAssistantError(error);
  };
  let result: { data?: ReadableStream<Uint8Array> | null; error?: unknown; response: Response };
  try {
    // openapi-fetch types the call per path; the three chat paths share this shape.
    result = await (client.POST as (path: ChatPath, init: object) => Promise<typeof result>)(path, {
      body,
      headers: { ...options.headers, Accept: 'text/event-stream' },
      parseAs: 'stream',
      signal,
    });
  } catch (error) {
    return rethrow(error);
  }
  const { response } = result;
  if (result.error !== undefined || !response.ok) {
    throw toDigitalAssistantError(result.error, response);
  }
  const stream = result.data ?? null;
  options.onResponse?.(response);
  try {
    if (!isEventStream(response)) {
      const text = stream ? await new Response(stream).text() : '';
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (error) {
        throw invalidResponse('The chat answer is neither an event stream nor JSON', error);
      }
      yield { type: 'done', data } as ChatStreamEventOf<Path>;
      return;
    }
    if (!stream) throw clientError('network_error', new Error('The chat stream has no body'));
    for await (const event of readEvents(stream)) {
      yield event as ChatStreamEventOf<Path>;
      if (event.type === 'done' || event.type === 'error') return;
    }
  } catch (error) {
    return rethrow(error);
  }
  if (signal?.aborted) throw clientError('aborted', signal.reason);
  throw clientError('network_error', new Error('The chat stream ended before the answer was complete'));
}

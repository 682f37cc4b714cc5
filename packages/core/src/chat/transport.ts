/**
 * How the chat store reaches the server: one small interface, two implementations. The JSON one makes
 * the plain calls of spec section 7; the SSE one asks for the streaming extension (`streamChat`) and
 * falls back to JSON on a server that does not stream.
 */
import {
  type ChatStreamEvent,
  type DigitalAssistantClient,
  DigitalAssistantError,
  type ElkChatResponse,
  type GptChatRequest,
  type GptChatResponse,
  isDigitalAssistantError,
  type KnowledgeChatRequest,
  type KnowledgeChatResponse,
  streamChat,
  unwrap,
} from '@digital-assistant/sdk';

/** One question, for the channel it goes to, with the body that channel's call takes. */
export type ChatRequest =
  | { channel: 'openai'; body: GptChatRequest }
  | { channel: 'knowledge'; body: KnowledgeChatRequest }
  | { channel: 'elk'; body: { message: string } };

/** The answer object of any chat call. */
export type ChatAnswer = GptChatResponse | KnowledgeChatResponse | ElkChatResponse;

/**
 * What a transport yields while an answer arrives: `sources`, `delta` (new text) and one final
 * `done` with the whole answer. Failures are thrown, never yielded.
 */
export type ChatTransportEvent =
  | Extract<ChatStreamEvent, { type: 'delta' | 'sources' }>
  | { type: 'done'; data: ChatAnswer };

/** Options of {@link ChatTransport.sendMessage}. */
export interface ChatTransportSendOptions {
  /** Stops the answer; the iteration then rejects with a `DigitalAssistantError` of code `aborted`. */
  signal: AbortSignal;
  /**
   * Called when the server names the AI conversation before its answer (the `X-Conversation-Id`
   * header of the extension), so a stopped first answer can still be opened again.
   */
  onConversationId?: (conversationId: string) => void;
  /**
   * Called when the server says that the AI chat takes `ReplaceLastQuestion` (the extension header
   * `X-Chat-Replace-Last: supported`): regenerating and editing the last question may be offered.
   */
  onReplaceLastSupported?: () => void;
}

/**
 * Sends a question and yields the answer's events; rejects with a `DigitalAssistantError` when the
 * call fails (an error answer, an `error` event, the network, an abort).
 */
export interface ChatTransport {
  sendMessage(request: ChatRequest, options: ChatTransportSendOptions): AsyncIterable<ChatTransportEvent>;
}

/** The extension header naming the AI conversation before its answer. */
export const CONVERSATION_ID_HEADER = 'X-Conversation-Id';

/** The extension header saying that the AI chat takes `ReplaceLastQuestion`. */
export const REPLACE_LAST_HEADER = 'X-Chat-Replace-Last';

/** Whether a response carries {@link REPLACE_LAST_HEADER}. */
export const isReplaceLastSupported = (response: Response | undefined) =>
  response?.headers.get(REPLACE_LAST_HEADER) === 'supported';

const CHAT_PATHS = { openai: '/api/chat/gpt', knowledge: '/api/chat', elk: '/api/chat/elk' } as const;

function post(client: DigitalAssistantClient, request: ChatRequest, signal: AbortSignal) {
  switch (request.channel) {
    case 'openai':
      return client.POST(CHAT_PATHS.openai, { body: request.body, signal });
    case 'knowledge':
      return client.POST(CHAT_PATHS.knowledge, { body: request.body, signal });
    case 'elk':
      return client.POST(CHAT_PATHS.elk, { body: request.body, signal });
  }
}

/**
 * The plain transport: one JSON call per question, yielding one `done` event.
 * @example createChatStore({ client, transport: createJsonChatTransport(client) })
 */
export function createJsonChatTransport(client: DigitalAssistantClient): ChatTransport {
  return {
    async *sendMessage(request, { signal, onReplaceLastSupported }) {
      const data: ChatAnswer = await unwrap<ChatAnswer>(
        post(client, request, signal).then((result) => {
          if (isReplaceLastSupported(result.response)) onReplaceLastSupported?.();
          return result;
        }),
      );
      yield { type: 'done', data };
    },
  };
}

/** Options of {@link createSseChatTransport}. */
export interface SseChatTransportOptions {
  /**
   * Used once the server has shown that it does not stream (it answered JSON, or refused the stream
   * with 406).
   * @default createJsonChatTransport(client)
   */
  fallback?: ChatTransport;
}

/**
 * The streaming transport: asks for server-sent events (`Accept: text/event-stream`) and yields them
 * as they come. A server that answers JSON instead gives one `done` event, and from then on this
 * transport makes plain JSON calls; so does a server that refuses the stream with 406.
 * @example createChatStore({ client, transport: createSseChatTransport(client) })
 */
export function createSseChatTransport(
  client: DigitalAssistantClient,
  options: SseChatTransportOptions = {},
): ChatTransport {
  const fallback = options.fallback ?? createJsonChatTransport(client);
  let isStreamingUnsupported = false;
  return {
    async *sendMessage(request, sendOptions) {
      if (isStreamingUnsupported) {
        yield* fallback.sendMessage(request, sendOptions);
        return;
      }
      const events = streamChat(client, CHAT_PATHS[request.channel], request.body as never, {
        signal: sendOptions.signal,
        onResponse: (response) => {
          if (!/^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '')) {
            isStreamingUnsupported = true;
          }
          const conversationId = response.headers.get(CONVERSATION_ID_HEADER);
          if (conversationId) sendOptions.onConversationId?.(conversationId);
          if (isReplaceLastSupported(response)) sendOptions.onReplaceLastSupported?.();
        },
      });
      try {
        for await (const event of events as AsyncIterable<ChatStreamEvent>) {
          if (event.type === 'error') {
            throw new DigitalAssistantError(event.error.error, {
              code: event.error.code,
              details: event.error.details,
              cause: event.error,
            });
          }
          yield event;
        }
      } catch (error) {
        if (isDigitalAssistantError(error) && error.status === 406) {
          isStreamingUnsupported = true;
          yield* fallback.sendMessage(request, sendOptions);
          return;
        }
        throw error;
      }
    },
  };
}

/**
 * The chat provider: the SDK client, notices, the chat store, the logger and the clipboard, without
 * TanStack Query (this file and what it imports never load it), for hosts that only chat (the
 * embeddable widget). The core provider wraps it in a TanStack `QueryClientProvider`.
 */
import {
  type ChatTransport,
  createChatStore,
  createJsonChatTransport,
  createNoticeStore,
  createSseChatTransport,
} from '@digital-assistant/core';
import type { DigitalAssistantClient } from '@digital-assistant/sdk';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  type ClipboardWriter,
  CoreContext,
  type CoreContextValue,
  type Logger,
  useCoreContext,
} from './context';

/** Props of {@link DigitalAssistantChatProvider}. */
export interface DigitalAssistantChatProviderProps {
  /** The SDK client every call goes through. */
  client: DigitalAssistantClient;
  /**
   * Where copies (a generated token, a code block) are written.
   * @default globalThis.navigator.clipboard (none outside browsers)
   */
  clipboard?: ClipboardWriter | null;
  /**
   * Where failures that are only logged go.
   * @default console
   */
  logger?: Logger;
  /**
   * How chat questions are sent: streamed (`'sse'`, falling back to JSON on a server that does not
   * stream), plain JSON calls (`'json'`), or a transport of your own.
   * @default 'sse'
   */
  chatTransport?: 'sse' | 'json' | ChatTransport;
  children?: ReactNode;
}

function defaultClipboard(): ClipboardWriter | null {
  const clipboard = (globalThis as { navigator?: { clipboard?: ClipboardWriter } }).navigator?.clipboard;
  return clipboard ? { writeText: (text) => clipboard.writeText(text) } : null;
}

/**
 * {@link DigitalAssistantCoreProvider} without TanStack Query, for a host that only chats: the SDK
 * client, notices, the chat store and its hooks, the logger and the clipboard. Hooks that fetch
 * server state (`useUsers`, the knowledge-base and administration hooks) need the core provider. The
 * embeddable widget uses this one, so TanStack Query is not in its script.
 * @example
 * <DigitalAssistantChatProvider client={createClient({ baseUrl: 'https://assistant.example.com' })}>
 *   <ChatConversation channel="openai" />
 * </DigitalAssistantChatProvider>
 */
export function DigitalAssistantChatProvider(props: DigitalAssistantChatProviderProps) {
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [value] = useState<CoreContextValue>(() => {
    const logger: Logger = { error: (...args) => (latest.current.logger ?? console).error(...args) };
    const { client, chatTransport = 'sse' } = props;
    const transport =
      chatTransport === 'sse'
        ? createSseChatTransport(client)
        : chatTransport === 'json'
          ? createJsonChatTransport(client)
          : chatTransport;
    return {
      client: props.client,
      clipboard: {
        async writeText(text) {
          const { clipboard } = latest.current;
          const writer = clipboard === undefined ? defaultClipboard() : clipboard;
          if (!writer) throw new Error('No clipboard is available');
          await writer.writeText(text);
        },
      },
      logger,
      notices: createNoticeStore(),
      chat: createChatStore({ client, transport, logger }),
    };
  });
  // An answer still arriving when the host goes away is stopped.
  useEffect(() => () => value.chat.stop(), [value]);
  return <CoreContext.Provider value={value}>{props.children}</CoreContext.Provider>;
}

/** The SDK client given to the provider. */
export function useClient(): DigitalAssistantClient {
  return useCoreContext('useClient').client;
}

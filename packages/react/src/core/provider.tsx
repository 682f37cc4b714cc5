/**
 * The core provider: the SDK client, the TanStack Query client and notices, for any host (the
 * reference app builds on it). It knows no router, window or menu. The chat provider
 * (`chat-provider.tsx`) is the same without TanStack Query, for hosts that only chat (the embeddable
 * widget).
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { DigitalAssistantChatProvider, type DigitalAssistantChatProviderProps } from './chat-provider';
import { createQueryClient } from './query-client';

/** Props of {@link DigitalAssistantCoreProvider}. */
export interface DigitalAssistantCoreProviderProps extends DigitalAssistantChatProviderProps {
  /** Bring your own TanStack QueryClient; by default one is created with {@link createQueryClient}. */
  queryClient?: QueryClient;
}

/**
 * Provides the SDK client, notices, the chat, the logger and the clipboard to every hook, inside a
 * TanStack `QueryClientProvider`. Later changes of `clipboard` and `logger` are picked up; a
 * different `client`, `queryClient` or `chatTransport` is not (remount to switch servers).
 * @example
 * <DigitalAssistantCoreProvider client={createClient({ baseUrl: 'https://assistant.example.com' })}>
 *   <Widget />
 * </DigitalAssistantCoreProvider>
 */
export function DigitalAssistantCoreProvider({
  queryClient: given,
  ...props
}: DigitalAssistantCoreProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <DigitalAssistantChatProvider {...props} />
    </QueryClientProvider>
  );
}

/** One provider takes the SDK client and the app's few browser functions; every hook reads it. */
import type { DigitalAssistantClient } from '@digital-assistant/sdk';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import {
  DigitalAssistantContext,
  type DigitalAssistantContextValue,
  useDigitalAssistantContext,
} from './context';
import { createMenuPanelStore } from './menu';
import { createNoticeStore } from './notices';
import { createQueryClient } from './query-client';
import { createSessionStore, type Logger, type SessionStore } from './session';
import type { ClipboardWriter } from './token-overlay';

/** Props of {@link DigitalAssistantProvider}. */
export interface DigitalAssistantProviderProps {
  /** The SDK client every call goes through. */
  client: DigitalAssistantClient;
  /** In-app navigation, for example React Router's `navigate`. */
  navigate: (to: string) => void;
  /**
   * Sends the browser to another site (the identity provider during single sign-on).
   * @default (url) => globalThis.location.assign(url)
   */
  redirect?: (url: string) => void;
  /**
   * Where token copies are written.
   * @default globalThis.navigator.clipboard (none outside browsers)
   */
  clipboard?: ClipboardWriter | null;
  /** Bring your own TanStack QueryClient; by default one is created with {@link createQueryClient}. */
  queryClient?: QueryClient;
  /** Window width at start: the menu panel opens by default when it is over 1000px. */
  windowWidth?: number;
  /**
   * Where failures that are only logged go (logout, sign-in, single sign-on).
   * @default console
   */
  logger?: Logger;
  children?: ReactNode;
}

function defaultRedirect(url: string): void {
  globalThis.location?.assign(url);
}

function defaultClipboard(): ClipboardWriter | null {
  const clipboard = (globalThis as { navigator?: { clipboard?: ClipboardWriter } }).navigator?.clipboard;
  return clipboard ? { writeText: (text) => clipboard.writeText(text) } : null;
}

/**
 * Provides the SDK client, the session, the menu panel and notices to every hook, inside a
 * TanStack `QueryClientProvider`. The stores are created once; later changes of `navigate`,
 * `redirect`, `clipboard` and `logger` are picked up, a different `client` or `queryClient` is not
 * (remount to switch servers).
 * @example
 * <DigitalAssistantProvider client={createClient()} navigate={navigate} windowWidth={window.innerWidth}>
 *   <App />
 * </DigitalAssistantProvider>
 */
export function DigitalAssistantProvider(props: DigitalAssistantProviderProps) {
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [value] = useState<DigitalAssistantContextValue>(() => {
    const logger: Logger = { error: (...args) => (latest.current.logger ?? console).error(...args) };
    const navigate = (to: string) => latest.current.navigate(to);
    const session: SessionStore = createSessionStore({
      client: props.client,
      navigate,
      redirect: (url) => (latest.current.redirect ?? defaultRedirect)(url),
      logger,
      // Nothing fetched for the previous user may be shown to the next one.
      onSignedOut: () => queryClient.clear(),
    });
    return {
      client: props.client,
      navigate,
      clipboard: {
        async writeText(text) {
          const { clipboard } = latest.current;
          const writer = clipboard === undefined ? defaultClipboard() : clipboard;
          if (!writer) throw new Error('No clipboard is available');
          await writer.writeText(text);
        },
      },
      logger,
      session,
      menuPanel: createMenuPanelStore({ windowWidth: props.windowWidth }),
      notices: createNoticeStore(),
    };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <DigitalAssistantContext.Provider value={value}>{props.children}</DigitalAssistantContext.Provider>
    </QueryClientProvider>
  );
}

/** The SDK client given to the provider. */
export function useClient(): DigitalAssistantClient {
  return useDigitalAssistantContext('useClient').client;
}

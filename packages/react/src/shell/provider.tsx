/**
 * The reference app's provider: the core (client, query client, notices) plus what an app with a
 * router and a window adds: navigation, the session with its redirects, and the menu panel.
 */

import type { ChatStorage } from '@digital-assistant/core';
import { createMenuPanelStore, createSessionStore } from '@digital-assistant/core';
import type { AuthResponse } from '@digital-assistant/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useCoreContext } from '../core/context';
import { DigitalAssistantCoreProvider, type DigitalAssistantCoreProviderProps } from '../core/provider';
import { AppContext, type AppContextValue, type NavigateOptions } from './app-context';

/** Props of {@link DigitalAssistantAppProvider}. */
export interface DigitalAssistantAppProviderProps {
  /** In-app navigation, for example React Router's `navigate` (`replace` swaps the history entry). */
  navigate: (to: string, options?: NavigateOptions) => void;
  /**
   * Sends the browser to another site (the identity provider during single sign-on).
   * @default (url) => globalThis.location.assign(url)
   */
  redirect?: (url: string) => void;
  /** Window width at start: the menu panel opens by default when it is over 1000px. */
  windowWidth?: number;
  /**
   * The app's current path with its query, where sign-in leads back to when the session fails or
   * ends while in use.
   * @default () => location.pathname + location.search
   */
  currentPath?: () => string | undefined;
  /**
   * Where the chat keeps each pane's draft and the knowledge thread across reloads in this tab
   * (`null`: nowhere).
   * @default sessionStorage
   */
  chatStorage?: ChatStorage | null;
  /**
   * The server's answer to `GET /api/auth` when the page already has it (asked as the page
   * started): the session starts validated with it, so the first render is the signed-in screen.
   * Read once, when the provider mounts.
   */
  auth?: AuthResponse;
  children?: ReactNode;
}

/** Props of {@link DigitalAssistantProvider}: the core's and the app layer's. */
export interface DigitalAssistantProviderProps
  extends DigitalAssistantCoreProviderProps,
    DigitalAssistantAppProviderProps {}

function defaultRedirect(url: string): void {
  globalThis.location?.assign(url);
}

function defaultCurrentPath(): string | undefined {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}` : undefined;
}

function defaultChatStorage(): ChatStorage | undefined {
  try {
    // Reading it throws where the browser refuses storage to the page.
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The app layer alone, inside a {@link DigitalAssistantCoreProvider}: the session (validation,
 * sign-in and sign-out redirects) and the menu panel; it gives the chat its navigation and the
 * signed-in user. Later changes of `navigate` and `redirect` are picked up.
 */
export function DigitalAssistantAppProvider(props: DigitalAssistantAppProviderProps) {
  const core = useCoreContext('DigitalAssistantAppProvider');
  const queryClient = useQueryClient();
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [value] = useState<AppContextValue>(() => {
    const navigate = (to: string, options?: NavigateOptions) => latest.current.navigate(to, options);
    const session = createSessionStore({
      client: core.client,
      navigate,
      redirect: (url) => (latest.current.redirect ?? defaultRedirect)(url),
      logger: core.logger,
      // Nothing fetched for the previous user may be shown to the next one.
      onSignedOut: () => queryClient.clear(),
      currentPath: () => (latest.current.currentPath ?? defaultCurrentPath)(),
      validated: props.auth,
    });
    // Drafts and the knowledge thread outlive a reload; a question refused because the session ended
    // leads to sign-in and back. (Choosing a chat type or a department navigates through the chat
    // hooks of this layer, chat/chat-routing.ts.)
    core.chat.setStorage(
      props.chatStorage === undefined ? defaultChatStorage() : (props.chatStorage ?? undefined),
    );
    core.chat.setSessionExpiredHandler(session.expire);
    // Known before the first render, the user is given to the chat now rather than by the effect
    // below after it, which would draw the chat again.
    if (props.auth) core.chat.setUser(props.auth.user);
    return { navigate, session, menuPanel: createMenuPanelStore({ windowWidth: props.windowWidth }) };
  });
  // The chat follows who is signed in: the History loads once the e-mail is known.
  useEffect(() => {
    const { session } = value;
    const follow = () => core.chat.setUser(session.getSnapshot().user);
    follow();
    return session.subscribe(follow);
  }, [value, core.chat]);
  return <AppContext.Provider value={value}>{props.children}</AppContext.Provider>;
}

/**
 * Provides the SDK client, notices, the session, the menu panel and navigation to every hook: the
 * core provider with the app layer on top. The stores are created once; later changes of
 * `navigate`, `redirect`, `clipboard` and `logger` are picked up, a different `client` or
 * `queryClient` is not (remount to switch servers).
 * @example
 * <DigitalAssistantProvider client={createClient()} navigate={navigate} windowWidth={window.innerWidth}>
 *   <App />
 * </DigitalAssistantProvider>
 */
export function DigitalAssistantProvider({
  navigate,
  redirect,
  windowWidth,
  currentPath,
  chatStorage,
  auth,
  children,
  ...core
}: DigitalAssistantProviderProps) {
  return (
    <DigitalAssistantCoreProvider {...core}>
      <DigitalAssistantAppProvider
        navigate={navigate}
        redirect={redirect}
        windowWidth={windowWidth}
        currentPath={currentPath}
        chatStorage={chatStorage}
        auth={auth}
      >
        {children}
      </DigitalAssistantAppProvider>
    </DigitalAssistantCoreProvider>
  );
}

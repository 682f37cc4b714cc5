/**
 * Who the widget is talking for: the session cookie of `baseUrl`'s server, asked with
 * `GET /api/auth`. On 401 the person signs in in a popup (the server's `/widget/sign-in`, single
 * sign-on), which ends on the server's `/widget/signed-in` page; that page posts {@link SIGNED_IN_MESSAGE_TYPE} to
 * this window, and the session is asked again. A plain store (`subscribe` / `getSnapshot`); no
 * personal access token is ever involved.
 */
import { createStore, type ReadableStore } from '@digital-assistant/core';
import type { DigitalAssistantClient, FeatureName, User } from '@digital-assistant/sdk';
import { SIGNED_IN_MESSAGE_TYPE, signInUrl } from './constants';

/**
 * `checking` (asking the server), `signed-in`, `signed-out` (the server answered 401: offer Sign in),
 * or `unavailable` (the server could not be reached or failed; offer Try again).
 */
export type WidgetSessionStatus = 'checking' | 'signed-in' | 'signed-out' | 'unavailable';

/** The session's snapshot. */
export interface WidgetSessionState {
  status: WidgetSessionStatus;
  user: User | null;
  features: readonly FeatureName[];
  /**
   * False when the server said it has no language model (`hasLanguageModel` on `GET /api/auth`): the
   * AI chat says so before anyone asks and takes no questions. True when it has one or did not say.
   */
  hasLanguageModel: boolean;
  /** The sign-in popup is open. */
  isSigningIn: boolean;
  /** The browser refused to open the popup (a blocker): the person is told to allow it. */
  isPopupBlocked: boolean;
  /**
   * The popup said the person signed in, yet the server still answers 401: this page's browser did
   * not send the server's session cookie (another site with `SameSite=Lax` cookies, or third-party
   * cookies blocked). Signing in again will not help; the person is told why and what the page's
   * owner can do.
   */
  isSessionCookieBlocked: boolean;
  /** Why the server is unavailable, for `unavailable`. */
  problem: string | null;
}

/** What {@link createWidgetSession} needs. */
export interface WidgetSessionOptions {
  client: DigitalAssistantClient;
  /** The server's address (the popup opens there and only its origin's messages are heard). */
  baseUrl: string;
  /** The window that opens the popup and hears its message. @default globalThis.window */
  window?: Window;
  /** How often (ms) the popup is checked for having been closed. @default 500 */
  popupPollMs?: number;
}

/** The session and its actions. */
export interface WidgetSession extends ReadableStore<WidgetSessionState> {
  /** The origin of the server (`baseUrl`), where the person signs in. */
  readonly serverOrigin: string;
  /** Asks the server who is signed in (again). */
  refresh(): Promise<void>;
  /** Opens the sign-in popup; the session is asked again when it reports back or is closed. */
  signIn(): void;
  /** Stops listening for the popup. */
  dispose(): void;
}

const POPUP_NAME = 'digital-assistant-sign-in';
const POPUP_FEATURES = 'popup,width=480,height=640';

/** The origin `baseUrl` is on (relative addresses are on the page's own). */
export function originOf(baseUrl: string, pageOrigin = globalThis.location?.origin): string {
  try {
    return new URL(baseUrl || '/', pageOrigin).origin;
  } catch {
    return '';
  }
}

/** Creates the widget's session; nothing is asked until {@link WidgetSession.refresh}. */
export function createWidgetSession(options: WidgetSessionOptions): WidgetSession {
  const { client, baseUrl, popupPollMs = 500 } = options;
  const view = options.window ?? globalThis.window;
  const store = createStore<WidgetSessionState>({
    status: 'checking',
    user: null,
    features: [],
    hasLanguageModel: true,
    isSigningIn: false,
    isPopupBlocked: false,
    isSessionCookieBlocked: false,
    problem: null,
  });
  const patch = (change: Partial<WidgetSessionState>) => store.setState((state) => ({ ...state, ...change }));
  let asked = 0;
  let stopWatching: (() => void) | null = null;

  async function refresh() {
    const question = ++asked;
    if (store.getSnapshot().status !== 'signed-in') patch({ status: 'checking', problem: null });
    try {
      const { data, error, response } = await client.GET('/api/auth');
      if (question !== asked) return;
      if (data) {
        patch({
          status: 'signed-in',
          user: data.user,
          features: data.features ?? [],
          hasLanguageModel: data.hasLanguageModel !== false,
          isSessionCookieBlocked: false,
          problem: null,
        });
      } else if (response.status === 401) {
        patch({ status: 'signed-out', user: null, features: [], problem: null });
      } else {
        patch({
          status: 'unavailable',
          user: null,
          features: [],
          problem: error?.error ?? response.statusText,
        });
      }
    } catch (caught) {
      if (question !== asked) return;
      const problem = caught instanceof Error ? caught.message : String(caught);
      patch({ status: 'unavailable', user: null, features: [], problem });
    }
  }

  /** `hasSignedIn`: the popup said so (its message); else it was closed, maybe before signing in. */
  async function finishSignIn(hasSignedIn: boolean) {
    stopWatching?.();
    patch({ isSigningIn: false });
    await refresh();
    if (hasSignedIn && store.getSnapshot().status === 'signed-out') patch({ isSessionCookieBlocked: true });
  }

  function signIn() {
    if (!view) return;
    stopWatching?.();
    const popup = view.open(signInUrl(baseUrl, view.location.origin), POPUP_NAME, POPUP_FEATURES);
    if (!popup) {
      patch({ isPopupBlocked: true, isSigningIn: false });
      return;
    }
    patch({ isPopupBlocked: false, isSigningIn: true, isSessionCookieBlocked: false });
    const serverOrigin = originOf(baseUrl, view.location?.origin);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== serverOrigin) return;
      const data = event.data as { type?: unknown } | null;
      if (data?.type !== SIGNED_IN_MESSAGE_TYPE) return;
      void finishSignIn(true);
    };
    view.addEventListener('message', onMessage);
    // A person may close the popup, or sign in where the message cannot reach us: ask again then.
    const timer = setInterval(() => {
      if (popup.closed) void finishSignIn(false);
    }, popupPollMs);
    stopWatching = () => {
      view.removeEventListener('message', onMessage);
      clearInterval(timer);
      stopWatching = null;
    };
  }

  return {
    serverOrigin: originOf(baseUrl, view?.location?.origin),
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    refresh,
    signIn,
    dispose: () => stopWatching?.(),
  };
}

/**
 * The session, as spec section 4 describes it: unvalidated until the server confirms the user
 * (`GET /api/auth`, asked once), then validated. A failed validation counts as signed out and goes
 * to /login. Logout marks the session invalid, tells the server, forgets the user and goes to
 * /logout, even when the server call fails (that failure is only logged).
 */
import {
  type AuthResponse,
  type DigitalAssistantClient,
  DigitalAssistantError,
  type FeatureName,
  type User,
  unwrap,
} from '@digital-assistant/sdk';
import type { Logger } from '../host';
import { DEFAULT_ROUTE, LOGOUT_ROUTE, loginPath, safeReturnTo } from '../shell/routes';
import { createStore, type ReadableStore } from '../store';

export type { Logger };

/** `unvalidated` until the server confirms the user; `invalid` after a failed validation or a logout. */
export type SessionStatus = 'unvalidated' | 'validated' | 'invalid';

/** Snapshot of the session store. */
export interface SessionState {
  status: SessionStatus;
  /** The signed-in user once validated, else `null`. */
  user: User | null;
  /** Features the user's role grants, when the server lists them. */
  features: readonly FeatureName[];
  /**
   * Whether the server has a language model for the AI chat (the `hasLanguageModel` extension of
   * `GET /api/auth`); undefined until validated, and from a server that does not say.
   */
  hasLanguageModel?: boolean;
  /** True while `GET /api/auth` is in flight. */
  isValidating: boolean;
  /** True while single sign-on starts or the session is being completed. */
  isSigningIn: boolean;
  /** True while the logout call is in flight. */
  isLoggingOut: boolean;
  /** True after logout until the next sign-in: the guard then leads to /logout rather than /login. */
  hasLoggedOut: boolean;
}

/** What the session store needs from the app. */
export interface SessionStoreOptions {
  client: DigitalAssistantClient;
  /** In-app navigation (for example React Router's `navigate`). */
  navigate: (to: string) => void;
  /** Sends the browser to another site (the identity provider). */
  redirect: (url: string) => void;
  /** @default console */
  logger?: Logger;
  /** Called after logout has cleared the user, for example to drop cached server data. */
  onSignedOut?: () => void;
  /**
   * The app's current path with its query (e.g. `/chat?c=42`): where sign-in leads back to after a
   * failed validation or an expired session. None: sign-in leads to chat/Knowledge.
   */
  currentPath?: () => string | undefined;
  /**
   * The server's answer to `GET /api/auth` when the page already has it (the reference app asks it
   * as the page starts, before its code has loaded): the session starts validated with it and does
   * not ask again, so the first render is the signed-in screen rather than a loading state that is
   * replaced as soon as the answer comes.
   */
  validated?: AuthResponse;
}

/** The session and the actions that change it. */
export interface SessionStore extends ReadableStore<SessionState> {
  /**
   * Asks the server who is signed in, once: later calls reuse the answer (or the call in flight).
   * On failure the session becomes invalid and the app goes to /login.
   */
  validate(): Promise<SessionState>;
  /** Starts single sign-on: asks for the identity provider address and redirects the browser there. */
  startSso(options?: { returnTo?: string }): Promise<void>;
  /**
   * Completes the session the SSO callback opened, then goes to `returnTo` when it is a guarded
   * path of this site (see `safeReturnTo`), else to chat/Knowledge.
   */
  completeLogin(
    identity: { email: string; name: string },
    options?: { returnTo?: string | null },
  ): Promise<void>;
  /**
   * The server no longer knows the session (it expired or was revoked while in use): the session
   * becomes invalid and the app goes to /login, which signs in again and leads back to where the
   * person was. The user stays known until then, so what the app keeps for them (the chat's
   * drafts) is not dropped as it is on logout.
   */
  expire(): void;
  /**
   * Ends the session (locally even when the server call fails) and goes to /logout. When the user
   * is not known yet (the page was just opened), the server is asked who is signed in first, so
   * that session ends too. `{ navigate: false }` stays where the app is: the /logout route itself.
   */
  logout(options?: { navigate?: boolean }): Promise<void>;
}

const initialState: SessionState = {
  status: 'unvalidated',
  user: null,
  features: [],
  isValidating: false,
  isSigningIn: false,
  isLoggingOut: false,
  hasLoggedOut: false,
};

/** Creates the session store; nothing is fetched until {@link SessionStore.validate} is called. */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { client, navigate, redirect } = options;
  const logger = options.logger ?? console;
  const toLogin = () => navigate(loginPath(options.currentPath?.()));
  const { validated } = options;
  const store = createStore<SessionState>(
    validated
      ? {
          ...initialState,
          status: 'validated',
          user: validated.user,
          features: validated.features ?? [],
          hasLanguageModel: validated.hasLanguageModel,
        }
      : initialState,
  );
  const patch = (change: Partial<SessionState>) => store.setState((state) => ({ ...state, ...change }));
  // Bumped by logout and sign-in so that an answer to an older question cannot overwrite them.
  let generation = 0;
  let validation: Promise<SessionState> | null = null;
  let signIn: Promise<void> | null = null;
  let loggingOut: Promise<void> | null = null;

  const validate = (): Promise<SessionState> => {
    const state = store.getSnapshot();
    if (state.status === 'validated') return Promise.resolve(state);
    if (validation) return validation;
    const asked = generation;
    patch({ isValidating: true });
    validation = (async () => {
      try {
        const { user, features, hasLanguageModel } = await unwrap(client.GET('/api/auth'));
        if (asked === generation)
          patch({ status: 'validated', user, features: features ?? [], hasLanguageModel });
      } catch (error) {
        if (asked === generation) {
          // Not signed in (401) is the usual answer before sign-in, not a failure worth a log line.
          if (!(error instanceof DigitalAssistantError && error.status === 401)) {
            logger.error('Session validation failed', error);
          }
          patch({ status: 'invalid', user: null, features: [] });
          toLogin();
        }
      } finally {
        validation = null;
        patch({ isValidating: false });
      }
      return store.getSnapshot();
    })();
    return validation;
  };

  const startSso = (ssoOptions: { returnTo?: string } = {}): Promise<void> => {
    if (signIn) return signIn;
    patch({ isSigningIn: true });
    signIn = (async () => {
      try {
        const query = ssoOptions.returnTo ? { returnTo: ssoOptions.returnTo } : undefined;
        const { authUrl } = await unwrap(client.GET('/api/auth/sso', { params: { query } }));
        redirect(authUrl);
      } catch (error) {
        logger.error('Single sign-on failed to start', error);
      } finally {
        signIn = null;
        patch({ isSigningIn: false });
      }
    })();
    return signIn;
  };

  const completeLogin = (
    identity: { email: string; name: string },
    loginOptions: { returnTo?: string | null } = {},
  ): Promise<void> => {
    if (signIn) return signIn;
    const asked = ++generation;
    patch({ isSigningIn: true });
    signIn = (async () => {
      try {
        const { user } = await unwrap(
          client.POST('/api/auth/session', { body: { email: identity.email, name: identity.name } }),
        );
        if (asked === generation) {
          patch({ status: 'validated', user, hasLoggedOut: false });
          navigate(safeReturnTo(loginOptions.returnTo) ?? DEFAULT_ROUTE);
        }
      } catch (error) {
        logger.error('Sign-in failed', error);
      } finally {
        signIn = null;
        patch({ isSigningIn: false });
      }
    })();
    return signIn;
  };

  const expire = () => {
    const state = store.getSnapshot();
    if (state.status !== 'validated' || state.isLoggingOut) return;
    generation++;
    patch({ status: 'invalid' });
    toLogin();
  };

  /** Who the server says is signed in, or `null` when nobody is (a failure to ask is logged). */
  const signedInEmail = async (): Promise<string | null> => {
    const { data, response, error } = await client.GET('/api/auth');
    if (data) return data.user.email;
    if (response?.status !== 401) logger.error('Logout could not tell who is signed in', error);
    return null;
  };

  const logout = ({ navigate: goesToLogoutRoute = true }: { navigate?: boolean } = {}): Promise<void> => {
    if (loggingOut) return loggingOut;
    generation++;
    const knownEmail = store.getSnapshot().user?.email;
    patch({ status: 'invalid', isLoggingOut: true, hasLoggedOut: true });
    loggingOut = (async () => {
      try {
        const email = knownEmail ?? (await signedInEmail());
        if (email) await unwrap(client.POST('/api/users/logout', { body: { email } }));
      } catch (error) {
        logger.error('Logout failed', error);
      } finally {
        loggingOut = null;
        patch({ user: null, features: [], isLoggingOut: false });
        options.onSignedOut?.();
        if (goesToLogoutRoute) navigate(LOGOUT_ROUTE);
      }
    })();
    return loggingOut;
  };

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    validate,
    startSso,
    completeLogin,
    expire,
    logout,
  };
}

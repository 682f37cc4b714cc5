/** Hooks over the session store: who is signed in, the route guard, sign-in and sign-out. */

import type { SessionStatus } from '@digital-assistant/core';
import {
  guardRoute,
  hasElkAccess,
  hasPgaAccess,
  initials,
  isAdmin,
  type RouteDecision,
  safeReturnTo,
} from '@digital-assistant/core';
import type { FeatureName, User } from '@digital-assistant/sdk';
import { useCallback, useEffect } from 'react';
import { useStore } from '../core/use-store';
import { useAppContext } from '../shell/app-context';

/** What {@link useSession} returns. */
export interface UseSessionResult {
  status: SessionStatus;
  user: User | null;
  features: readonly FeatureName[];
  /** True once the server has confirmed the user. */
  isValidated: boolean;
  isValidating: boolean;
  /** Role CORE_ADMINS. */
  isAdmin: boolean;
  /** Role PGA or CORE_ADMINS. */
  hasPgaAccess: boolean;
  /** May use the ELK agent: `elk_chat` among the session's features, or CORE_ADMINS from a server listing none. */
  hasElkAccess: boolean;
  /**
   * False when the server says it has no language model: the AI chat cannot answer (the knowledge
   * chats answer with excerpts). True otherwise, also from a server that does not say (a seed backend).
   */
  hasLanguageModel: boolean;
  /** Initials of the user's name (at most 2 letters). */
  initials: string;
  /** Asks the server once who is signed in (see the session store). */
  validate: () => Promise<unknown>;
}

/**
 * The session as it stands. It does not validate by itself (the login screen must not be sent
 * to /login while it completes a sign-in); {@link useRouteGuard} does.
 */
export function useSession(): UseSessionResult {
  const { session } = useAppContext('useSession');
  const state = useStore(session);
  return {
    status: state.status,
    user: state.user,
    features: state.features,
    isValidated: state.status === 'validated',
    isValidating: state.isValidating,
    isAdmin: isAdmin(state.user),
    hasPgaAccess: hasPgaAccess(state.user, state.features),
    hasElkAccess: hasElkAccess(state.user, state.features),
    hasLanguageModel: state.hasLanguageModel !== false,
    initials: initials(state.user?.name),
    validate: session.validate,
  };
}

/**
 * The guard's decision for a path (spec section 2): validates the session once when a guarded
 * route needs it, then renders, or redirects unknown paths to chat/Knowledge, signed-out users to
 * /login and non-admins away from admin routes. The app performs the redirect it is given.
 * @example
 * const decision = useRouteGuard(location.pathname);
 * if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
 */
export function useRouteGuard(path: string): RouteDecision {
  const { session } = useAppContext('useRouteGuard');
  const state = useStore(session);
  const decision = guardRoute(path, state);
  const needsValidation = decision.kind === 'pending' && state.status === 'unvalidated';
  useEffect(() => {
    if (needsValidation) void session.validate();
  }, [needsValidation, session]);
  return decision;
}

/** What {@link useLogin} returns. */
export interface UseLoginResult {
  /** Starts single sign-on and sends the browser to the identity provider. Failures are only logged. */
  startSso: (options?: { returnTo?: string }) => Promise<void>;
  /** Completes the session for the identity in the login URL, then goes to `returnTo` or chat/Knowledge. */
  completeLogin: (
    identity: { email: string; name: string },
    options?: { returnTo?: string | null },
  ) => Promise<void>;
  /**
   * What the login route does with its query string: with an e-mail and a name it completes the
   * session, with an `error` (a refused sign-in, see `signInErrorMessage`) it does nothing,
   * else it starts single sign-on. `returnTo` (a guarded path of this site, anything else is
   * ignored) goes through single sign-on and is where the completed session leads.
   */
  login: (query: {
    email?: string | null;
    name?: string | null;
    error?: string | null;
    returnTo?: string | null;
  }) => Promise<void>;
  isSigningIn: boolean;
}

/**
 * The login screen's actions. They keep their identity across renders, so an effect depending on
 * them runs once per query; concurrent calls share one request (safe under StrictMode).
 */
export function useLogin(): UseLoginResult {
  const { session } = useAppContext('useLogin');
  const { isSigningIn } = useStore(session);
  const login = useCallback<UseLoginResult['login']>(
    ({ email, name, error, returnTo }) => {
      const path = safeReturnTo(returnTo);
      if (email && name) return session.completeLogin({ email, name }, { returnTo: path });
      // Starting again would come straight back refused: the person reads why and presses Login.
      if (error) return Promise.resolve();
      return session.startSso(path ? { returnTo: path } : {});
    },
    [session],
  );
  return { startSso: session.startSso, completeLogin: session.completeLogin, login, isSigningIn };
}

/** What {@link useLogout} returns. */
export interface UseLogoutResult {
  /** Ends the session and goes to /logout; a failing server call is only logged. */
  logout: (options?: { navigate?: boolean }) => Promise<void>;
  isLoggingOut: boolean;
}

/** The Logout button's action. */
export function useLogout(): UseLogoutResult {
  const { session } = useAppContext('useLogout');
  const { isLoggingOut } = useStore(session);
  return { logout: session.logout, isLoggingOut };
}

/** What {@link useLogoutRoute} returns. */
export interface UseLogoutRouteResult {
  /** True until the session this browser still held has ended: show the logged-out screen after. */
  isLoggingOut: boolean;
}

/**
 * For the /logout route: opening it signs the person out as the Logout button does (the server's
 * session ends, cached data is dropped), without starting sign-in again. After the Logout button
 * the session has already ended and nothing more is asked.
 * @example
 * const { isLoggingOut } = useLogoutRoute();
 * return isLoggingOut ? <Pending /> : <LoggedOutScreen onLogin={...} />;
 */
export function useLogoutRoute(): UseLogoutRouteResult {
  const { session } = useAppContext('useLogoutRoute');
  const { hasLoggedOut, isLoggingOut } = useStore(session);
  useEffect(() => {
    if (!hasLoggedOut) void session.logout({ navigate: false });
  }, [hasLoggedOut, session]);
  return { isLoggingOut: isLoggingOut || !hasLoggedOut };
}

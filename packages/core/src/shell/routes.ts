/** The route table of the product and the guard's rule, as pure functions of a path and a user. */
import { isAdmin, type MaybeUser } from '../user';

/** Who may open a route: anyone, any signed-in user, or administrators only. */
export type RouteAccess = 'open' | 'guarded' | 'admin';

/** The screens of the route table. */
export type RouteScreen =
  | 'login'
  | 'logout'
  | 'chat'
  | 'adminChat'
  | 'elk'
  | 'agents'
  | 'discover'
  | 'codeReview'
  | 'users'
  | 'status'
  | 'trainBot'
  | 'tenantSettings'
  | 'feedback'
  | 'knowledgeGaps'
  | 'health';

/** One row of the route table; `path` is written without a leading slash, `:department` is a parameter. */
export interface RouteDefinition {
  path: string;
  screen: RouteScreen;
  access: RouteAccess;
  /**
   * An admin route that a feature opens instead, when the session lists its features (the ELK
   * agent: `elk_chat`, which administrators may grant to other role groups).
   */
  feature?: string;
}

/** Where empty and unknown paths go, and where sign-in lands. */
export const DEFAULT_ROUTE = '/chat/Knowledge';
/** Where unauthenticated users are sent. */
export const LOGIN_ROUTE = '/login';
/** Where sign-out lands. */
export const LOGOUT_ROUTE = '/logout';

/** The route table of spec section 2. */
export const ROUTES: readonly RouteDefinition[] = [
  { path: 'login', screen: 'login', access: 'open' },
  { path: 'logout', screen: 'logout', access: 'open' },
  { path: 'chat', screen: 'chat', access: 'guarded' },
  { path: 'chat/:department', screen: 'chat', access: 'guarded' },
  { path: 'menu/chat', screen: 'adminChat', access: 'admin' },
  { path: 'elk', screen: 'elk', access: 'admin', feature: 'elk_chat' },
  { path: 'agents', screen: 'agents', access: 'guarded' },
  { path: 'menu', screen: 'discover', access: 'guarded' },
  { path: 'codereview', screen: 'codeReview', access: 'guarded' },
  { path: 'users', screen: 'users', access: 'admin' },
  { path: 'status', screen: 'status', access: 'admin' },
  { path: 'train-bot', screen: 'trainBot', access: 'guarded' },
  { path: 'tenant-settings', screen: 'tenantSettings', access: 'guarded' },
  { path: 'feedback', screen: 'feedback', access: 'admin' },
  { path: 'knowledge-gaps', screen: 'knowledgeGaps', access: 'admin' },
  { path: 'ping', screen: 'health', access: 'open' },
  { path: 'health', screen: 'health', access: 'open' },
  { path: 'healthz', screen: 'health', access: 'open' },
];

/** A path matched against the route table. */
export interface RouteMatch {
  route: RouteDefinition;
  params: { department?: string };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function segmentsOf(path: string): string[] {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname.split('/').filter(Boolean);
}

/** Finds the route table row for a path (query and hash are ignored); `null` for empty or unknown paths. */
export function matchRoute(path: string): RouteMatch | null {
  const segments = segmentsOf(path);
  if (segments.length === 0) return null;
  for (const route of ROUTES) {
    const parts = route.path.split('/');
    if (parts.length !== segments.length) continue;
    const params: RouteMatch['params'] = {};
    const isMatch = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part === ':department') {
        params.department = safeDecode(segment);
        return true;
      }
      return part === segment;
    });
    if (isMatch) return { route, params };
  }
  return null;
}

/**
 * Where sign-in may lead back to: a path of this site (one leading `/`, no backslash or control
 * character) that the route table guards; anything else is `null`.
 * @example safeReturnTo('/chat?c=42') // '/chat?c=42'; safeReturnTo('//evil.example') // null
 */
export function safeReturnTo(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  const match = matchRoute(path);
  return match && match.route.access !== 'open' ? path : null;
}

/**
 * The login route, leading back to `returnTo` once signed in (`/login?returnTo=...`) when that is a
 * guarded path of this site other than {@link DEFAULT_ROUTE}, where sign-in leads anyway.
 * @example loginPath('/chat?c=42') // '/login?returnTo=%2Fchat%3Fc%3D42'
 */
export function loginPath(returnTo?: string | null): string {
  const path = safeReturnTo(returnTo);
  return path && path !== DEFAULT_ROUTE ? `${LOGIN_ROUTE}?returnTo=${encodeURIComponent(path)}` : LOGIN_ROUTE;
}

/** Whether a path shows the chat screen in its general or department mode (`/chat`, `/chat/{department}`). */
export function isChatRoute(path: string): boolean {
  return matchRoute(path)?.route.screen === 'chat';
}

/**
 * The path to show for a requested path: itself when it is in the route table,
 * otherwise (empty or unknown) {@link DEFAULT_ROUTE}.
 */
export function resolveRoute(path: string): string {
  return matchRoute(path) ? `/${segmentsOf(path).join('/')}` : DEFAULT_ROUTE;
}

/**
 * Whether a user may open a path: open routes for anyone, guarded routes for any signed-in user,
 * admin routes (menu/chat, elk, users, status) for CORE_ADMINS only, except that a route naming a
 * feature (elk) is opened by that feature when the session lists its `features`. Unknown paths are
 * never opened (they redirect, see {@link resolveRoute}).
 */
export function canOpenRoute(path: string, user: MaybeUser, features?: readonly string[]): boolean {
  const match = matchRoute(path);
  if (!match) return false;
  switch (match.route.access) {
    case 'open':
      return true;
    case 'guarded':
      return user != null;
    case 'admin': {
      const { feature } = match.route;
      if (feature && user && features && features.length > 0) return features.includes(feature);
      return isAdmin(user);
    }
  }
}

/** What the route guard does with a path, given what the session knows. */
export type RouteDecision =
  | { kind: 'render'; match: RouteMatch }
  | { kind: 'pending'; match: RouteMatch }
  | { kind: 'redirect'; to: string; reason: 'unknown' | 'unauthenticated' | 'forbidden' | 'loggedOut' };

/** The session facts the guard needs. */
export interface GuardSession {
  status: 'unvalidated' | 'validated' | 'invalid';
  user: MaybeUser;
  /** Set by logout: guarded screens then lead to /logout, never to /login (which would start sign-in). */
  hasLoggedOut?: boolean;
  /** The session's features, from a server that lists them (they open routes naming a feature). */
  features?: readonly string[];
}

/**
 * The guard's decision for a path (with its query, if any): unknown paths redirect to
 * {@link DEFAULT_ROUTE}; open routes render; guarded routes wait while the session is unvalidated,
 * redirect to /login when it is invalid (leading back to the path once signed in, see
 * {@link loginPath}), and redirect non-admins away from admin routes to {@link DEFAULT_ROUTE}.
 */
export function guardRoute(path: string, session: GuardSession): RouteDecision {
  const match = matchRoute(path);
  if (!match) return { kind: 'redirect', to: DEFAULT_ROUTE, reason: 'unknown' };
  if (match.route.access === 'open') return { kind: 'render', match };
  if (session.status === 'unvalidated') return { kind: 'pending', match };
  if (session.status === 'invalid' && session.hasLoggedOut) {
    return { kind: 'redirect', to: LOGOUT_ROUTE, reason: 'loggedOut' };
  }
  if (session.status === 'invalid' || !session.user) {
    return { kind: 'redirect', to: loginPath(path), reason: 'unauthenticated' };
  }
  if (!canOpenRoute(path, session.user, session.features)) {
    return { kind: 'redirect', to: DEFAULT_ROUTE, reason: 'forbidden' };
  }
  return { kind: 'render', match };
}

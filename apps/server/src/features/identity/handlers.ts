// Single sign-on, sessions and the signed-in user: startSso, ssoCallback, createSession,
// getAuthenticatedUser, logout.

import { requireIdentity, SESSION_COOKIE, XSRF_COOKIE } from '../../platform/auth/authorize.js';
import type { UserRecord } from '../../platform/auth/identity.js';
import { sha256 } from '../../platform/auth/secrets.js';
import type { Handlers } from '../../platform/http/contract.js';
import { badRequest, forbidden, unauthenticated } from '../../platform/http/errors.js';
import { signInRateLimit } from '../../platform/http/rate-limit.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import { FEATURES } from '../../platform/rbac/features.js';
import { recordAudit } from '../audit/index.js';
import type { FeatureContext } from '../context.js';
import { upsertSsoUser } from '../users/index.js';
import { SSO_COOKIE_PATH, SSO_STATE_COOKIE, type SsoClient, setSsoStateCookie } from './sso.js';
import { createSession, deleteSession } from './store.js';
import { WIDGET_SIGNED_IN_PATH } from './widget-popup.js';

/** The contract's `User`. */
export function toUserView(user: UserRecord, version: string) {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    version,
    is_active: user.is_active,
    is_bot_account: user.is_bot_account,
  };
}

/**
 * Whether `value` is a path on this site: one leading `/` (`//host` is another site), no backslash
 * (browsers read `/\host` as `//host`) and no control character (browsers drop tabs and newlines,
 * so `/\t/host` would become `//host`).
 */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  try {
    const base = 'http://same-origin.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** The response header carrying the session's XSRF token to the widget (see getAuthenticatedUser). */
export const XSRF_RESPONSE_HEADER = 'X-XSRF-Token';

/** Where the widget's sign-in popup ends: `/widget/signed-in`, with its query. */
export function isWidgetSignedInPath(returnTo: string): boolean {
  return returnTo === WIDGET_SIGNED_IN_PATH || returnTo.startsWith(`${WIDGET_SIGNED_IN_PATH}?`);
}

export function createIdentityHandlers(context: FeatureContext, sso: SsoClient): Handlers {
  const { db, config } = context;
  const isOwnOrigin = (origin: string) => {
    try {
      return origin === new URL(context.publicUrl()).origin;
    } catch {
      return false;
    }
  };
  const mayReadXsrfToken = (origin: string | undefined) =>
    origin === undefined || config.widgetOrigins.includes(origin) || isOwnOrigin(origin);
  const isSecure = () => context.publicUrl().startsWith('https:');
  // SameSite=None (COOKIE_SAMESITE) lets a widget on another site use the session; config refuses it without https.
  const cookieBase = () => ({ path: '/', sameSite: config.cookieSameSite, secure: isSecure() });

  // Anonymous endpoints: limited per client address, so no one can flood the provider or sso_states.
  const rateLimit = signInRateLimit(config);

  return defineHandlers({
    startSso: {
      rateLimit,
      async handler(request, reply) {
        const { returnTo } = request.query;
        if (returnTo !== undefined && !isSameOriginPath(returnTo)) {
          throw badRequest(
            'returnTo must be a path on this site: one leading "/", no backslash and no control character.',
            [{ in: 'querystring', path: '/returnTo', message: 'is not a same-origin path' }],
          );
        }
        const { authUrl, state } = await sso.start(db, returnTo);
        setSsoStateCookie(reply, state, isSecure());
        return { authUrl };
      },
    },

    ssoCallback: {
      rateLimit,
      async handler(request, reply) {
        const query = request.query;
        if (query.error) {
          throw unauthenticated(
            `The identity provider refused the sign-in: ${query.error_description ?? query.error}.`,
          );
        }
        const callbackUrl = new URL(request.url, context.publicUrl());
        const identity = await sso.finish(db, callbackUrl, request.cookies[SSO_STATE_COOKIE]);
        reply.clearCookie(SSO_STATE_COOKIE, { path: SSO_COOKIE_PATH });

        const { user, isNew } = await upsertSsoUser(db, {
          email: identity.email,
          name: identity.name,
          defaultRole: config.defaultRole,
        });
        if (!user.is_active) {
          // A deactivated person gets no session (and this browser's previous one ends); the login
          // screen reads the code and says why instead of starting single sign-on again.
          const previous = request.cookies[SESSION_COOKIE];
          if (previous) await deleteSession(db, sha256(previous));
          reply.clearCookie(SESSION_COOKIE, { path: '/' });
          reply.clearCookie(XSRF_COOKIE, { path: '/' });
          return reply.redirect('/login?error=account_deactivated', 302);
        }
        if (isNew) {
          await recordAudit(db, {
            actor: user.email,
            action: 'user.create',
            target: user.email,
            details: { via: 'sso', role: user.role },
          });
        }
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await deleteSession(db, sha256(previous));
        const session = await createSession(db, user.id, config);
        reply.setCookie(SESSION_COOKIE, session.sessionId, {
          ...cookieBase(),
          httpOnly: true,
          expires: session.expiresAt,
        });
        reply.setCookie(XSRF_COOKIE, session.xsrfToken, {
          ...cookieBase(),
          httpOnly: false,
          expires: session.expiresAt,
        });
        // The widget's sign-in popup ends on its own page (the session is open already); the app's
        // goes through /login, which completes the session as the spec describes.
        if (identity.returnTo && isWidgetSignedInPath(identity.returnTo)) {
          return reply.redirect(identity.returnTo, 302);
        }
        const location = new URLSearchParams({ email: user.email, name: user.name });
        if (identity.returnTo) location.set('returnTo', identity.returnTo);
        return reply.redirect(`/login?${location.toString()}`, 302);
      },
    },

    async createSession(request) {
      const identity = requireIdentity(request);
      if (identity.via !== 'session') {
        throw unauthenticated(
          'Sign in through single sign-on first; a session cannot be created from a body.',
        );
      }
      const { email } = request.body;
      if (email.trim().toLowerCase() !== identity.user.email) {
        throw forbidden('The e-mail does not match the identity proved by single sign-on.');
      }
      return { user: toUserView(identity.user, config.appVersion) };
    },

    async getAuthenticatedUser(request, reply) {
      const identity = requireIdentity(request);
      // A widget on another origin cannot read the XSRF-TOKEN cookie: it gets the token here, and
      // CORS lets only WIDGET_ORIGINS (and our own pages) read the answer. Any other page asking is
      // told nothing.
      if (identity.xsrfToken && mayReadXsrfToken(request.headers.origin)) {
        reply.header(XSRF_RESPONSE_HEADER, identity.xsrfToken);
      }
      return {
        user: toUserView(identity.user, config.appVersion),
        features: FEATURES.filter((feature) => identity.features.has(feature)),
        // So the app can say the AI chat has no model before anyone asks (the chat's own reading).
        hasLanguageModel: Boolean(config.llm.baseUrl && config.llm.model),
      };
    },

    async logout(request, reply) {
      const identity = requireIdentity(request);
      if (identity.sessionHash) await deleteSession(db, identity.sessionHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(XSRF_COOKIE, { path: '/' });
      return { message: 'You have successfully logged out.' };
    },
  });
}

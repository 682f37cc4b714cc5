// Single sign-on, sessions and the signed-in user: startSso, ssoCallback, createSession,
// getAuthenticatedUser, logout.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit/audit.js';
import { requireIdentity, SESSION_COOKIE, XSRF_COOKIE } from '../../platform/auth/authorize.js';
import type { UserRecord } from '../../platform/auth/identity.js';
import { sha256 } from '../../platform/auth/secrets.js';
import { createSession, deleteSession } from '../../platform/auth/sessions.js';
import type { Handlers } from '../../platform/http/contract.js';
import { forbidden, unauthenticated } from '../../platform/http/errors.js';
import { FEATURES } from '../../platform/rbac/features.js';
import type { FeatureContext } from '../context.js';
import { upsertSsoUser } from '../users/store.js';
import type { SsoClient } from './sso.js';

/** Binds the browser to the sign-in it started (state), only on the SSO paths. */
const SSO_STATE_COOKIE = 'da_sso_state';
const SSO_COOKIE_PATH = '/api/auth/sso';

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

function isSafeReturnTo(value: string | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

export function createIdentityHandlers(context: FeatureContext, sso: SsoClient): Handlers {
  const { db, config } = context;
  const isSecure = () => context.publicUrl().startsWith('https:');
  const cookieBase = () => ({ path: '/', sameSite: 'lax' as const, secure: isSecure() });

  return {
    async startSso(request: FastifyRequest, reply: FastifyReply) {
      const { returnTo } = request.query as { returnTo?: string };
      const { authUrl, state } = await sso.start(db, isSafeReturnTo(returnTo) ? returnTo : undefined);
      reply.setCookie(SSO_STATE_COOKIE, state, {
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecure(),
        path: SSO_COOKIE_PATH,
        maxAge: 600,
      });
      return { authUrl };
    },

    async ssoCallback(request: FastifyRequest, reply: FastifyReply) {
      const query = request.query as { error?: string; error_description?: string };
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
      if (!user.is_active) throw forbidden('Your account is disabled. Ask an administrator.');
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
      const location = new URLSearchParams({ email: user.email, name: user.name });
      if (identity.returnTo) location.set('returnTo', identity.returnTo);
      return reply.redirect(`/login?${location.toString()}`, 302);
    },

    async createSession(request: FastifyRequest) {
      const identity = requireIdentity(request);
      if (identity.via !== 'session') {
        throw unauthenticated(
          'Sign in through single sign-on first; a session cannot be created from a body.',
        );
      }
      const { email } = request.body as { email: string; name: string };
      if (email.trim().toLowerCase() !== identity.user.email) {
        throw forbidden('The e-mail does not match the identity proved by single sign-on.');
      }
      return { user: toUserView(identity.user, config.appVersion) };
    },

    async getAuthenticatedUser(request: FastifyRequest) {
      const identity = requireIdentity(request);
      return {
        user: toUserView(identity.user, config.appVersion),
        features: FEATURES.filter((feature) => identity.features.has(feature)),
      };
    },

    async logout(request: FastifyRequest, reply: FastifyReply) {
      const identity = requireIdentity(request);
      if (identity.sessionHash) await deleteSession(db, identity.sessionHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(XSRF_COOKIE, { path: '/' });
      return { message: 'You have successfully logged out.' };
    },
  };
}

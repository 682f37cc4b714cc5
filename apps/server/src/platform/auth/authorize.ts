// Central authentication and authorization, driven by the contract: each operation's security
// schemes say how a caller may prove who they are, its `x-required-feature` what they must hold.
// Runs in onRequest, before the body is parsed or validated: 401 and 403 come first.
// Operations that change state (every non-GET, and GETs marked `x-state-changing` in the contract)
// are protected against cross-site request forgery when the browser's cookie authenticates them:
// fetch metadata must not show another site or a navigation, and the XSRF header must match.
// A page on one of WIDGET_ORIGINS (the embeddable widget's hosts) is the one other site allowed, by
// its exact Origin header; it still needs the session's XSRF token, exposed to it by GET /api/auth.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import type { OperationMeta } from '../http/contract.js';
import { allowedOrigin } from '../http/cors.js';
import { forbidden, HttpError, unauthenticated } from '../http/errors.js';
import type { Identity } from './identity.js';
import { safeEqual } from './secrets.js';
import { findSessionIdentity, type SessionPolicy } from './sessions.js';
import { findTokenIdentity } from './tokens.js';

export const SESSION_COOKIE = 'da_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; set for every operation with `x-required-feature`. */
    identity: Identity | null;
    /**
     * Checks again, for a long answer, what a new request would be checked for: the session or
     * token it came with still valid, its user active and holding the operation's feature. Throws
     * the refusal (a user deleted or signed out mid-answer: 401 `unauthenticated`).
     */
    reauthorize(): Promise<void>;
  }
}

/**
 * Why fetch metadata (sent by browsers) shows a request that must not change state with the
 * browser's cookie: one started by another site (unless its Origin is one of `widgetOrigins`), or a
 * navigation (a link, a typed URL, a form).
 */
function crossSiteReason(request: FastifyRequest, widgetOrigins: readonly string[]): string | undefined {
  const site = request.headers['sec-fetch-site'];
  const mode = request.headers['sec-fetch-mode'];
  const isWidgetOrigin = allowedOrigin(request, widgetOrigins) !== undefined;
  if ((site === 'cross-site' || site === 'same-site') && !isWidgetOrigin) {
    return `it comes from another site (Sec-Fetch-Site: ${site})`;
  }
  if (mode === 'navigate' || mode === 'nested-navigate') {
    return `it is a page navigation (Sec-Fetch-Mode: ${mode})`;
  }
  return undefined;
}

/** A session or token of a deactivated user: refused, and said so (the SSO callback refuses them too). */
export const accountDeactivated = () =>
  new HttpError(
    403,
    'account_deactivated',
    'Your account is deactivated. Ask an administrator to reactivate it.',
  );

/** The identity of an authenticated request (throws 401 when the route did not authenticate). */
export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthenticated();
  return request.identity;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

export function registerAuthorization(
  app: FastifyInstance,
  db: Db,
  policy: SessionPolicy & { widgetOrigins?: readonly string[] },
): void {
  const widgetOrigins = policy.widgetOrigins ?? [];
  app.decorateRequest('identity', null);

  /** The active user behind the request's token or session cookie; throws 401/403 otherwise. */
  async function identify(request: FastifyRequest, operation: OperationMeta): Promise<Identity> {
    const token = bearerToken(request);
    let identity: Identity | undefined;
    if (token !== undefined) {
      if (!operation.schemes.has('bearer')) {
        throw unauthenticated(
          'This operation needs a browser session; personal access tokens are not accepted.',
        );
      }
      identity = token ? await findTokenIdentity(db, token) : undefined;
      if (!identity) throw unauthenticated('The personal access token is invalid, expired or revoked.');
    } else {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!sessionId || !operation.schemes.has('session')) throw unauthenticated();
      identity = await findSessionIdentity(db, sessionId, policy);
      if (!identity) throw unauthenticated('Your session has ended. Sign in again.');
    }
    if (!identity.user.is_active) throw accountDeactivated();
    return identity;
  }

  function requireFeature(identity: Identity, feature: string): void {
    if (!identity.features.has(feature)) {
      throw forbidden(`You do not have permission to do this (needs the ${feature} feature).`);
    }
  }

  app.decorateRequest('reauthorize', async function reauthorize(this: FastifyRequest) {
    const operation = this.routeOptions.config.operation;
    if (!operation?.requiredFeature || !this.identity) return;
    const identity = await identify(this, operation);
    requireFeature(identity, operation.requiredFeature);
    this.identity = identity;
  });

  app.addHook('onRequest', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation?.requiredFeature) return;

    const identity = await identify(request, operation);
    if (identity.via === 'session' && operation.isStateChanging) {
      const reason = crossSiteReason(request, widgetOrigins);
      if (reason) {
        throw new HttpError(
          403,
          'xsrf_failed',
          `This call changes state, so a browser session cannot make it when ${reason}. Call it from the app, or with a personal access token.`,
        );
      }
      // Double-submit: a cross-site page can make the browser send the cookie, not read it.
      const header = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      if (
        typeof header !== 'string' ||
        !cookie ||
        !safeEqual(header, cookie) ||
        !safeEqual(header, identity.xsrfToken ?? '')
      ) {
        throw new HttpError(
          403,
          'xsrf_failed',
          'The X-XSRF-TOKEN header is missing or does not match the XSRF-TOKEN cookie of this session.',
        );
      }
    }
    requireFeature(identity, operation.requiredFeature);
    request.identity = identity;
  });

  // A second feature that depends on the (validated) body, e.g. role_group_update_remove for action=remove.
  app.addHook('preHandler', async (request) => {
    const additional = request.routeOptions.config.operation?.additionalFeature;
    if (!additional || !request.identity) return;
    const value = (request.body as Record<string, unknown> | undefined)?.[additional.field];
    if (String(value) === additional.value && !request.identity.features.has(additional.feature)) {
      throw forbidden(`You do not have permission to do this (needs the ${additional.feature} feature).`);
    }
  });
}

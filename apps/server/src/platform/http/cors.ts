// Cross-origin use of /api by the embeddable chat widget (@fastify/cors): credentialed CORS for
// exactly the origins in WIDGET_ORIGINS, nothing for any other. A page on another origin then gets
// no Access-Control-* header at all, so its browser hands it nothing, and its preflight is refused
// (403), so a call that needs one (JSON bodies, the XSRF header) is never even sent.
// CSRF stays enforced by the authorization hook: an allowed origin still needs the session's XSRF
// token, which it reads from the `X-XSRF-Token` header of `GET /api/auth` (exposed here).
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** The methods the contract uses. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Request headers a widget sends: JSON bodies, the XSRF token, and Accept for server-sent events. */
const ALLOWED_HEADERS = ['Content-Type', 'X-XSRF-Token', 'Accept', 'Last-Event-ID'];
/** Response headers a widget may read: the XSRF token, rate limits, and downloads' file names. */
const EXPOSED_HEADERS = [
  'X-XSRF-Token',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Content-Disposition',
  'X-Conversation-Id',
  'X-Chat-Replace-Last',
];
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The request's Origin header when it names one of `origins` exactly, else undefined. */
export function allowedOrigin(request: FastifyRequest, origins: readonly string[]): string | undefined {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origins.includes(origin) ? origin : undefined;
}

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    delegator(request, callback) {
      const isAllowed = isApiUrl(request.url) && allowedOrigin(request, origins) !== undefined;
      callback(null, {
        // `true` echoes the request's Origin (never `*`, which browsers refuse with credentials).
        origin: isAllowed,
        credentials: true,
        methods: ALLOWED_METHODS,
        allowedHeaders: ALLOWED_HEADERS,
        exposedHeaders: EXPOSED_HEADERS,
        maxAge: PREFLIGHT_MAX_AGE_SECONDS,
      });
    },
  });
  // A preflight to /api the plugin did not accept (an origin not listed) is refused in words, rather
  // than answered by the not-found handler. Other paths keep their own answers (the built-in identity
  // provider under /oidc has its own CORS rules).
  app.addHook('onRequest', async (request) => {
    if (
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] &&
      isApiUrl(request.url) &&
      !allowedOrigin(request, origins)
    ) {
      throw new HttpError(
        403,
        'forbidden',
        `${request.headers.origin ?? 'This page'} may not call this API from a browser: it is not one of the server's WIDGET_ORIGINS.`,
      );
    }
  });
}

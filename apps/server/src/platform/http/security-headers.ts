// Security headers on every response (helmet): a CSP without inline script, framing limited to our
// own origin, nosniff, and HSTS / upgrade-insecure-requests only when served over HTTPS; a
// Permissions-Policy denying the powerful browser features the product never uses; and
// `Cache-Control: no-store` on every /api answer (some carry secrets, e.g. a new token's value).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Browser features no page of ours may use (nor any page it frames). */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Pages the widget's sign-in popup passes through (its own pages, the built-in provider, the SSO
 * callback). Opened by a page of another origin, the popup keeps `window.opener` only if none of them
 * asks for a new browsing context group, so they answer `Cross-Origin-Opener-Policy: unsafe-none`
 * while WIDGET_ORIGINS is set (every other page keeps same-origin).
 */
export function isWidgetPopupPath(url: string): boolean {
  return (
    url.startsWith('/widget/sign') ||
    url === '/oidc' ||
    url.startsWith('/oidc/') ||
    url.startsWith('/api/auth/sso/callback')
  );
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export interface SecurityHeaderOptions {
  isHttps: boolean;
  hasWidgetOrigins?: boolean;
}

function createHelmet(options: SecurityHeaderOptions) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // react-aria positions overlays with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        ...(options.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: options.isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
}

/**
 * The headers of an answer written straight to the socket, for a request Node's HTTP parser refused
 * before there was a request or a reply (see client-errors.ts): those of every answer, and no-store.
 */
export function socketAnswerHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet's middleware only sets and removes headers (its CSP reads no request: no nonces).
  createHelmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  headers['cache-control'] = 'no-store';
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  // Built once: @fastify/helmet builds helmet's middleware again on every request (CSP directives
  // parsed, every header's function made), which showed in the chat's time to first word.
  const applyHelmet = createHelmet(options);
  // helmet's headers, then ours, on the raw response like helmet's: answers that bypass Fastify's
  // reply (the built-in identity provider's) get them too. helmet's middleware is synchronous.
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, (error?: unknown) => {
      if (error) return done(error instanceof Error ? error : new Error(String(error)));
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      if (isApiPath(request.url)) reply.raw.setHeader('cache-control', 'no-store');
      if (options.hasWidgetOrigins && isWidgetPopupPath(request.url)) {
        reply.raw.setHeader('cross-origin-opener-policy', 'unsafe-none');
      }
      done();
    });
  });
  // Handlers setting their own Cache-Control on an /api answer are overridden: none may be stored.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}

// The embeddable widget's sign-in popup. A widget on another origin opens
// `/widget/sign-in?origin=<its origin>` in a popup: the server starts single sign-on itself (the
// state cookie is first-party there), the provider returns to the SSO callback, which opens the
// session and ends on `/widget/signed-in?origin=...`. That page tells the widget, and only when the
// origin is one of WIDGET_ORIGINS: `window.opener.postMessage({ type: 'digital-assistant:signed-in' },
// origin)`, then closes itself. Both pages are tiny HTML with a CSP that allows exactly their one
// inline script (by hash) and style.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../platform/auth/authorize.js';
import { findSessionIdentity } from '../../platform/auth/sessions.js';
import type { Config } from '../../platform/config/config.js';
import type { Db } from '../../platform/db/db.js';
import { signInRateLimit } from '../../platform/http/rate-limit.js';
import { type SsoClient, setSsoStateCookie } from './sso.js';

/** Where the popup starts: `?origin=` names the page that opened it. */
export const WIDGET_SIGN_IN_PATH = '/widget/sign-in';
/** Where the popup ends after single sign-on. */
export const WIDGET_SIGNED_IN_PATH = '/widget/signed-in';
/** The message the popup posts to the widget's window. */
export const SIGNED_IN_MESSAGE_TYPE = 'digital-assistant:signed-in';

export const NOT_ALLOWED_TEXT = 'This site is not allowed to embed Digital Assistant.';
export const SIGNED_IN_TEXT = 'You are signed in. You can close this window.';
export const NOT_SIGNED_IN_TEXT = 'You are not signed in. Close this window and choose Sign in again.';

// Reads the origin the server checked from the page (never from the URL), posts to exactly it and closes.
const SCRIPT = `(function () {
  var target = document.querySelector('meta[name="da-target-origin"]');
  if (!target || !window.opener) return;
  window.opener.postMessage({ type: '${SIGNED_IN_MESSAGE_TYPE}' }, target.content);
  window.close();
})();`;
const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#fff}' +
  'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}' +
  '@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}}';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The page's own CSP: nothing but its inline script and style. */
export const SIGNED_IN_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${hash(SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(message: string, targetOrigin?: string): string {
  const target = targetOrigin ? `<meta name="da-target-origin" content="${escapeHtml(targetOrigin)}">` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Digital Assistant</title>${target}<style>${STYLE}</style></head>
<body><main><h1>Digital Assistant</h1><p role="status">${escapeHtml(message)}</p></main><script>${SCRIPT}</script></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', SIGNED_IN_PAGE_CSP)
    .send(html);
}

export interface WidgetPopupOptions {
  db: Db;
  config: Pick<Config, 'widgetOrigins' | 'sessionIdleMinutes' | 'sessionAbsoluteHours' | 'signInRateLimit'>;
  sso: SsoClient;
  publicUrl: () => string;
}

export function registerWidgetPopup(app: FastifyInstance, options: WidgetPopupOptions): void {
  const { db, config, sso } = options;
  const originOf = (request: FastifyRequest): { origin?: string; isAllowed: boolean } => {
    const origin = (request.query as Record<string, unknown>).origin;
    if (typeof origin !== 'string' || origin === '') return { isAllowed: false };
    return { origin, isAllowed: config.widgetOrigins.includes(origin) };
  };
  const isSignedIn = async (request: FastifyRequest) => {
    const sessionId = request.cookies[SESSION_COOKIE];
    if (!sessionId) return false;
    const identity = await findSessionIdentity(db, sessionId, config);
    return identity?.user.is_active === true;
  };
  const rateLimit = signInRateLimit(config);
  const routeOptions = rateLimit ? { config: { rateLimit } } : {};

  app.get(WIDGET_SIGN_IN_PATH, routeOptions, async (request, reply) => {
    const { origin, isAllowed } = originOf(request);
    if (!isAllowed || !origin) return sendPage(reply, 403, page(NOT_ALLOWED_TEXT));
    const signedIn = `${WIDGET_SIGNED_IN_PATH}?${new URLSearchParams({ origin })}`;
    if (await isSignedIn(request)) return reply.header('cache-control', 'no-store').redirect(signedIn, 302);
    const { authUrl, state } = await sso.start(db, signedIn);
    setSsoStateCookie(reply, state, options.publicUrl().startsWith('https:'));
    return reply.header('cache-control', 'no-store').redirect(authUrl, 302);
  });

  app.get(WIDGET_SIGNED_IN_PATH, async (request, reply) => {
    const { origin, isAllowed } = originOf(request);
    if (origin !== undefined && !isAllowed) return sendPage(reply, 403, page(NOT_ALLOWED_TEXT));
    if (!(await isSignedIn(request))) return sendPage(reply, 200, page(NOT_SIGNED_IN_TEXT));
    return sendPage(reply, 200, page(SIGNED_IN_TEXT, origin));
  });
}

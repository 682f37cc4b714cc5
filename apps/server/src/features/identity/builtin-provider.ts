// The built-in development identity provider: a real OpenID provider (oidc-provider) mounted under
// /oidc on the server's own origin, used when no OIDC_ISSUER is configured. Its sign-in page lists
// the demo accounts; picking one signs in (consent is implied for our own client). Everything else
// is the genuine protocol: discovery, authorization code + PKCE, signed ID tokens, userinfo.
// Every URL it builds (discovery's endpoints, redirects) comes from the issuer, i.e. PUBLIC_URL, never
// from the request's Host or X-Forwarded-* headers, which a client can forge.
import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { randomSecret } from '../../platform/auth/secrets.js';
import type { RateLimitOptions } from '../../platform/http/rate-limit.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

export const BUILTIN_MOUNT = '/oidc';
export const BUILTIN_CLIENT_ID = 'digital-assistant';

export interface BuiltinProviderOptions {
  issuer: string;
  clientSecret: string;
  redirectUri: string;
}

export interface MountOptions {
  /** Limit of the sign-in page and its form, per client address (none when absent). */
  rateLimit?: RateLimitOptions;
}

/**
 * Makes the provider see the request as addressed to the issuer's origin, whatever Host or
 * X-Forwarded-* headers the client sent: the provider trusts forwarded headers, which we set here
 * (the client address is the one Fastify determined, honouring TRUST_PROXY).
 */
function pinToIssuerOrigin(raw: IncomingMessage, issuer: string, clientAddress: string): void {
  const origin = new URL(issuer);
  raw.headers.host = origin.host;
  raw.headers['x-forwarded-host'] = origin.host;
  raw.headers['x-forwarded-proto'] = origin.protocol.replace(/:$/, '');
  raw.headers['x-forwarded-for'] = clientAddress;
  delete raw.headers.forwarded;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:32px;width:min(420px,90vw)}
h1{font-size:1.4rem;margin:0 0 4px}p{color:#5b6475;margin:0 0 20px}
form{margin:0 0 10px}button{width:100%;text-align:left;padding:12px 16px;border:1px solid #c9ced8;border-radius:8px;background:#fff;font:inherit;cursor:pointer}
button:hover,button:focus-visible{border-color:#3157d5;outline:2px solid #3157d5}
small{display:block;color:#5b6475}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function loginPage(uid: string): string {
  const accounts = DEMO_ACCOUNTS.map(
    (account) => `<form method="post" action="${BUILTIN_MOUNT}/interaction/${escapeHtml(uid)}/login">
<input type="hidden" name="account" value="${escapeHtml(account.email)}">
<button type="submit">${escapeHtml(account.name)}<small>${escapeHtml(account.email)} · ${escapeHtml(account.role)}</small></button>
</form>`,
  ).join('\n');
  return page(
    'Sign in · Digital Assistant (development)',
    `<h1>Sign in</h1><p>Built-in development identity provider. Choose a demo account.</p>${accounts}`,
  );
}

/** Creates the provider for `issuer` with our one client registered. */
export function createBuiltinProvider(options: BuiltinProviderOptions): Provider {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: BUILTIN_CLIENT_ID,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomSecret(8), use: 'sig', alg: 'RS256' }],
    },
    cookies: { keys: [randomSecret(32)] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${BUILTIN_MOUNT}/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 10 * 60,
      Session: 10 * 60,
      Grant: 10 * 60,
    },
    async findAccount(_ctx, sub) {
      const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === sub);
      if (!account) return undefined;
      return {
        accountId: account.email,
        claims: async () => ({
          sub: account.email,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
    // Our own first-party client: consent is implied, so no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error ?? 'Unknown error'))}</p>`,
      );
    },
  };
  const provider = new Provider(options.issuer, configuration);
  // The forwarded headers it reads are the ones pinToIssuerOrigin sets.
  provider.proxy = true;
  return provider;
}

/**
 * Mounts the provider under /oidc. `getProvider` creates it on first use, because the issuer (our
 * public URL) may only be known once the server listens.
 */
export async function mountBuiltinProvider(
  app: FastifyInstance,
  getProvider: () => Provider,
  options: MountOptions = {},
): Promise<void> {
  const routeOptions = options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {};
  const pin = (request: FastifyRequest) => pinToIssuerOrigin(request.raw, getProvider().issuer, request.ip);
  // The sign-in page and its form: plain HTML, no script (our CSP allows none inline).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.get(
      `${BUILTIN_MOUNT}/interaction/:uid`,
      routeOptions,
      async (request: FastifyRequest, reply: FastifyReply) => {
        pin(request);
        const provider = getProvider();
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(loginPage(details.uid));
      },
    );
    scope.post(
      `${BUILTIN_MOUNT}/interaction/:uid/login`,
      routeOptions,
      async (request: FastifyRequest, reply: FastifyReply) => {
        pin(request);
        const provider = getProvider();
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const email = (request.body as Record<string, string> | undefined)?.account;
        const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email);
        if (!account) {
          return reply.code(400).type('text/html; charset=utf-8').send(loginPage(details.uid));
        }
        const location = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: account.email } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(location, 303);
      },
    );
  });

  // Everything else under /oidc is the provider's own (Koa) application; it reads the raw body itself.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    let callback: ReturnType<Provider['callback']> | undefined;
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      callback ??= getProvider().callback();
      pin(request);
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(BUILTIN_MOUNT.length) || '/';
      reply.hijack();
      callback(raw, reply.raw);
    };
    scope.all(BUILTIN_MOUNT, forward);
    scope.all(`${BUILTIN_MOUNT}/*`, forward);
  });
}

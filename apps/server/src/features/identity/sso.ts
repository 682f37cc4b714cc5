// The relying-party side of single sign-on (openid-client): authorization code flow with PKCE,
// state and nonce. The verifier and nonce stay on the server (sso_states), keyed by the state that
// is also bound to the browser in a short-lived HttpOnly cookie.
import type { FastifyReply } from 'fastify';
import * as client from 'openid-client';
import type { Queryable } from '../../platform/db/db.js';
import { HttpError, unauthenticated } from '../../platform/http/errors.js';
import { saveSsoState, takeSsoState } from './store.js';

/** How long a sign-in may take between startSso and the callback. */
const STATE_TTL_MINUTES = 10;

/** Binds the browser to the sign-in it started (state), only on the SSO paths. */
export const SSO_STATE_COOKIE = 'da_sso_state';
export const SSO_COOKIE_PATH = '/api/auth/sso';

/**
 * Sets the state cookie of a sign-in this browser starts (SameSite=Lax: the provider's redirect to
 * the callback is a top-level navigation, which carries it).
 */
export function setSsoStateCookie(reply: FastifyReply, state: string, isSecure: boolean): void {
  reply.setCookie(SSO_STATE_COOKIE, state, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    path: SSO_COOKIE_PATH,
    maxAge: STATE_TTL_MINUTES * 60,
  });
}

export interface SsoClientOptions {
  /** Issuer identifier (resolved lazily: the built-in provider's depends on the public URL). */
  issuer: () => string;
  clientId: string;
  clientSecret?: string;
  redirectUri: () => string;
  /** Extra authorization request parameters (the built-in provider asks to choose an account every time). */
  extraParameters?: Record<string, string>;
}

export interface SsoIdentity {
  email: string;
  name: string;
  returnTo?: string;
}

export class SsoClient {
  #configuration?: Promise<client.Configuration>;

  constructor(private readonly options: SsoClientOptions) {}

  /** Discovers the provider once; a failed discovery is retried on the next sign-in. */
  configuration(): Promise<client.Configuration> {
    if (!this.#configuration) {
      const issuer = new URL(this.options.issuer());
      this.#configuration = client
        .discovery(
          issuer,
          this.options.clientId,
          undefined,
          this.options.clientSecret ? client.ClientSecretBasic(this.options.clientSecret) : client.None(),
          issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.#configuration = undefined;
          throw new HttpError(
            503,
            'idp_unavailable',
            `The identity provider is not reachable (${error instanceof Error ? error.message : String(error)}).`,
          );
        });
    }
    return this.#configuration;
  }

  /** Starts a sign-in: stores the checks and answers the provider URL and the state for the browser cookie. */
  async start(db: Queryable, returnTo?: string): Promise<{ authUrl: string; state: string }> {
    const configuration = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await saveSsoState(db, state, { codeVerifier, nonce, returnTo: returnTo ?? null }, STATE_TTL_MINUTES);
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.options.redirectUri(),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...this.options.extraParameters,
    });
    return { authUrl: url.href, state };
  }

  /**
   * Completes a sign-in from the callback URL: checks the state against the browser's cookie and
   * the stored checks, redeems the code (PKCE), verifies the ID token (signature, issuer, audience,
   * nonce) and answers who signed in.
   */
  async finish(db: Queryable, callbackUrl: URL, browserState: string | undefined): Promise<SsoIdentity> {
    const state = callbackUrl.searchParams.get('state');
    if (!state || !browserState || state !== browserState) {
      throw unauthenticated('This sign-in was not started by this browser (state mismatch). Sign in again.');
    }
    const checks = await takeSsoState(db, state, STATE_TTL_MINUTES);
    if (!checks) throw unauthenticated('This sign-in has expired or was already used. Sign in again.');

    const configuration = await this.configuration();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw unauthenticated(
        `The identity provider's answer could not be verified (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    const claims = tokens.claims();
    if (!claims) throw unauthenticated('The identity provider sent no ID token.');
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let name = typeof claims.name === 'string' ? claims.name : undefined;
    let emailVerified = claims.email_verified;
    if (!email || !name) {
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email ??= typeof userInfo.email === 'string' ? userInfo.email : undefined;
      name ??= typeof userInfo.name === 'string' ? userInfo.name : undefined;
      emailVerified ??= userInfo.email_verified;
    }
    if (!email) throw unauthenticated('The identity provider did not share an e-mail address.');
    if (emailVerified === false)
      throw unauthenticated('The identity provider has not verified this e-mail address.');
    return {
      email: email.toLowerCase(),
      name: name?.trim() || email,
      returnTo: checks.returnTo ?? undefined,
    };
  }
}

// The whole single sign-on path over real HTTP: the app asks for authUrl, the browser goes to the
// built-in OpenID provider, picks a demo account, comes back through the callback and lands on
// /login?email=...&name=..., then completes the session, reads the user and signs out.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.js';
import { type ExternalIdpServer, startWithExternalIdp } from '../../test/external-idp.js';
import {
  BACKENDS,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
  tokenFor,
} from '../../test/harness.js';

async function signInThroughProvider(browser: TestBrowser, account: string, { isOurOrigin = true } = {}) {
  const start = await browser.request('/api/auth/sso');
  expect(start.status).toBe(200);
  const { authUrl } = (await start.json()) as { authUrl: string };
  const auth = new URL(authUrl);
  expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
  expect(auth.searchParams.get('state')).toBeTruthy();
  expect(auth.searchParams.get('nonce')).toBeTruthy();

  // The provider sends the browser to its sign-in page.
  const toLogin = await browser.follow(authUrl);
  const loginPage = toLogin.response;
  expect(loginPage.status).toBe(200);
  const html = await loginPage.text();
  expect(html).toContain('admin@example.com');
  expect(html).not.toMatch(/<script/i);
  // Our CSP covers the built-in provider's page (the stand-in external IdP below is a bare server).
  if (isOurOrigin) expect(loginPage.headers.get('content-security-policy')).toContain("script-src 'self'");

  // Picking an account posts the form; the provider redirects back to our callback.
  const pageUrl = toLogin.visited.at(-1)!;
  const submitted = await browser.submitAccount(html, pageUrl, account);
  expect(submitted.status).toBe(303);
  return browser.follow(new URL(submitted.headers.get('location')!, pageUrl).href);
}

describe.each(BACKENDS)('single sign-on through the built-in provider on %s', (backend) => {
  let server: TestServer;
  let origin: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('signs the admin in, lands on /login with e-mail and name, completes the session and signs out', async () => {
    const browser = new TestBrowser(origin);
    const { visited } = await signInThroughProvider(browser, 'admin@example.com');
    const landing = new URL(visited.at(-1)!);
    expect(visited.some((url) => url.includes('/api/auth/sso/callback?code='))).toBe(true);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('email')).toBe('admin@example.com');
    expect(landing.searchParams.get('name')).toBe('Ada Admin');

    expect(browser.cookie('da_session')).toBeTruthy();
    const xsrf = browser.cookie('XSRF-TOKEN');
    expect(xsrf).toBeTruthy();
    const xsrfHeaders = { 'content-type': 'application/json', 'x-xsrf-token': xsrf! };

    const session = await browser.request('/api/auth/session', {
      method: 'POST',
      headers: xsrfHeaders,
      body: JSON.stringify({ email: 'admin@example.com', name: 'Ada Admin' }),
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { role: string } }).user.role).toBe('CORE_ADMINS');

    const me = await browser.request('/api/auth');
    expect(me.status).toBe(200);
    const body = (await me.json()) as { user: Record<string, unknown>; features: string[] };
    expect(body.user).toEqual({
      email: 'admin@example.com',
      name: 'Ada Admin',
      role: 'CORE_ADMINS',
      version: expect.any(String),
      is_active: true,
      is_bot_account: false,
    });
    expect(body.features).toHaveLength(36);

    const logout = await browser.request('/api/users/logout', {
      method: 'POST',
      headers: xsrfHeaders,
      body: JSON.stringify({ email: 'admin@example.com' }),
    });
    expect(logout.status).toBe(200);
    expect(browser.cookie('da_session')).toBeUndefined();
    expect((await browser.request('/api/auth')).status).toBe(401);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and the XSRF cookie readable by scripts', async () => {
    const browser = new TestBrowser(origin);
    await browser.request('/api/auth/sso').then(async (start) => {
      const { authUrl } = (await start.json()) as { authUrl: string };
      const page = await browser.follow(authUrl);
      const submitted = await browser.submitAccount(
        await page.response.text(),
        page.visited.at(-1)!,
        'staff@example.com',
      );
      let response = await browser.request(submitted.headers.get('location')!);
      while (!response.headers.get('location')?.startsWith('/login')) {
        response = await browser.request(response.headers.get('location')!);
      }
      const cookies = response.headers.getSetCookie();
      const sessionCookie = cookies.find((cookie) => cookie.startsWith('da_session='))!;
      const xsrfCookie = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))!;
      expect(sessionCookie).toMatch(/HttpOnly/i);
      expect(sessionCookie).toMatch(/SameSite=Lax/i);
      expect(sessionCookie).toMatch(/Path=\//);
      expect(sessionCookie).not.toMatch(/Secure/i);
      expect(xsrfCookie).not.toMatch(/HttpOnly/i);
    });
  });

  it('creates a user met for the first time with the default role group', async () => {
    await server.db.query("DELETE FROM users WHERE email = 'pga@example.com'");
    const browser = new TestBrowser(origin);
    const { visited } = await signInThroughProvider(browser, 'pga@example.com');
    expect(new URL(visited.at(-1)!).searchParams.get('email')).toBe('pga@example.com');
    const { rows } = await server.db.query<{ role: string }>(
      "SELECT role FROM users WHERE email = 'pga@example.com'",
    );
    expect(rows[0]?.role).toBe('STAFF');
    await server.db.query("UPDATE users SET role = 'PGA' WHERE email = 'pga@example.com'");
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const attacker = new TestBrowser(origin);
    const start = await attacker.request('/api/auth/sso');
    const { authUrl } = (await start.json()) as { authUrl: string };
    const state = new URL(authUrl).searchParams.get('state')!;
    const victim = new TestBrowser(origin);
    const response = await victim.request(`/api/auth/sso/callback?code=stolen&state=${state}`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('unauthenticated');
    expect(victim.cookie('da_session')).toBeUndefined();
  });

  it('refuses a forged authorization code', async () => {
    const browser = new TestBrowser(origin);
    const start = await browser.request('/api/auth/sso');
    const { authUrl } = (await start.json()) as { authUrl: string };
    const state = new URL(authUrl).searchParams.get('state')!;
    const response = await browser.request(
      `/api/auth/sso/callback?code=forged&state=${state}&iss=${origin}/oidc`,
    );
    expect(response.status).toBe(401);
    expect(browser.cookie('da_session')).toBeUndefined();
  });

  it('refuses to create a session from an identity posted in the body alone', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      payload: { email: 'admin@example.com', name: 'Ada Admin' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'unauthenticated' });
  });

  it('refuses to complete a session for another e-mail than the one single sign-on proved', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/auth/session',
      payload: { email: 'admin@example.com', name: 'Ada Admin' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    const same = await call(server.app, staff, {
      method: 'POST',
      url: '/api/auth/session',
      payload: { email: 'STAFF@example.com', name: 'Sam Staff' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses a personal access token where a browser session is required', async () => {
    const admin = await tokenFor(server.db, 'admin@example.com');
    const response = await call(server.app, admin, {
      method: 'POST',
      url: '/api/auth/session',
      payload: { email: 'admin@example.com', name: 'Ada Admin' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('single sign-on through an external OpenID provider (OIDC_ISSUER)', () => {
  // The external IdP is a separate oidc-provider on its own port, the app only knows its issuer URL.
  let external: ExternalIdpServer;
  let server: TestServer;
  let origin: string;

  beforeAll(async () => {
    external = await startWithExternalIdp({ defaultRole: 'PGA' });
    ({ server, origin } = external);
  });
  afterAll(() => external?.close());

  it('discovers the provider, signs in and gives a new user DEFAULT_ROLE', async () => {
    expect(
      (await server.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode,
    ).toBe(404);
    const browser = new TestBrowser(origin);
    const { visited } = await signInThroughProvider(browser, 'staff@example.com', { isOurOrigin: false });
    const authUrl = visited.find((url) => url.includes('/oidc/auth'))!;
    expect(new URL(authUrl).origin).not.toBe(origin);
    const landing = new URL(visited.at(-1)!);
    expect(landing.origin + landing.pathname).toBe(`${origin}/login`);
    expect(landing.searchParams.get('email')).toBe('staff@example.com');
    const me = await browser.request('/api/auth');
    expect(((await me.json()) as { user: { role: string } }).user.role).toBe('PGA');
  });
});

// The widget's sign-in popup over real HTTP: /widget/sign-in starts single sign-on, the built-in
// provider signs the person in, and the callback ends on /widget/signed-in, whose one inline script
// posts { type: 'digital-assistant:signed-in' } to the widget's origin, and only to an allowed one.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.js';
import { type ExternalIdpServer, startWithExternalIdp } from '../../test/external-idp.js';
import { sessionFor, startTestServer, type TestServer } from '../../test/harness.js';
import {
  NOT_ALLOWED_TEXT,
  NOT_SIGNED_IN_TEXT,
  SIGNED_IN_MESSAGE_TYPE,
  SIGNED_IN_TEXT,
} from './widget-popup.js';

const WIDGET_PAGE = 'http://localhost:5501';

/** What the page's script would post to, if anywhere: the origin the server wrote into the page. */
const targetOrigin = (html: string) => /<meta name="da-target-origin" content="([^"]*)">/.exec(html)?.[1];
const inlineScript = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];

describe('the widget sign-in popup', () => {
  let server: TestServer;
  let origin: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', { widgetOrigins: [WIDGET_PAGE] });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('signs in through single sign-on and tells exactly the widget page', async () => {
    const browser = new TestBrowser(origin);
    const start = await browser.request(`/widget/sign-in?origin=${encodeURIComponent(WIDGET_PAGE)}`);
    expect(start.status).toBe(302);
    // A popup opened by another origin keeps its opener only if no page on the way asks otherwise.
    expect(start.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const toLogin = await browser.follow(start.headers.get('location')!);
    expect(toLogin.response.status).toBe(200);
    expect(toLogin.response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const pageUrl = toLogin.visited.at(-1)!;
    const submitted = await browser.submitAccount(
      await toLogin.response.text(),
      pageUrl,
      'staff@example.com',
    );
    const { response, visited } = await browser.follow(
      new URL(submitted.headers.get('location')!, pageUrl).href,
    );
    const landing = new URL(visited.at(-1)!);
    expect(landing.pathname).toBe('/widget/signed-in');
    expect(landing.searchParams.get('origin')).toBe(WIDGET_PAGE);
    expect(browser.cookie('da_session')).toBeTruthy();

    expect(response.status).toBe(200);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toContain(SIGNED_IN_TEXT);
    expect(targetOrigin(page)).toBe(WIDGET_PAGE);
    const script = inlineScript(page)!;
    expect(script).toContain(
      `window.opener.postMessage({ type: '${SIGNED_IN_MESSAGE_TYPE}' }, target.content)`,
    );
    // The CSP allows that one script by its hash, and nothing else.
    const csp = response.headers.get('content-security-policy')!;
    const scriptHash = createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${scriptHash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');

    // The session works for the widget now.
    const me = await browser.request('/api/auth', { headers: { origin: WIDGET_PAGE } });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe(WIDGET_PAGE);
    expect(me.headers.get('x-xsrf-token')).toBe(browser.cookie('XSRF-TOKEN'));
  });

  it('skips single sign-on for someone signed in already', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    const response = await server.app.inject({
      method: 'GET',
      url: `/widget/sign-in?origin=${encodeURIComponent(WIDGET_PAGE)}`,
      headers: { cookie: staff.headers.cookie! },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/widget/signed-in?origin=${encodeURIComponent(WIDGET_PAGE)}`);
  });

  it('posts nothing to a site that is not allowed, and says so', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    for (const url of [
      '/widget/signed-in?origin=https%3A%2F%2Fevil.example',
      '/widget/signed-in?origin=*',
      '/widget/sign-in?origin=https%3A%2F%2Fevil.example',
      '/widget/sign-in',
    ]) {
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: { cookie: staff.headers.cookie! },
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain(NOT_ALLOWED_TEXT);
      expect(targetOrigin(response.body)).toBeUndefined();
    }
  });

  it('posts nothing when nobody is signed in, or when no widget asked', async () => {
    const signedOut = await server.app.inject({
      method: 'GET',
      url: `/widget/signed-in?origin=${encodeURIComponent(WIDGET_PAGE)}`,
    });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toContain(NOT_SIGNED_IN_TEXT);
    expect(targetOrigin(signedOut.body)).toBeUndefined();

    const staff = await sessionFor(server.db, 'staff@example.com');
    const opened = await server.app.inject({
      method: 'GET',
      url: '/widget/signed-in',
      headers: { cookie: staff.headers.cookie! },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(SIGNED_IN_TEXT);
    expect(targetOrigin(opened.body)).toBeUndefined();
  });

  it('accepts the popup page as returnTo of the sign-in the app starts, query kept', async () => {
    const returnTo = `/widget/signed-in?origin=${encodeURIComponent(WIDGET_PAGE)}`;
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/auth/sso?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(response.statusCode).toBe(200);
    const state = new URL(response.json().authUrl).searchParams.get('state');
    const { rows } = await server.db.query<{ return_to: string }>(
      'SELECT return_to FROM sso_states WHERE state = $1',
      [state],
    );
    expect(rows[0]!.return_to).toBe(returnTo);
  });
});

describe('the widget sign-in popup for pages on other sites (COOKIE_SAMESITE=none)', () => {
  // The server's public address is https (COOKIE_SAMESITE=none needs it); this test reaches it over
  // plain HTTP on 127.0.0.1 instead, taking each redirect to the public address to the local one.
  const PUBLIC_URL = 'https://assistant.example.com';
  let external: ExternalIdpServer;
  let origin: string;

  beforeAll(async () => {
    external = await startWithExternalIdp(
      { publicUrl: PUBLIC_URL, widgetOrigins: ['https://wiki.example.net'], cookieSameSite: 'none' },
      PUBLIC_URL,
    );
    origin = external.origin;
  });
  afterAll(() => external?.close());

  it('opens a session whose cookies are SameSite=None; Secure', async () => {
    const browser = new TestBrowser(origin);
    const start = await browser.request('/widget/sign-in?origin=https%3A%2F%2Fwiki.example.net');
    expect(start.status).toBe(302);
    const toLogin = await browser.follow(start.headers.get('location')!);
    const pageUrl = toLogin.visited.at(-1)!;
    let response = await browser.submitAccount(await toLogin.response.text(), pageUrl, 'staff@example.com');
    let current = pageUrl;
    for (let hop = 0; hop < 10 && !new URL(current).href.startsWith(`${PUBLIC_URL}/`); hop++) {
      current = new URL(response.headers.get('location')!, current).href;
      if (!current.startsWith(`${PUBLIC_URL}/`)) response = await browser.request(current);
    }
    expect(current).toContain(`${PUBLIC_URL}/api/auth/sso/callback?`);
    const callback = await browser.request(current.replace(PUBLIC_URL, origin));
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/widget/signed-in?origin=https%3A%2F%2Fwiki.example.net');
    const cookies = callback.headers.getSetCookie();
    for (const name of ['da_session', 'XSRF-TOKEN']) {
      const cookie = cookies.find((header) => header.startsWith(`${name}=`));
      expect(cookie).toMatch(/; SameSite=None/);
      expect(cookie).toMatch(/; Secure/);
    }
  });
});

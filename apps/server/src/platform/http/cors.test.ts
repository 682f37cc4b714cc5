// Cross-origin use of /api by the embeddable widget: pages on WIDGET_ORIGINS get credentialed CORS
// and can change state with the XSRF token GET /api/auth hands them; any other page gets no CORS
// header at all (its browser shows it nothing), its preflight is refused, and its state-changing
// calls are refused even when it somehow holds the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
  tokenFor,
} from '../../test/harness.js';
import { XSRF_COOKIE } from '../auth/authorize.js';

const WIDGET_PAGE = 'http://localhost:5501';
const OTHER_WIDGET_PAGE = 'https://team.example.com';
const HOSTILE_PAGE = 'http://localhost:5666';

/** What Chromium sends with a fetch from a page of another port of the same host. */
const sameSiteFetch = (origin: string) => ({
  origin,
  'sec-fetch-site': 'same-site',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
});
const crossSiteFetch = (origin: string) => ({ ...sameSiteFetch(origin), 'sec-fetch-site': 'cross-site' });

const preflight = (origin: string, method = 'POST') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': 'content-type,x-xsrf-token',
  'sec-fetch-mode': 'cors',
});

function corsHeaders(headers: Record<string, unknown>): string[] {
  return Object.keys(headers).filter((name) => name.startsWith('access-control-'));
}

describe.each(BACKENDS)('cross-origin calls from widget pages on %s', (backend) => {
  let server: TestServer;
  let staff: Caller;
  /** What the browser sends by itself: the cookies, but no XSRF header (the page cannot read the cookie). */
  let cookiesOnly: { cookie: string };
  let xsrfToken: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { widgetOrigins: [WIDGET_PAGE, OTHER_WIDGET_PAGE] });
    staff = await sessionFor(server.db, 'staff@example.com');
    cookiesOnly = { cookie: staff.headers.cookie! };
    xsrfToken = staff.headers['x-xsrf-token']!;
  });
  afterAll(() => server.close());

  it('answers an allowed origin with credentialed CORS and hands it the session XSRF token', async () => {
    const response = await call(server.app, undefined, {
      method: 'GET',
      url: '/api/auth',
      headers: { ...cookiesOnly, ...sameSiteFetch(WIDGET_PAGE) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(WIDGET_PAGE);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers.vary)).toMatch(/origin/i);
    const exposed = String(response.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['x-xsrf-token', 'retry-after', 'x-ratelimit-remaining']));
    expect(response.headers['x-xsrf-token']).toBe(xsrfToken);
    expect(response.json().user.email).toBe('staff@example.com');
  });

  it('accepts the preflight of an allowed origin with the methods and headers a widget sends', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/chat/gpt',
      headers: preflight(OTHER_WIDGET_PAGE),
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(OTHER_WIDGET_PAGE);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'DELETE']),
    );
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'x-xsrf-token']));
    expect(allowed).not.toContain('authorization');
  });

  it('lets an allowed origin change state with the token it was handed, from the same site or another', async () => {
    for (const headers of [sameSiteFetch(WIDGET_PAGE), crossSiteFetch(OTHER_WIDGET_PAGE)]) {
      const response = await call(server.app, undefined, {
        method: 'POST',
        url: '/api/auth/session',
        headers: { ...cookiesOnly, ...headers, 'x-xsrf-token': xsrfToken },
        payload: { email: 'staff@example.com', name: 'Sam Staff' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(headers.origin);
    }
  });

  it('still needs the XSRF token from an allowed origin, matching the cookie and the session', async () => {
    const cases = [
      {},
      { 'x-xsrf-token': 'guessed' },
      // The cookie changed by someone on the same site no longer matches the session's token.
      {
        'x-xsrf-token': 'planted',
        cookie: cookiesOnly.cookie.replace(/XSRF-TOKEN=[^;]*/, `${XSRF_COOKIE}=planted`),
      },
    ];
    for (const extra of cases) {
      const response = await call(server.app, undefined, {
        method: 'POST',
        url: '/api/auth/session',
        headers: { ...cookiesOnly, ...sameSiteFetch(WIDGET_PAGE), ...extra },
        payload: { email: 'staff@example.com', name: 'Sam Staff' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('xsrf_failed');
      // The widget can read why.
      expect(response.headers['access-control-allow-origin']).toBe(WIDGET_PAGE);
    }
  });

  it('tells an allowed origin that nobody is signed in, readably', async () => {
    const response = await call(server.app, undefined, {
      method: 'GET',
      url: '/api/auth',
      headers: sameSiteFetch(WIDGET_PAGE),
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(WIDGET_PAGE);
    expect(response.headers['x-xsrf-token']).toBeUndefined();
  });

  it('gives any other origin no CORS header at all and no XSRF token', async () => {
    for (const origin of [HOSTILE_PAGE, 'null', `${WIDGET_PAGE}.evil.example`, 'http://localhost:55010']) {
      const response = await call(server.app, undefined, {
        method: 'GET',
        url: '/api/auth',
        headers: { ...cookiesOnly, ...sameSiteFetch(origin) },
      });
      expect(corsHeaders(response.headers)).toEqual([]);
      expect(response.headers['x-xsrf-token']).toBeUndefined();
    }
  });

  it('refuses the preflight of any other origin', async () => {
    const refused = [
      { url: '/api/chat/gpt', headers: preflight(HOSTILE_PAGE) },
      { url: '/api/users/delete', headers: preflight(HOSTILE_PAGE, 'DELETE') },
    ];
    for (const request of refused) {
      const response = await server.app.inject({ method: 'OPTIONS', ...request });
      expect(response.statusCode).toBe(403);
      expect(corsHeaders(response.headers)).toEqual([]);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'forbidden' });
    }
    const hostile = await server.app.inject({ method: 'OPTIONS', ...refused[0]! });
    expect(hostile.json().error).toBe(
      `${HOSTILE_PAGE} may not call this API from a browser: it is not one of the server's WIDGET_ORIGINS.`,
    );
  });

  it('gives no CORS header outside /api, even to an allowed origin', async () => {
    for (const url of ['/chat/IT', '/widget/signed-in', '/api-docs']) {
      const response = await server.app.inject({ method: 'GET', url, headers: sameSiteFetch(WIDGET_PAGE) });
      expect(corsHeaders(response.headers)).toEqual([]);
    }
    const preflightElsewhere = await server.app.inject({
      method: 'OPTIONS',
      url: '/chat/IT',
      headers: preflight(WIDGET_PAGE),
    });
    expect(preflightElsewhere.statusCode).toBeGreaterThanOrEqual(400);
    expect(corsHeaders(preflightElsewhere.headers)).toEqual([]);
  });

  it('refuses a state-changing call from any other site even with the right XSRF token', async () => {
    for (const headers of [crossSiteFetch('https://evil.example'), sameSiteFetch(HOSTILE_PAGE)]) {
      const response = await call(server.app, undefined, {
        method: 'POST',
        url: '/api/auth/session',
        headers: { ...cookiesOnly, ...headers, 'x-xsrf-token': xsrfToken },
        payload: { email: 'staff@example.com', name: 'Sam Staff' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('xsrf_failed');
      expect(response.json().error).toContain('it comes from another site');
      expect(corsHeaders(response.headers)).toEqual([]);
    }
  });

  it('hands the XSRF token to its own pages but to no token caller', async () => {
    const own = await call(server.app, staff, { method: 'GET', url: '/api/auth' });
    expect(own.headers['x-xsrf-token']).toBe(xsrfToken);
    expect(corsHeaders(own.headers)).toEqual([]);
    const token = await tokenFor(server.db, 'staff@example.com');
    const withToken = await call(server.app, token, {
      method: 'GET',
      url: '/api/auth',
      headers: sameSiteFetch(WIDGET_PAGE),
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['x-xsrf-token']).toBeUndefined();
  });
});

describe('a server without WIDGET_ORIGINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('answers no origin with CORS and refuses every preflight', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    const response = await call(server.app, undefined, {
      method: 'GET',
      url: '/api/auth',
      headers: { cookie: staff.headers.cookie!, ...sameSiteFetch(WIDGET_PAGE) },
    });
    expect(response.statusCode).toBe(200);
    expect(corsHeaders(response.headers)).toEqual([]);
    expect(response.headers['x-xsrf-token']).toBeUndefined();
    const refused = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/auth',
      headers: preflight(WIDGET_PAGE),
    });
    expect(refused.statusCode).toBe(403);
    expect(corsHeaders(refused.headers)).toEqual([]);
  });
});

// Cross-site request forgery on operations that change state, GETs marked `x-state-changing`
// included: a link on another site must not create a personal access token for a signed-in user.
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
import { listOperations } from '../http/contract.js';
import { SESSION_COOKIE, XSRF_COOKIE } from './authorize.js';

/** What a browser sends when the user follows a link to the URL from another site. */
const CROSS_SITE_NAVIGATION = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
/** What the app's own fetch sends. */
const SAME_ORIGIN_FETCH = {
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};

describe.each(BACKENDS)('state-changing calls with the session cookie on %s', (backend) => {
  let server: TestServer;
  let staff: Caller;
  let cookieOnly: Caller;
  let staffToken: Caller;

  const tokenCount = async () =>
    Number(
      (await server.db.query<{ n: string }>('SELECT count(*) AS n FROM personal_access_tokens')).rows[0]!.n,
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
    staff = await sessionFor(server.db, 'staff@example.com');
    // The browser sends the cookies on a cross-site navigation, but no page can add the header.
    cookieOnly = { email: staff.email, headers: { cookie: staff.headers.cookie! } };
    staffToken = await tokenFor(server.db, 'staff@example.com');
  });
  afterAll(() => server.close());

  it('creates a token from the app: same-origin fetch with the XSRF header', async () => {
    const response = await call(server.app, staff, {
      method: 'GET',
      url: '/api/users/generatetoken?name=from-the-app',
      headers: SAME_ORIGIN_FETCH,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().personal_access_token).toMatch(/^da_pat_/);
  });

  it('refuses generatetoken without the XSRF header, so a cross-site link creates nothing', async () => {
    const before = await tokenCount();
    for (const headers of [{}, CROSS_SITE_NAVIGATION, { 'x-xsrf-token': 'guessed' }]) {
      const response = await call(server.app, cookieOnly, {
        method: 'GET',
        url: '/api/users/generatetoken?name=forged',
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'xsrf_failed' });
      expect(response.body).not.toContain('da_pat_');
    }
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a cross-site, same-site or navigation request even when it carries the XSRF header', async () => {
    const before = await tokenCount();
    const cases = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
    ];
    for (const headers of cases) {
      const response = await call(server.app, staff, {
        method: 'GET',
        url: '/api/users/generatetoken',
        headers,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().code).toBe('xsrf_failed');
      expect(response.json().error).toMatch(/another site|page navigation/);
    }
    const post = await call(server.app, staff, {
      method: 'POST',
      url: '/api/users/tokens/revoke',
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      payload: { id: '00000000-0000-0000-0000-000000000000' },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe('xsrf_failed');
    expect(await tokenCount()).toBe(before);
  });

  it('leaves bearer-token calls alone, whatever fetch metadata says', async () => {
    const response = await call(server.app, staffToken, {
      method: 'GET',
      url: '/api/users/generatetoken?name=script',
      headers: CROSS_SITE_NAVIGATION,
    });
    expect(response.statusCode).toBe(200);
  });

  it('leaves read-only GETs alone: a navigation with the cookie alone still reads', async () => {
    const response = await call(server.app, cookieOnly, {
      method: 'GET',
      url: '/api/users/tokens',
      headers: CROSS_SITE_NAVIGATION,
    });
    expect(response.statusCode).toBe(200);
  });

  it('needs the XSRF header to match the cookie and the session', async () => {
    const other = await sessionFor(server.db, 'admin@example.com');
    const xsrf = other.headers['x-xsrf-token']!;
    const mixed: Caller = {
      email: staff.email,
      headers: {
        cookie: `${SESSION_COOKIE}=${/da_session=([^;]+)/.exec(staff.headers.cookie!)![1]}; ${XSRF_COOKIE}=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
    };
    const response = await call(server.app, mixed, { method: 'GET', url: '/api/users/generatetoken' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('xsrf_failed');
  });
});

describe('x-state-changing in the contract', () => {
  const document = {
    openapi: '3.1.0',
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearerAuth: [] }],
    paths: {
      '/read': { get: { operationId: 'read', 'x-required-feature': 'landing', responses: {} } },
      '/act': {
        get: { operationId: 'act', 'x-required-feature': 'landing', 'x-state-changing': true, responses: {} },
      },
      '/write': { post: { operationId: 'write', 'x-required-feature': 'landing', responses: {} } },
    },
  };

  it('marks every non-GET operation, and the GETs that opt in, as changing state', () => {
    const byId = Object.fromEntries(
      listOperations(document).map((operation) => [operation.operationId, operation.isStateChanging]),
    );
    expect(byId).toEqual({ read: false, act: true, write: true });
  });
});

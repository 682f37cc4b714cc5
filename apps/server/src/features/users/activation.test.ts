// Deactivation over real HTTP: an administrator deactivates a person, whose open session ends, whose
// token is refused with a clear message and whom single sign-on sends back to the login screen with
// the reason; reactivation lets them in again. Deleting keeps its meaning: a deleted person who
// signs in again is created anew with the default role.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.js';
import {
  addUser,
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
  tokenFor,
} from '../../test/harness.js';

/** Picks a demo account on the built-in provider's page; answers where the callback sent the browser. */
async function signIn(browser: TestBrowser, account: string): Promise<URL> {
  const start = await browser.request('/api/auth/sso');
  expect(start.status).toBe(200);
  const { authUrl } = (await start.json()) as { authUrl: string };
  const page = await browser.follow(authUrl);
  const action = /action="([^"]+)"/.exec(await page.response.text())?.[1];
  expect(action).toBeTruthy();
  const pageUrl = page.visited.at(-1)!;
  const submitted = await browser.request(new URL(action!, pageUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account }).toString(),
  });
  expect(submitted.status).toBe(303);
  const { visited } = await browser.follow(new URL(submitted.headers.get('location')!, pageUrl).href);
  return new URL(visited.at(-1)!);
}

describe.each(BACKENDS)('deactivating users on %s', (backend) => {
  let server: TestServer;
  let origin: string;
  let admin: Caller;
  const setActive = (caller: Caller, emails: string[], isActive: boolean) =>
    call(server.app, caller, {
      method: 'POST',
      url: '/api/users/active/update',
      payload: { emails, is_active: isActive },
    });
  const profiles = async () =>
    (await call(server.app, admin, { method: 'POST', url: '/api/users', payload: { email: '*' } })).json()
      .user_profiles as Array<{ email: string; role: string; is_active: boolean }>;

  beforeAll(async () => {
    server = await startTestServer(backend);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    admin = await sessionFor(server.db, 'admin@example.com');
  });
  afterAll(() => server.close());

  it('keeps a deactivated person out: their session ends, their token and single sign-on are refused', async () => {
    const browser = new TestBrowser(origin);
    expect((await signIn(browser, 'staff@example.com')).searchParams.get('email')).toBe('staff@example.com');
    expect((await browser.request('/api/auth')).status).toBe(200);
    const token = await tokenFor(server.db, 'staff@example.com');

    const response = await setActive(admin, ['Staff@Example.com'], false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Successfully deactivated user staff@example.com.',
      user_profiles: [{ email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF', is_active: false }],
    });

    // The browser that was signed in is signed out at once.
    const afterwards = await browser.request('/api/auth');
    expect(afterwards.status).toBe(401);
    // The token is refused, and says why.
    const byToken = await call(server.app, token, { method: 'GET', url: '/api/auth' });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json()).toEqual({
      error: 'Your account is deactivated. Ask an administrator to reactivate it.',
      code: 'account_deactivated',
    });
    // Signing in again through single sign-on leads back to the login screen with the reason, no session.
    const fresh = new TestBrowser(origin);
    const landing = await signIn(fresh, 'staff@example.com');
    expect(landing.pathname).toBe('/login');
    expect(landing.search).toBe('?error=account_deactivated');
    expect(fresh.cookie('da_session')).toBeUndefined();
    expect((await fresh.request('/api/auth')).status).toBe(401);

    // Still listed, with its role, as deactivated; the change is audited.
    expect((await profiles()).find((user) => user.email === 'staff@example.com')).toEqual({
      email: 'staff@example.com',
      name: 'Sam Staff',
      role: 'STAFF',
      is_active: false,
    });
    const audit = await call(server.app, admin, { method: 'GET', url: '/api/audit?limit=1' });
    expect(audit.json().events[0]).toMatchObject({
      actor: 'admin@example.com',
      action: 'user.deactivate',
      target: 'staff@example.com',
    });
  });

  it('lets a reactivated person in again, with their unrevoked token', async () => {
    const token = await tokenFor(server.db, 'staff@example.com');
    expect((await call(server.app, token, { method: 'GET', url: '/api/auth' })).statusCode).toBe(403);

    const response = await setActive(admin, ['staff@example.com'], true);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Successfully reactivated user staff@example.com.');
    expect((await call(server.app, token, { method: 'GET', url: '/api/auth' })).statusCode).toBe(200);

    const browser = new TestBrowser(origin);
    const landing = await signIn(browser, 'staff@example.com');
    expect(landing.searchParams.get('email')).toBe('staff@example.com');
    expect((await browser.request('/api/auth')).status).toBe(200);
    const audit = await call(server.app, admin, { method: 'GET', url: '/api/audit?limit=1' });
    expect(audit.json().events[0]).toMatchObject({ action: 'user.reactivate', target: 'staff@example.com' });
  });

  it('still deletes: a deleted person who signs in again is created anew with the default role', async () => {
    await setActive(admin, ['pga@example.com'], false);
    const deleted = await call(server.app, admin, {
      method: 'POST',
      url: '/api/users/delete',
      payload: { emails: ['pga@example.com'] },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await profiles()).some((user) => user.email === 'pga@example.com')).toBe(false);

    const browser = new TestBrowser(origin);
    const landing = await signIn(browser, 'pga@example.com');
    expect(landing.searchParams.get('email')).toBe('pga@example.com');
    expect((await profiles()).find((user) => user.email === 'pga@example.com')).toMatchObject({
      role: 'STAFF',
      is_active: true,
    });
  });

  it('refuses unknown e-mails, one’s own account, and the last active CORE_ADMINS member', async () => {
    const unknown = await setActive(admin, ['staff@example.com', 'ghost@example.com'], false);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'No user with the e-mail ghost@example.com exists.',
      code: 'not_found',
    });
    expect((await profiles()).find((user) => user.email === 'staff@example.com')?.is_active).toBe(true);

    const own = await setActive(admin, ['admin@example.com'], false);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ error: 'You cannot deactivate your own account.', code: 'conflict' });

    // Only someone outside CORE_ADMINS holding every feature could try it on the last administrator.
    const every = (await call(server.app, admin, { method: 'GET', url: '/api/features' })).json().features;
    await call(server.app, admin, {
      method: 'POST',
      url: '/api/roles/create',
      payload: { role: 'DEPUTIES', feature_names: every },
    });
    await addUser(server.db, 'deputy@example.com', 'DEPUTIES');
    const deputy = await sessionFor(server.db, 'deputy@example.com');
    const last = await setActive(deputy, ['admin@example.com'], false);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      error: 'Cannot deactivate admin@example.com: at least one CORE_ADMINS member must remain.',
      code: 'conflict',
    });
  });

  it('needs user_update, and a delegate outside CORE_ADMINS cannot lock out those above them', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    const refused = await setActive(staff, ['pga@example.com'], false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');

    const staffFeatures = (
      await call(server.app, admin, { method: 'POST', url: '/api/roles/view', payload: { role: 'STAFF' } })
    ).json().contents.feature_names as string[];
    await call(server.app, admin, {
      method: 'POST',
      url: '/api/roles/create',
      payload: { role: 'HELPDESK', feature_names: [...staffFeatures, 'user_view', 'user_update'] },
    });
    await addUser(server.db, 'helpdesk@example.com', 'HELPDESK');
    const helpdesk = await sessionFor(server.db, 'helpdesk@example.com');

    const above = await setActive(helpdesk, ['admin@example.com'], false);
    expect(above.statusCode).toBe(403);
    expect(above.json().error).toContain("members of 'CORE_ADMINS'");
    const peer = await setActive(helpdesk, ['staff@example.com'], false);
    expect(peer.statusCode).toBe(200);
    await setActive(helpdesk, ['staff@example.com'], true);
  });
});

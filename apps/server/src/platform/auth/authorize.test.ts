import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  BACKENDS,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
  tokenFor,
} from '../../test/harness.js';
import { SESSION_COOKIE, XSRF_COOKIE } from './authorize.js';

describe.each(BACKENDS)('authorization on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
    await addUser(server.db, 'nobody@example.com', 'STAFF');
    // A role group without the session_validate feature.
    await server.db.query("INSERT INTO role_groups (name) VALUES ('VISITORS')");
    await server.db.query("INSERT INTO role_group_features VALUES ('VISITORS', 'landing')");
    await addUser(server.db, 'visitor@example.com', 'VISITORS');
  });
  afterAll(() => server.close());

  it('answers 401 unauthenticated without a session or token', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/auth' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'unauthenticated' });
  });

  it('answers 401 before looking at an invalid body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/roles/create',
      payload: '{"broken',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('answers 401 for an unknown session cookie', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: { cookie: `${SESSION_COOKIE}=made-up` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('answers 403 forbidden when the role group lacks the required feature', async () => {
    const visitor = await sessionFor(server.db, 'visitor@example.com');
    const response = await call(server.app, visitor, { method: 'GET', url: '/api/auth' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'forbidden',
      error: expect.stringContaining('session_validate'),
    });
  });

  it('lets staff validate their session but not list role groups', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    const me = await call(server.app, staff, { method: 'GET', url: '/api/auth' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'staff@example.com', role: 'STAFF', is_active: true });
    expect(me.json().features).toContain('chat');
    expect(me.json().features).not.toContain('role_group_list_view');
    const groups = await call(server.app, staff, { method: 'GET', url: '/api/roles/allgroups' });
    expect(groups.statusCode).toBe(403);
  });

  it('refuses a cookie-authenticated POST without the XSRF header', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    const { 'x-xsrf-token': _omitted, ...cookieOnly } = staff.headers;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: cookieOnly,
      payload: { email: 'staff@example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'xsrf_failed' });
  });

  it('refuses an XSRF header that matches the cookie but not the session', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    const sessionCookie = staff.headers.cookie!.split(';')[0];
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie: `${sessionCookie}; ${XSRF_COOKIE}=forged`, 'x-xsrf-token': 'forged' },
      payload: { email: 'staff@example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('xsrf_failed');
  });

  it('accepts a personal access token as Bearer without any XSRF header', async () => {
    const admin = await tokenFor(server.db, 'admin@example.com');
    const response = await call(server.app, admin, {
      method: 'POST',
      url: '/api/users/logout',
      payload: { email: admin.email },
    });
    expect(response.statusCode).toBe(200);
    const me = await call(server.app, admin, { method: 'GET', url: '/api/auth' });
    expect(me.json().user.role).toBe('CORE_ADMINS');
  });

  it('gives a token only its user’s permissions', async () => {
    const staff = await tokenFor(server.db, 'staff@example.com');
    const response = await call(server.app, staff, { method: 'GET', url: '/api/roles/allgroups' });
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 for unknown, revoked and expired tokens', async () => {
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: { authorization: 'Bearer da_pat_not-a-real-token' },
    });
    expect(unknown.statusCode).toBe(401);

    const revoked = await tokenFor(server.db, 'nobody@example.com');
    await server.db.query(
      'UPDATE personal_access_tokens SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL',
      ['test'],
    );
    expect((await call(server.app, revoked, { method: 'GET', url: '/api/auth' })).statusCode).toBe(401);

    const expired = await tokenFor(server.db, 'nobody@example.com');
    await server.db.query(
      "UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL",
    );
    const response = await call(server.app, expired, { method: 'GET', url: '/api/auth' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('ends a session that stayed idle longer than allowed', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    expect((await call(server.app, staff, { method: 'GET', url: '/api/auth' })).statusCode).toBe(200);
    await server.db.query("UPDATE sessions SET last_seen_at = now() - interval '1 day'");
    expect((await call(server.app, staff, { method: 'GET', url: '/api/auth' })).statusCode).toBe(401);
  });

  it('ends a session at its absolute expiry', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    await server.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    expect((await call(server.app, staff, { method: 'GET', url: '/api/auth' })).statusCode).toBe(401);
  });

  it('stores only hashes of session ids and tokens', async () => {
    const staff = await sessionFor(server.db, 'staff@example.com');
    const token = await tokenFor(server.db, 'staff@example.com');
    const sessionId = staff.headers.cookie!.split(';')[0]!.split('=')[1]!;
    const sessions = await server.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions');
    const tokens = await server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM personal_access_tokens',
    );
    expect(sessions.rows.some((row) => row.id_hash === sessionId)).toBe(false);
    expect(tokens.rows.some((row) => row.token_hash === token.token)).toBe(false);
    expect(tokens.rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});

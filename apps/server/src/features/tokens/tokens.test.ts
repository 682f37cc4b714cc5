import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startWithAdminAndStaff,
  type TestServer,
} from '../../test/harness.js';

describe.each(BACKENDS)('personal access tokens on %s', (backend) => {
  let server: TestServer;
  let staff: Caller;
  let admin: Caller;

  beforeAll(async () => {
    ({ server, admin, staff } = await startWithAdminAndStaff(backend));
  });
  afterAll(() => server.close());

  it('generates a token shown once, valid for 90 days by default, stored only as a hash', async () => {
    const response = await call(server.app, staff, { method: 'GET', url: '/api/users/generatetoken' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      message: expect.any(String),
      personal_access_token: expect.stringMatching(/^da_pat_/),
      id: expect.any(String),
      expires_at: expect.any(String),
    });
    const days = (new Date(body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    const { rows } = await server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM personal_access_tokens',
    );
    expect(rows.map((row) => row.token_hash)).not.toContain(body.personal_access_token);

    const me = await server.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: { authorization: `Bearer ${body.personal_access_token}` },
    });
    expect(me.json().user.email).toBe('staff@example.com');
  });

  it('takes a name and a lifetime from 1 to 365 days', async () => {
    const response = await call(server.app, staff, {
      method: 'GET',
      url: '/api/users/generatetoken?name=ci%20job&expires_in_days=7',
    });
    const days = (new Date(response.json().expires_at).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    for (const bad of ['0', '366', 'soon']) {
      const refused = await call(server.app, staff, {
        method: 'GET',
        url: `/api/users/generatetoken?expires_in_days=${bad}`,
      });
      expect(refused.statusCode).toBe(400);
    }
  });

  it('lists my tokens without their values, newest first, and not other people’s', async () => {
    await call(server.app, admin, { method: 'GET', url: '/api/users/generatetoken?name=admin-only' });
    const response = await call(server.app, staff, { method: 'GET', url: '/api/users/tokens' });
    const tokens = response.json().tokens as Array<Record<string, unknown>>;
    expect(tokens.map((token) => token.name)).toEqual(['ci job', expect.stringMatching(/^Token /)]);
    expect(JSON.stringify(tokens)).not.toContain('da_pat_');
    expect(tokens[0]).toEqual({
      id: expect.any(String),
      name: 'ci job',
      created_at: expect.any(String),
      expires_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
  });

  it('revokes my token, which then gets 401; another user cannot revoke it', async () => {
    const created = (
      await call(server.app, staff, { method: 'GET', url: '/api/users/generatetoken?name=short' })
    ).json();
    const bearer = { authorization: `Bearer ${created.personal_access_token}` };
    expect((await server.app.inject({ method: 'GET', url: '/api/auth', headers: bearer })).statusCode).toBe(
      200,
    );

    const foreign = await call(server.app, admin, {
      method: 'POST',
      url: '/api/users/tokens/revoke',
      payload: { id: created.id },
    });
    expect(foreign.statusCode).toBe(404);
    const garbage = await call(server.app, staff, {
      method: 'POST',
      url: '/api/users/tokens/revoke',
      payload: { id: 'nope' },
    });
    expect(garbage.statusCode).toBe(404);

    const revoked = await call(server.app, staff, {
      method: 'POST',
      url: '/api/users/tokens/revoke',
      payload: { id: created.id },
    });
    expect(revoked.statusCode).toBe(200);
    const after = await server.app.inject({ method: 'GET', url: '/api/auth', headers: bearer });
    expect(after.statusCode).toBe(401);
    const listed = (await call(server.app, staff, { method: 'GET', url: '/api/users/tokens' })).json().tokens;
    expect(listed.find((token: { id: string }) => token.id === created.id).revoked_at).toEqual(
      expect.any(String),
    );
  });

  it('refuses an expired token with 401', async () => {
    const created = (
      await call(server.app, staff, { method: 'GET', url: '/api/users/generatetoken?expires_in_days=1' })
    ).json();
    await server.db.query(
      "UPDATE personal_access_tokens SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [created.id],
    );
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: { authorization: `Bearer ${created.personal_access_token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets a token create tokens but refuses users without token_creator', async () => {
    await server.db.query(
      "DELETE FROM role_group_features WHERE role_name = 'PGA' AND feature = 'token_creator'",
    );
    const pga = await sessionFor(server.db, 'pga@example.com');
    expect((await call(server.app, pga, { method: 'GET', url: '/api/users/generatetoken' })).statusCode).toBe(
      403,
    );
    expect((await call(server.app, pga, { method: 'GET', url: '/api/users/tokens' })).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type Caller, call, startWithAdminAndStaff, type TestServer } from '../../test/harness.js';

interface AuditEvent {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
}

describe.each(BACKENDS)('audit log on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;
  const post = (caller: Caller, url: string, payload: unknown) =>
    call(server.app, caller, { method: 'POST', url, payload: payload as Record<string, unknown> });
  const events = async (query = '') =>
    (await call(server.app, admin, { method: 'GET', url: `/api/audit${query}` })).json()
      .events as AuditEvent[];

  beforeAll(async () => {
    ({ server, admin, staff } = await startWithAdminAndStaff(backend));
  });
  afterAll(() => server.close());

  it('records every administrative change with who, what, target, details and when, newest first', async () => {
    await post(admin, '/api/users/create', { email: 'audited@example.com', name: 'Audited', role: 'STAFF' });
    await post(admin, '/api/users/roles/update', { emails: ['audited@example.com'], role: 'PGA' });
    await post(admin, '/api/roles/create', { role: 'TEMP', feature_names: ['landing'] });
    await post(admin, '/api/roles/update', { role_name: 'TEMP', feature_names: ['chat'], action: 'add' });
    await post(admin, '/api/roles/delete', { role: 'TEMP' });
    await post(admin, '/api/users/delete', { emails: ['audited@example.com'] });
    const token = (
      await call(server.app, staff, { method: 'GET', url: '/api/users/generatetoken?name=x' })
    ).json();
    await post(staff, '/api/users/tokens/revoke', { id: token.id });

    const log = await events();
    expect(log.map((event) => `${event.actor} ${event.action} ${event.target}`)).toEqual([
      'staff@example.com token.revoke staff@example.com',
      'staff@example.com token.create staff@example.com',
      'admin@example.com user.delete audited@example.com',
      'admin@example.com role.delete TEMP',
      'admin@example.com role.update TEMP',
      'admin@example.com role.create TEMP',
      'admin@example.com user.role_update audited@example.com',
      'admin@example.com user.create audited@example.com',
    ]);
    expect(log[4]!.details).toEqual({ action: 'add', feature_names: ['chat'] });
    expect(log[6]!.details).toEqual({ from: 'STAFF', to: 'PGA' });
    expect(log[1]!.details).toMatchObject({ id: token.id, name: 'x' });
    expect(JSON.stringify(log)).not.toContain(token.personal_access_token);
    for (const event of log) expect(Number.isNaN(Date.parse(event.at))).toBe(false);
  });

  it('does not record refused changes', async () => {
    const before = (await events()).length;
    await post(admin, '/api/roles/create', { role: 'STAFF', feature_names: ['landing'] });
    await post(staff, '/api/users/create', { email: 'no@example.com', name: 'No', role: 'STAFF' });
    expect(await events()).toHaveLength(before);
  });

  it('filters by actor in any case and pages backwards with limit and before', async () => {
    const byStaff = await events('?actor=STAFF@example.com');
    expect(byStaff.map((event) => event.action)).toEqual(['token.revoke', 'token.create']);
    const first = await events('?limit=3');
    expect(first).toHaveLength(3);
    const next = await events(`?limit=3&before=${encodeURIComponent(first[2]!.at)}`);
    const all = await events();
    expect([...first, ...next].map((event) => event.id)).toEqual(all.slice(0, 6).map((event) => event.id));
  });

  it('is readable by admins only', async () => {
    const response = await call(server.app, staff, { method: 'GET', url: '/api/audit' });
    expect(response.statusCode).toBe(403);
  });
});

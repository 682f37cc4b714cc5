import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startWithAdminAndStaff,
  type TestServer,
} from '../../test/harness.js';

describe.each(BACKENDS)('users on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;
  const post = (caller: Caller, url: string, payload: unknown) =>
    call(server.app, caller, { method: 'POST', url, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    ({ server, admin, staff } = await startWithAdminAndStaff(backend));
  });
  afterAll(() => server.close());

  it("lists every profile with email '*', or one by e-mail in any case", async () => {
    const all = await post(admin, '/api/users', { email: '*' });
    expect(all.statusCode).toBe(200);
    expect(all.json().user_profiles).toEqual([
      { email: 'admin@example.com', name: 'Ada Admin', role: 'CORE_ADMINS', is_active: true },
      { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA', is_active: true },
      { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF', is_active: true },
    ]);
    const one = await post(admin, '/api/users', { email: 'PGA@Example.COM' });
    expect(one.json().user_profiles).toEqual([
      { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA', is_active: true },
    ]);
  });

  it('adds a user with an e-mail, a name and an existing role group', async () => {
    const response = await post(admin, '/api/users/create', {
      email: 'New.Hire@Example.com',
      name: 'New Hire',
      role: 'STAFF',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Successfully added user new.hire@example.com.',
      user_profile: { email: 'new.hire@example.com', name: 'New Hire', role: 'STAFF' },
    });
  });

  it('refuses a user without e-mail, name or role, a duplicate e-mail, and an unknown role group', async () => {
    for (const payload of [
      { name: 'No Mail', role: 'STAFF' },
      { email: 'noname@example.com', role: 'STAFF' },
      { email: 'norole@example.com', name: 'No Role' },
      { email: 'blank@example.com', name: '  ', role: 'STAFF' },
      { email: 'not-an-email', name: 'X', role: 'STAFF' },
    ]) {
      const response = await post(admin, '/api/users/create', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const duplicate = await post(admin, '/api/users/create', {
      email: 'STAFF@example.com',
      name: 'Again',
      role: 'STAFF',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'User staff@example.com already exists.', code: 'conflict' });
    const unknownRole = await post(admin, '/api/users/create', {
      email: 'x@example.com',
      name: 'X',
      role: 'WIZARDS',
    });
    expect(unknownRole.statusCode).toBe(404);
    expect(unknownRole.json()).toEqual({ error: "Role group 'WIZARDS' does not exist.", code: 'not_found' });
  });

  it('gives several users a role at once and answers their profiles as an array', async () => {
    await post(admin, '/api/users/create', { email: 'a@example.com', name: 'A', role: 'STAFF' });
    await post(admin, '/api/users/create', { email: 'b@example.com', name: 'B', role: 'STAFF' });
    const response = await post(admin, '/api/users/roles/update', {
      emails: ['A@example.com', 'b@example.com'],
      role: 'PGA',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { email: 'a@example.com', name: 'A', role: 'PGA' },
      { email: 'b@example.com', name: 'B', role: 'PGA' },
    ]);
    const unknownRole = await post(admin, '/api/users/roles/update', {
      emails: ['a@example.com'],
      role: 'WIZARDS',
    });
    expect(unknownRole.statusCode).toBe(404);
    const unknownUser = await post(admin, '/api/users/roles/update', {
      emails: ['ghost@example.com'],
      role: 'PGA',
    });
    expect(unknownUser.statusCode).toBe(404);
  });

  it('deletes users by e-mail, case-insensitively', async () => {
    const response = await post(admin, '/api/users/delete', { emails: ['A@EXAMPLE.COM', 'b@example.com'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Successfully deleted users a@example.com, b@example.com.',
      deleted: ['a@example.com', 'b@example.com'],
    });
    const again = await post(admin, '/api/users/delete', { emails: ['a@example.com'] });
    expect(again.statusCode).toBe(404);
  });

  it('never removes or demotes the last CORE_ADMINS member', async () => {
    const demote = await post(admin, '/api/users/roles/update', {
      emails: ['admin@example.com'],
      role: 'STAFF',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe(
      'Cannot move admin@example.com to STAFF: at least one CORE_ADMINS member must remain.',
    );
    const remove = await post(admin, '/api/users/delete', { emails: ['admin@example.com'] });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({
      error: 'Cannot delete admin@example.com: at least one CORE_ADMINS member must remain.',
      code: 'conflict',
    });
    expect(
      (await post(admin, '/api/users', { email: 'admin@example.com' })).json().user_profiles[0].role,
    ).toBe('CORE_ADMINS');

    // With a second administrator, the first may go.
    await post(admin, '/api/users/create', {
      email: 'second@example.com',
      name: 'Second',
      role: 'CORE_ADMINS',
    });
    const second = await sessionFor(server.db, 'second@example.com');
    const both = await post(second, '/api/users/roles/update', {
      emails: ['admin@example.com', 'second@example.com'],
      role: 'STAFF',
    });
    expect(both.statusCode).toBe(409);
    const first = await post(second, '/api/users/roles/update', {
      emails: ['admin@example.com'],
      role: 'STAFF',
    });
    expect(first.statusCode).toBe(200);
    await post(second, '/api/users/roles/update', { emails: ['admin@example.com'], role: 'CORE_ADMINS' });
    await post(second, '/api/users/delete', { emails: ['second@example.com'] });
  });

  it('lets no staff member list, add, delete or re-role users', async () => {
    const attempts = await Promise.all([
      post(staff, '/api/users', { email: '*' }),
      post(staff, '/api/users/create', { email: 'sneaky@example.com', name: 'S', role: 'CORE_ADMINS' }),
      post(staff, '/api/users/delete', { emails: ['admin@example.com'] }),
      post(staff, '/api/users/roles/update', { emails: ['staff@example.com'], role: 'CORE_ADMINS' }),
    ]);
    for (const response of attempts) expect(response.statusCode).toBe(403);
    const { rows } = await server.db.query("SELECT 1 FROM users WHERE email = 'sneaky@example.com'");
    expect(rows).toHaveLength(0);
  });
});

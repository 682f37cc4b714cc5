import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startWithAdminAndStaff,
  type TestServer,
  tokenFor,
} from '../../test/harness.js';

describe.each(BACKENDS)('role groups on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;
  const post = (caller: Caller, url: string, payload: unknown) =>
    call(server.app, caller, { method: 'POST', url, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    ({ server, admin, staff } = await startWithAdminAndStaff(backend));
  });
  afterAll(() => server.close());

  it('lists the seeded role groups with their features and how many users hold them', async () => {
    const response = await call(server.app, admin, { method: 'GET', url: '/api/roles/allgroups' });
    expect(response.statusCode).toBe(200);
    const roles = response.json().roles as Array<{
      role_name: string;
      feature_names: string[];
      user_count: number;
    }>;
    expect(roles.map((role) => role.role_name)).toEqual(
      expect.arrayContaining(['CORE_ADMINS', 'PGA', 'STAFF']),
    );
    const admins = roles.find((role) => role.role_name === 'CORE_ADMINS')!;
    expect(admins.feature_names).toHaveLength(36);
    expect(admins.user_count).toBe(1);
  });

  it('lists every feature name', async () => {
    const response = await call(server.app, admin, { method: 'GET', url: '/api/features' });
    expect(response.json().features).toHaveLength(36);
    expect(response.json().features).toContain('code_enhancement_upload');
  });

  it('creates, views, updates (add and remove) and deletes a role group', async () => {
    const created = await post(admin, '/api/roles/create', {
      role: 'AUDITORS',
      feature_names: ['landing', 'user_view'],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ message: 'Successfully created role group.' });

    const view = await post(admin, '/api/roles/view', { role: 'AUDITORS' });
    expect(view.json()).toEqual({
      contents: { role_name: 'AUDITORS', feature_names: ['landing', 'user_view'] },
    });

    const added = await post(admin, '/api/roles/update', {
      role_name: 'AUDITORS',
      feature_names: ['profile_view_all'],
      action: 'add',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      message: 'Successfully updated role group.',
      contents: { role_name: 'AUDITORS', feature_names: ['landing', 'user_view', 'profile_view_all'] },
    });

    const removed = await post(admin, '/api/roles/update', {
      role_name: 'AUDITORS',
      feature_names: ['landing'],
      action: 'remove',
    });
    expect(removed.json().contents.feature_names).toEqual(['user_view', 'profile_view_all']);

    const deleted = await post(admin, '/api/roles/delete', { role: 'AUDITORS' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Successfully deleted role group' });
    expect((await post(admin, '/api/roles/view', { role: 'AUDITORS' })).statusCode).toBe(404);
  });

  it('refuses a duplicate name with "Role \'{name}\' already exists."', async () => {
    const response = await post(admin, '/api/roles/create', { role: 'STAFF', feature_names: ['landing'] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "Role 'STAFF' already exists.", code: 'conflict' });
  });

  it('compares role names trimmed and regardless of case, as the client does, naming the existing group', async () => {
    for (const role of ['staff', ' Staff ', 'STAFF  ']) {
      const response = await post(admin, '/api/roles/create', { role, feature_names: ['landing'] });
      expect(response.statusCode, role).toBe(409);
      expect(response.json(), role).toEqual({
        error:
          role.trim() === 'STAFF'
            ? "Role 'STAFF' already exists."
            : `Role '${role.trim()}' already exists as 'STAFF'.`,
        code: 'conflict',
      });
    }
    const groups = (await call(server.app, admin, { method: 'GET', url: '/api/roles/allgroups' })).json()
      .roles as Array<{ role_name: string }>;
    expect(groups.filter((group) => group.role_name.toLowerCase() === 'staff')).toHaveLength(1);
  });

  it('creates only one of two differently cased names sent at the same time', async () => {
    const answers = await Promise.all(
      ['Racers', 'RACERS', 'racers'].map((role) =>
        post(admin, '/api/roles/create', { role, feature_names: ['landing'] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const groups = (await call(server.app, admin, { method: 'GET', url: '/api/roles/allgroups' })).json()
      .roles as Array<{ role_name: string }>;
    expect(groups.filter((group) => group.role_name.toLowerCase() === 'racers')).toHaveLength(1);
  });

  it("refuses a role group without a name or without features with 'Invalid input vaules'", async () => {
    for (const payload of [
      { role: '', feature_names: ['landing'] },
      { role: '   ', feature_names: ['landing'] },
      { role: 'EMPTY', feature_names: [] },
      { feature_names: ['landing'] },
      { role: 'NOFEATURES' },
    ]) {
      const response = await post(admin, '/api/roles/create', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Invalid input vaules', code: 'validation_failed' });
    }
  });

  it('refuses unknown features', async () => {
    const created = await post(admin, '/api/roles/create', {
      role: 'ODD',
      feature_names: ['landing', 'fly'],
    });
    expect(created.statusCode).toBe(400);
    const updated = await post(admin, '/api/roles/update', {
      role_name: 'STAFF',
      feature_names: ['fly'],
      action: 'add',
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().code).toBe('validation_failed');
  });

  it('refuses to delete a role group users still hold, saying how many', async () => {
    await post(admin, '/api/roles/create', { role: 'HELD', feature_names: ['landing'] });
    await addUser(server.db, 'holder1@example.com', 'HELD');
    await addUser(server.db, 'holder2@example.com', 'HELD');
    const response = await post(admin, '/api/roles/delete', { role: 'HELD' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      "Role group 'HELD' cannot be deleted: 2 users still hold it. Move them to another role group first.",
    );
  });

  it('keeps CORE_ADMINS whole and the default role group in place', async () => {
    expect((await post(admin, '/api/roles/delete', { role: 'CORE_ADMINS' })).statusCode).toBe(409);
    const removal = await post(admin, '/api/roles/update', {
      role_name: 'CORE_ADMINS',
      feature_names: ['chat'],
      action: 'remove',
    });
    expect(removal.statusCode).toBe(409);
    await server.db.query("DELETE FROM users WHERE role = 'STAFF' AND email <> 'staff@example.com'");
    const staffGroup = await post(admin, '/api/roles/delete', { role: 'STAFF' });
    expect(staffGroup.statusCode).toBe(409);
  });

  it('answers 404 for a role group that does not exist', async () => {
    expect((await post(admin, '/api/roles/view', { role: 'GHOSTS' })).statusCode).toBe(404);
    expect((await post(admin, '/api/roles/delete', { role: 'GHOSTS' })).statusCode).toBe(404);
    const update = await post(admin, '/api/roles/update', {
      role_name: 'GHOSTS',
      feature_names: ['chat'],
      action: 'add',
    });
    expect(update.json()).toEqual({ error: "Role group 'GHOSTS' does not exist.", code: 'not_found' });
  });

  it('requires role_group_update_remove to remove features', async () => {
    await server.db.query("INSERT INTO role_groups (name) VALUES ('ADDERS')");
    await server.db.query(
      // (It holds `search` itself: nobody outside CORE_ADMINS may grant a feature they lack.)
      "INSERT INTO role_group_features (role_name, feature) VALUES ('ADDERS', 'role_group_update_add'), ('ADDERS', 'landing'), ('ADDERS', 'search')",
    );
    await addUser(server.db, 'adder@example.com', 'ADDERS');
    const adder = await tokenFor(server.db, 'adder@example.com');
    const add = await post(adder, '/api/roles/update', {
      role_name: 'PGA',
      feature_names: ['search'],
      action: 'add',
    });
    expect(add.statusCode).toBe(200);
    const remove = await post(adder, '/api/roles/update', {
      role_name: 'PGA',
      feature_names: ['search'],
      action: 'remove',
    });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error).toContain('role_group_update_remove');
  });

  it('opens the PGA department to whoever holds knowledge_pga, whatever their role group is named', async () => {
    const pga = await sessionFor(server.db, 'pga@example.com');
    const askPga = (caller: Caller) =>
      post(caller, '/api/chat', { message: 'go-live cutover', Department: 'pga' });
    expect((await askPga(pga)).statusCode).toBe(200);
    expect((await askPga(staff)).statusCode).toBe(403);

    const removed = await post(admin, '/api/roles/update', {
      role_name: 'PGA',
      feature_names: ['knowledge_pga'],
      action: 'remove',
    });
    expect(removed.statusCode).toBe(200);
    expect((await askPga(pga)).statusCode).toBe(403);
    const added = await post(admin, '/api/roles/update', {
      role_name: 'STAFF',
      feature_names: ['knowledge_pga'],
      action: 'add',
    });
    expect(added.statusCode).toBe(200);
    expect((await askPga(staff)).statusCode).toBe(200);

    // As seeded again.
    await post(admin, '/api/roles/update', {
      role_name: 'STAFF',
      feature_names: ['knowledge_pga'],
      action: 'remove',
    });
    await post(admin, '/api/roles/update', {
      role_name: 'PGA',
      feature_names: ['knowledge_pga'],
      action: 'add',
    });
  });

  it('lets no staff member use any role group operation', async () => {
    const attempts = [
      call(server.app, staff, { method: 'GET', url: '/api/roles/allgroups' }),
      call(server.app, staff, { method: 'GET', url: '/api/features' }),
      post(staff, '/api/roles/view', { role: 'STAFF' }),
      post(staff, '/api/roles/create', { role: 'MINE', feature_names: ['landing'] }),
      post(staff, '/api/roles/delete', { role: 'PGA' }),
      post(staff, '/api/roles/update', { role_name: 'STAFF', feature_names: ['train'], action: 'add' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
  });
});

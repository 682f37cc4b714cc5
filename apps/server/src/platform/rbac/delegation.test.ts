// Delegated administration never escalates: a role group holding only some administrative features
// cannot use them to reach CORE_ADMINS or features it lacks, by session or by token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each(BACKENDS)('delegated administration on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let userManager: Caller;
  let userManagerToken: Caller;
  let roleEditor: Caller;
  let creator: Caller;

  const post = (caller: Caller, url: string, payload: unknown) =>
    call(server.app, caller, { method: 'POST', url, payload: payload as Record<string, unknown> });
  const roleOf = async (email: string) =>
    (await server.db.query<{ role: string }>('SELECT role FROM users WHERE email = $1', [email])).rows[0]
      ?.role;
  const featuresOf = async (role: string) =>
    (
      await server.db.query<{ feature: string }>(
        'SELECT feature FROM role_group_features WHERE role_name = $1 ORDER BY feature',
        [role],
      )
    ).rows.map((row) => row.feature);
  const auditCount = async () =>
    Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM audit_events')).rows[0]!.n);
  const expectRefused = (response: { statusCode: number; json: () => { error: string; code: string } }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'forbidden' });
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    const groups: Array<[string, string[]]> = [
      ['USER_MANAGERS', ['landing', 'user_view', 'user_update', 'profile_delete']],
      ['VIEWERS', ['landing', 'user_view']],
      ['ROLE_EDITORS', ['landing', 'role_group_view', 'role_group_update_add']],
      ['CREATORS', ['landing', 'chat', 'profile_create', 'role_group_create']],
      ['LANDING_ONLY', ['landing']],
    ];
    for (const [name, features] of groups) {
      await server.db.query('INSERT INTO role_groups (name) VALUES ($1)', [name]);
      await server.db.query(
        'INSERT INTO role_group_features (role_name, feature) SELECT $1, unnest($2::text[])',
        [name, features],
      );
    }
    await addUser(server.db, 'manager@example.com', 'USER_MANAGERS');
    await addUser(server.db, 'editor@example.com', 'ROLE_EDITORS');
    await addUser(server.db, 'creator@example.com', 'CREATORS');
    await addUser(server.db, 'viewer@example.com', 'VIEWERS');
    await addUser(server.db, 'viewer2@example.com', 'VIEWERS');
    await addUser(server.db, 'viewer3@example.com', 'VIEWERS');
    admin = await sessionFor(server.db, 'admin@example.com');
    userManager = await sessionFor(server.db, 'manager@example.com');
    userManagerToken = await tokenFor(server.db, 'manager@example.com');
    roleEditor = await sessionFor(server.db, 'editor@example.com');
    creator = await sessionFor(server.db, 'creator@example.com');
  });
  afterAll(() => server.close());

  it('a user_update holder cannot move themselves or anyone into CORE_ADMINS, by session or token', async () => {
    const before = await auditCount();
    for (const caller of [userManager, userManagerToken]) {
      for (const emails of [
        ['manager@example.com'],
        ['staff@example.com'],
        ['staff@example.com', 'pga@example.com'],
      ]) {
        const response = await post(caller, '/api/users/roles/update', { emails, role: 'CORE_ADMINS' });
        expectRefused(response);
      }
    }
    const refused = await post(userManager, '/api/users/roles/update', {
      emails: ['staff@example.com'],
      role: 'CORE_ADMINS',
    });
    expect(refused.json().error).toContain("You cannot give the role group 'CORE_ADMINS'");
    expect(await roleOf('manager@example.com')).toBe('USER_MANAGERS');
    expect(await roleOf('staff@example.com')).toBe('STAFF');
    expect(await auditCount()).toBe(before);
  });

  it('a user_update holder cannot give a role group holding features they lack, nor change their own', async () => {
    // STAFF holds chat, tokens... which the user managers do not.
    expectRefused(
      await post(userManager, '/api/users/roles/update', { emails: ['pga@example.com'], role: 'STAFF' }),
    );
    const own = await post(userManager, '/api/users/roles/update', {
      emails: ['MANAGER@example.com'],
      role: 'LANDING_ONLY',
    });
    expectRefused(own);
    expect(own.json().error).toBe('You cannot change your own role group; ask a CORE_ADMINS member.');
    expect(await roleOf('manager@example.com')).toBe('USER_MANAGERS');
  });

  it('a user_update holder can give a role group whose features they all hold', async () => {
    const response = await post(userManager, '/api/users/roles/update', {
      emails: ['viewer@example.com'],
      role: 'LANDING_ONLY',
    });
    expect(response.statusCode).toBe(200);
    expect(await roleOf('viewer@example.com')).toBe('LANDING_ONLY');
  });

  it('a user_update or profile_delete holder cannot re-role, delete or deactivate the people above them', async () => {
    const before = await auditCount();
    for (const emails of [
      ['admin@example.com'],
      ['pga@example.com'],
      ['viewer2@example.com', 'pga@example.com'],
    ]) {
      const demoted = await post(userManager, '/api/users/roles/update', { emails, role: 'LANDING_ONLY' });
      expectRefused(demoted);
      expect(demoted.json().error).toMatch(
        /^You cannot change the role group of members of '(CORE_ADMINS|PGA)'/,
      );
      const deleted = await post(userManagerToken, '/api/users/delete', { emails });
      expectRefused(deleted);
      expect(deleted.json().error).toMatch(/^You cannot delete members of/);
    }
    expect(await roleOf('admin@example.com')).toBe('CORE_ADMINS');
    expect(await roleOf('pga@example.com')).toBe('PGA');
    expect(await roleOf('viewer2@example.com')).toBe('VIEWERS');
    expect(await auditCount()).toBe(before);
    // Those whose role group they cover entirely, they may delete.
    const deleted = await post(userManager, '/api/users/delete', { emails: ['viewer2@example.com'] });
    expect(deleted.statusCode).toBe(200);
    expect(await roleOf('viewer2@example.com')).toBeUndefined();
  });

  it('a role_group_update_add holder cannot add features it lacks to its own group or any other', async () => {
    for (const role_name of ['ROLE_EDITORS', 'LANDING_ONLY']) {
      const response = await post(roleEditor, '/api/roles/update', {
        role_name,
        feature_names: ['profile_create', 'landing'],
        action: 'add',
      });
      expectRefused(response);
      expect(response.json().error).toContain('profile_create');
      expect(response.json().error).not.toContain('landing');
    }
    expect(await featuresOf('ROLE_EDITORS')).toEqual(['landing', 'role_group_update_add', 'role_group_view']);
    expect(await featuresOf('LANDING_ONLY')).toEqual(['landing']);

    const held = await post(roleEditor, '/api/roles/update', {
      role_name: 'LANDING_ONLY',
      feature_names: ['role_group_view'],
      action: 'add',
    });
    expect(held.statusCode).toBe(200);
    expect(await featuresOf('LANDING_ONLY')).toEqual(['landing', 'role_group_view']);
  });

  it('a creator cannot add a user to a role group, nor create one, with features it lacks', async () => {
    expectRefused(
      await post(creator, '/api/users/create', {
        email: 'new-admin@example.com',
        name: 'New',
        role: 'CORE_ADMINS',
      }),
    );
    expect(await roleOf('new-admin@example.com')).toBeUndefined();
    expectRefused(
      await post(creator, '/api/roles/create', { role: 'POWER', feature_names: ['landing', 'user_update'] }),
    );
    expect(await featuresOf('POWER')).toEqual([]);

    const group = await post(creator, '/api/roles/create', {
      role: 'CHATTERS',
      feature_names: ['landing', 'chat'],
    });
    expect(group.statusCode).toBe(200);
    const user = await post(creator, '/api/users/create', {
      email: 'lo@example.com',
      name: 'Lo',
      role: 'CHATTERS',
    });
    expect(user.statusCode).toBe(200);
    // LANDING_ONLY gained role_group_view above, which creators do not hold.
    expectRefused(
      await post(creator, '/api/users/create', {
        email: 'lo2@example.com',
        name: 'Lo',
        role: 'LANDING_ONLY',
      }),
    );
  });

  describe('the PGA capability (knowledge_pga), compared like any other feature', () => {
    let staffManager: Caller;
    let pgaManager: Caller;

    beforeAll(async () => {
      // STAFF's features plus user management: everything PGA held before it was a feature.
      const staffFeatures = await featuresOf('STAFF');
      const managing = ['user_view', 'user_update', 'profile_create'];
      for (const [name, extra] of [
        ['STAFF_MANAGERS', managing],
        ['PGA_MANAGERS', [...managing, 'knowledge_pga']],
      ] as const) {
        await server.db.query('INSERT INTO role_groups (name) VALUES ($1)', [name]);
        await server.db.query(
          'INSERT INTO role_group_features (role_name, feature) SELECT $1, unnest($2::text[])',
          [name, [...staffFeatures, ...extra]],
        );
      }
      await addUser(server.db, 'staff-manager@example.com', 'STAFF_MANAGERS');
      await addUser(server.db, 'pga-manager@example.com', 'PGA_MANAGERS');
      await addUser(server.db, 'colleague@example.com', 'STAFF');
      await addUser(server.db, 'colleague2@example.com', 'STAFF');
      staffManager = await sessionFor(server.db, 'staff-manager@example.com');
      pgaManager = await sessionFor(server.db, 'pga-manager@example.com');
    });

    it('is held by the PGA and CORE_ADMINS role groups', async () => {
      expect(await featuresOf('PGA')).toContain('knowledge_pga');
      expect(await featuresOf('CORE_ADMINS')).toContain('knowledge_pga');
      expect(await featuresOf('STAFF')).not.toContain('knowledge_pga');
    });

    it('a user manager without it can neither read PGA nor hand it out: no move into PGA, no user created in PGA', async () => {
      const before = await auditCount();
      const chat = await post(staffManager, '/api/chat', { message: 'go-live', Department: 'pga' });
      expectRefused(chat);
      const moved = await post(staffManager, '/api/users/roles/update', {
        emails: ['colleague@example.com'],
        role: 'PGA',
      });
      expectRefused(moved);
      expect(moved.json().error).toContain("You cannot give the role group 'PGA'");
      expect(moved.json().error).toContain('knowledge_pga');
      expectRefused(
        await post(staffManager, '/api/users/create', {
          email: 'new-pga@example.com',
          name: 'New',
          role: 'PGA',
        }),
      );
      expect(await roleOf('colleague@example.com')).toBe('STAFF');
      expect(await roleOf('new-pga@example.com')).toBeUndefined();
      expect(await auditCount()).toBe(before);
      // Nor can they act on PGA members, whose role group holds what they lack.
      expectRefused(
        await post(staffManager, '/api/users/roles/update', { emails: ['pga@example.com'], role: 'STAFF' }),
      );
      // What they hold, they still give.
      const user = await post(staffManager, '/api/users/create', {
        email: 'new-staff@example.com',
        name: 'New',
        role: 'STAFF',
      });
      expect(user.statusCode).toBe(200);
    });

    it('a user manager holding it gives PGA like any other role group they cover', async () => {
      const moved = await post(pgaManager, '/api/users/roles/update', {
        emails: ['colleague2@example.com'],
        role: 'PGA',
      });
      expect(moved.statusCode).toBe(200);
      expect(await roleOf('colleague2@example.com')).toBe('PGA');
      const created = await post(pgaManager, '/api/users/create', {
        email: 'made-pga@example.com',
        name: 'Made',
        role: 'PGA',
      });
      expect(created.statusCode).toBe(200);
      expect(await roleOf('made-pga@example.com')).toBe('PGA');
    });

    it('cannot be added to a role group, nor a new one, by someone lacking it', async () => {
      const added = await post(roleEditor, '/api/roles/update', {
        role_name: 'LANDING_ONLY',
        feature_names: ['knowledge_pga'],
        action: 'add',
      });
      expectRefused(added);
      expect(added.json().error).toContain('knowledge_pga');
      expectRefused(
        await post(creator, '/api/roles/create', {
          role: 'SECRET_CHAT',
          feature_names: ['chat', 'knowledge_pga'],
        }),
      );
      expect(await featuresOf('LANDING_ONLY')).not.toContain('knowledge_pga');
      expect(await featuresOf('SECRET_CHAT')).toEqual([]);
    });
  });

  it('still answers 404 for an unknown role group and 400 for unknown features', async () => {
    const missing = await post(userManager, '/api/users/roles/update', {
      emails: ['viewer3@example.com'],
      role: 'NOPE',
    });
    expect(missing.statusCode).toBe(404);
    const unknown = await post(creator, '/api/roles/create', {
      role: 'ODD',
      feature_names: ['landing', 'flying'],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('CORE_ADMINS members grant anything, their own role group included', async () => {
    expect(
      (await post(admin, '/api/users/roles/update', { emails: ['staff@example.com'], role: 'CORE_ADMINS' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(admin, '/api/roles/update', {
          role_name: 'LANDING_ONLY',
          feature_names: ['profile_delete'],
          action: 'add',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(admin, '/api/users/roles/update', { emails: ['admin@example.com'], role: 'STAFF' }))
        .statusCode,
    ).toBe(200);
    expect(await roleOf('admin@example.com')).toBe('STAFF');
  });
});

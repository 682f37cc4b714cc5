import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../client';
import { unwrap } from '../errors';
import { uploadTrainingFiles } from '../upload-files';
import { createDemoServer, type DemoServer, type DemoServerOptions, demoStaff } from './demo-server';

const servers: DemoServer[] = [];

function setup(options: DemoServerOptions = {}) {
  const server = createDemoServer(options);
  servers.push(server);
  return { server, client: createClient({ baseUrl: 'http://api.test', fetch: server.fetch }) };
}

afterEach(() => {
  for (const server of servers.splice(0)) server.assertNoViolations();
});

describe('the demo server', () => {
  it('adds, lists, re-roles and deletes users, recording each change in the audit log', async () => {
    const { client, server } = setup();
    await unwrap(
      client.POST('/api/users/create', { body: { email: 'new@example.com', name: 'New', role: 'STAFF' } }),
    );
    await unwrap(
      client.POST('/api/users/roles/update', { body: { emails: ['new@example.com'], role: 'PGA' } }),
    );
    const { user_profiles } = await unwrap(client.POST('/api/users', { body: { email: 'new@example.com' } }));
    expect(user_profiles).toEqual([{ email: 'new@example.com', name: 'New', role: 'PGA' }]);
    await unwrap(client.POST('/api/users/delete', { body: { emails: ['new@example.com'] } }));
    expect(server.state.users.map((user) => user.email)).not.toContain('new@example.com');
    const { events } = await unwrap(client.GET('/api/audit', { params: { query: { limit: 2 } } }));
    expect(events.map((event) => event.action)).toEqual(['user.delete', 'user.role']);
  });

  it('keeps the last CORE_ADMINS member, as the real server does (409)', async () => {
    const { client, server } = setup();
    const deleting = await client.POST('/api/users/delete', { body: { emails: ['admin@example.com'] } });
    expect(deleting.error).toEqual({
      error: 'Cannot delete admin@example.com: at least one CORE_ADMINS member must remain.',
      code: 'conflict',
    });
    const moving = await client.POST('/api/users/roles/update', {
      body: { emails: ['admin@example.com'], role: 'STAFF' },
    });
    expect(moving.response.status).toBe(409);
    expect(server.state.users.find((user) => user.email === 'admin@example.com')?.role).toBe('CORE_ADMINS');
  });

  it('deactivates a user, who then cannot sign in, and keeps the last active admin', async () => {
    const { client, server } = setup({
      users: [
        { email: 'admin@example.com', name: 'Ada Admin', role: 'CORE_ADMINS' },
        { email: 'second@example.com', name: 'Second Admin', role: 'CORE_ADMINS' },
        { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' },
      ],
    });
    const { user_profiles } = await unwrap(
      client.POST('/api/users/active/update', { body: { emails: ['staff@example.com'], is_active: false } }),
    );
    expect(user_profiles).toEqual([
      { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF', is_active: false },
    ]);
    await unwrap(
      client.POST('/api/users/active/update', { body: { emails: ['second@example.com'], is_active: false } }),
    );
    server.state.sessionUser = demoStaff;
    const lastAdmin = await client.POST('/api/users/active/update', {
      body: { emails: ['admin@example.com'], is_active: false },
    });
    expect(lastAdmin.error?.error).toBe(
      'Cannot deactivate admin@example.com: at least one CORE_ADMINS member must remain.',
    );
    server.state.sessionUser = null;
    const signIn = await client.POST('/api/auth/session', {
      body: { email: 'staff@example.com', name: 'Sam Staff' },
    });
    expect(signIn.error?.code).toBe('account_deactivated');
  });

  it('answers 401 to a signed-out caller and signs in a known identity', async () => {
    const { client } = setup({ signedIn: null });
    expect((await client.GET('/api/auth')).response.status).toBe(401);
    expect((await client.POST('/api/users', { body: { email: '*' } })).response.status).toBe(401);
    await unwrap(
      client.POST('/api/auth/session', { body: { email: demoStaff.email, name: demoStaff.name } }),
    );
    const { user, features } = await unwrap(client.GET('/api/auth'));
    expect([user.email, features]).toEqual([demoStaff.email, ['landing', 'chat', 'search']]);
  });

  it('generates, lists and revokes tokens', async () => {
    const { client } = setup({ startTime: new Date('2026-01-01T00:00:00Z') });
    const generated = await unwrap(
      client.GET('/api/users/generatetoken', { params: { query: { name: 'ci', expires_in_days: 30 } } }),
    );
    expect(generated).toMatchObject({ id: '1', expires_at: '2026-01-31T00:00:01.000Z' });
    await unwrap(client.POST('/api/users/tokens/revoke', { body: { id: '1' } }));
    const { tokens } = await unwrap(client.GET('/api/users/tokens'));
    expect(tokens).toEqual([
      expect.objectContaining({ id: '1', name: 'ci', revoked_at: expect.any(String) }),
    ]);
  });

  it('stores training uploads, rejects what the server would, and moves each document through ingestion', async () => {
    const { client, server } = setup();
    const { data } = await uploadTrainingFiles(
      client,
      [
        new File(['# Guide'], 'guide.md'),
        new File(['not a pdf'], 'broken.pdf'),
        new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg'),
        new File(['x'], 'notes.exe'),
        new File([], 'empty.txt'),
      ],
      { fields: { department: ['it', 'devops_preprod'] } },
    );
    expect(data?.files).toEqual(['guide.md', 'broken.pdf', 'photo.jpg']);
    expect(data?.rejected?.map((entry) => entry.code)).toEqual(['unsupported_type', 'empty']);
    expect(data?.documents?.[0]).toMatchObject({ status: 'Queued', departments: ['it', 'devops_preprod'] });

    const list = async () => (await unwrap(client.GET('/api/knowledge/documents'))).documents;
    expect((await list()).map((document) => document.status)).toEqual(['Parsing', 'Parsing', 'Parsing']);
    const settled = await list();
    expect(settled.map((document) => [document.document, document.status])).toEqual([
      ['photo.jpg', 'No text to index'],
      ['broken.pdf', 'Failed'],
      ['guide.md', 'Ready'],
    ]);
    expect(settled[1]?.reason).toMatch(/not a readable PDF/);

    const guide = settled[2]!;
    const { document } = await unwrap(
      client.POST('/api/knowledge/documents/reingest', { body: { id: guide.id } }),
    );
    expect(document).toMatchObject({ id: guide.id, state: 'queued' });
    await unwrap(client.POST('/api/knowledge/documents/delete', { body: { id: guide.id } }));
    expect((await list()).map((entry) => entry.document)).toEqual(['photo.jpg', 'broken.pdf']);
    expect(server.state.audit.map((event) => event.action).slice(-3)).toEqual([
      'knowledge.upload',
      'knowledge.reingest',
      'knowledge.delete',
    ]);
  });

  it('refuses an upload with nothing to store, and staff without the train feature (403)', async () => {
    const { client, server } = setup();
    const refused = await uploadTrainingFiles(client, [new File(['x'], 'virus.exe')]);
    expect(refused.response.status).toBe(415);
    expect(refused.error?.details).toEqual({ rejected: [expect.objectContaining({ name: 'virus.exe' })] });
    server.state.sessionUser = demoStaff;
    expect((await client.GET('/api/knowledge/documents')).response.status).toBe(403);
    const deleting = await client.POST('/api/knowledge/documents/delete', { body: { id: 'doc-1' } });
    expect(deleting.error?.code).toBe('forbidden');
  });
});

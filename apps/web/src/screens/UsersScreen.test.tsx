import { createClient, type PersonalAccessToken, type User } from '@digital-assistant/sdk';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App';

const admin: User = {
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'CORE_ADMINS',
  version: '0.1.0',
  is_active: true,
  is_bot_account: false,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * An admin's server with the token and audit extensions: it keeps the admin's tokens, generates and revokes
 * them, and records every call. Without `hasTokenList` the list and revoke operations are unknown (404).
 */
function tokenServer({ hasTokenList = true } = {}) {
  const tokens: PersonalAccessToken[] = [
    {
      id: 'a1',
      name: 'laptop',
      created_at: '2026-10-01T09:00:00Z',
      expires_at: '2099-01-01T00:00:00Z',
      last_used_at: null,
      revoked_at: null,
    },
  ];
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    const { pathname } = new URL(request.url);
    calls.push(`${request.method} ${pathname}`);
    if (pathname === '/api/auth') return json(200, { user: admin, features: [] });
    if (pathname === '/api/users') return json(200, { user_profiles: [] });
    if (pathname === '/api/roles/allgroups') return json(200, { roles: [] });
    if (pathname === '/api/audit') return json(200, { events: [] });
    if (pathname === '/api/users/generatetoken') {
      const id = `n${tokens.length}`;
      tokens.unshift({
        id,
        name: 'script',
        created_at: new Date().toISOString(),
        expires_at: '2099-01-01T00:00:00Z',
        last_used_at: null,
        revoked_at: null,
      });
      return json(200, { message: 'Token generated.', personal_access_token: `da_pat_${id}`, id });
    }
    if (hasTokenList && pathname === '/api/users/tokens') return json(200, { tokens });
    if (hasTokenList && pathname === '/api/users/tokens/revoke') {
      const { id } = (await request.json()) as { id: string };
      const token = tokens.find((candidate) => candidate.id === id);
      if (!token) return json(404, { error: 'No such token.', code: 'not_found' });
      token.revoked_at = new Date().toISOString();
      return json(200, { message: 'Token revoked.' });
    }
    return json(404, { error: 'Not found', code: 'not_found' });
  };
  return { fetch, calls, tokens };
}

/**
 * An admin's server that lists users and deletes them all or none, as the real one does: it
 * refuses (409) to delete the last CORE_ADMINS member. Records every delete request's body.
 */
function usersServer() {
  let users = [
    { email: admin.email, name: admin.name, role: 'CORE_ADMINS' },
    { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA' },
    { email: 'seed01@example.com', name: 'Seed User 01', role: 'STAFF' },
    { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' },
  ];
  const deletes: unknown[] = [];
  const fetch = async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/auth') return json(200, { user: admin, features: [] });
    if (pathname === '/api/users') return json(200, { user_profiles: users });
    if (pathname === '/api/users/delete') {
      const body = (await request.json()) as { emails: string[] };
      deletes.push(body);
      const admins = users.filter((user) => user.role === 'CORE_ADMINS');
      if (admins.every((user) => body.emails.includes(user.email))) {
        return json(409, {
          error: `Cannot delete ${admin.email}: at least one CORE_ADMINS member must remain.`,
          code: 'conflict',
        });
      }
      const deleted = users.filter((user) => body.emails.includes(user.email)).map((user) => user.email);
      users = users.filter((user) => !deleted.includes(user.email));
      return json(200, { message: 'Deleted.', deleted });
    }
    if (pathname === '/api/roles/allgroups') return json(200, { roles: [] });
    if (pathname === '/api/audit') return json(200, { events: [] });
    if (pathname === '/api/users/tokens') return json(200, { tokens: [] });
    return json(404, { error: 'Not found', code: 'not_found' });
  };
  return { fetch, deletes, emails: () => users.map((user) => user.email) };
}

function renderUsersPage(server: { fetch: (request: Request) => Promise<Response> }) {
  const client = createClient({ baseUrl: 'http://app.test', fetch: server.fetch });
  render(
    <MemoryRouter initialEntries={['/users']}>
      <App client={client} redirect={() => {}} />
    </MemoryRouter>,
  );
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const tokenRow = (name: string) =>
  within(screen.getByRole('grid', { name: 'Personal access tokens' })).getByRole('row', {
    name: new RegExp(name),
  });

afterEach(cleanup);

describe('the Tokens tab of Users & Permissions', () => {
  it('lists my tokens between Roles and Audit, and revokes one only after confirming', async () => {
    const server = tokenServer();
    renderUsersPage(server);
    fireEvent.click(await screen.findByRole('tab', { name: 'Tokens' }));
    expect(tabNames()).toEqual(['Users', 'Roles', 'Tokens', 'Audit']);
    await waitFor(() => expect(tokenRow('laptop').textContent).toContain('Active'));

    // Cancel keeps the token.
    fireEvent.click(screen.getByRole('button', { name: 'Revoke laptop' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Revoke token' });
    expect(confirm.textContent).toContain("Revoke token 'laptop'? Scripts using it stop working at once.");
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls).not.toContain('POST /api/users/tokens/revoke');

    fireEvent.click(screen.getByRole('button', { name: 'Revoke laptop' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Revoke token' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked.')).toBeTruthy();
    await waitFor(() => expect(tokenRow('laptop').textContent).toContain('Revoked'));
    expect(server.tokens[0]?.revoked_at).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke laptop' })).toBeNull();
  });

  it('says so when revoking fails', async () => {
    const server = tokenServer();
    renderUsersPage(server);
    fireEvent.click(await screen.findByRole('tab', { name: 'Tokens' }));
    await waitFor(() => expect(tokenRow('laptop')).toBeTruthy());
    server.tokens.splice(0); // gone on the server in the meantime: the revoke answers 404
    fireEvent.click(screen.getByRole('button', { name: 'Revoke laptop' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Revoke token' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText('Error revoking token.')).toBeTruthy();
  });

  it('shows a token generated on the Users tab', async () => {
    const server = tokenServer();
    renderUsersPage(server);
    await screen.findByRole('tab', { name: 'Tokens' });
    await waitFor(() => expect(server.calls).toContain('GET /api/users/tokens'));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Token Creation Successful' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Tokens' }));
    await waitFor(() => expect(tokenRow('script').textContent).toContain('Active'));
    expect(tokenRow('laptop')).toBeTruthy();
  });

  it('is left out when the server cannot list tokens', async () => {
    const server = tokenServer({ hasTokenList: false });
    renderUsersPage(server);
    await screen.findByRole('tab', { name: 'Users' });
    await waitFor(() => expect(tabNames()).toEqual(['Users', 'Roles', 'Audit']));
    expect(server.calls).toContain('GET /api/users/tokens');
  });
});

const usersGrid = () => screen.getByRole('grid', { name: 'Users' });
const tick = (email: string) =>
  fireEvent.click(within(usersGrid()).getByRole('checkbox', { name: `Select ${email}` }));
const deleteSelectedButton = () => screen.queryByRole('button', { name: /^Delete Selected/ });

describe('Delete Selected on the Users tab', () => {
  it('appears once users are ticked and deletes them with one request after confirming', async () => {
    const server = usersServer();
    renderUsersPage(server);
    await within(await screen.findByRole('grid', { name: 'Users' })).findByText('staff@example.com');
    expect(deleteSelectedButton()).toBeNull();

    tick('staff@example.com');
    tick('seed01@example.com');
    expect(deleteSelectedButton()?.textContent).toBe('Delete Selected (2)');

    // Cancel keeps them.
    fireEvent.click(deleteSelectedButton() as HTMLElement);
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete' });
    expect(confirm.textContent).toContain('Are you sure you want to delete 2 users?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.deletes).toEqual([]);

    fireEvent.click(deleteSelectedButton() as HTMLElement);
    confirm = await screen.findByRole('alertdialog', { name: 'Delete' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Successfully deleted user staff@example.com.')).toBeTruthy();
    expect(screen.getByText('Successfully deleted user seed01@example.com.')).toBeTruthy();
    expect(server.deletes).toEqual([{ emails: ['staff@example.com', 'seed01@example.com'] }]);
    await waitFor(() => expect(within(usersGrid()).queryByText('staff@example.com')).toBeNull());
    expect(within(usersGrid()).queryByText('seed01@example.com')).toBeNull();
    expect(within(usersGrid()).getByText('pga@example.com')).toBeTruthy();
    // The selection is cleared with them.
    expect(deleteSelectedButton()).toBeNull();
  });

  it('asks about the one user by e-mail when only one is ticked', async () => {
    renderUsersPage(usersServer());
    await within(await screen.findByRole('grid', { name: 'Users' })).findByText('pga@example.com');
    tick('pga@example.com');
    fireEvent.click(deleteSelectedButton() as HTMLElement);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete' });
    expect(confirm.textContent).toContain('Are you sure you want to delete the user pga@example.com?');
  });

  it("names the users and the server's reason when it refuses, and keeps them ticked", async () => {
    const server = usersServer();
    renderUsersPage(server);
    await within(await screen.findByRole('grid', { name: 'Users' })).findByText('pga@example.com');
    tick('admin@example.com');
    tick('pga@example.com');
    fireEvent.click(deleteSelectedButton() as HTMLElement);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete' })).getByRole('button', { name: 'OK' }),
    );
    expect(
      await screen.findByText(
        'Error deleting user admin@example.com, pga@example.com. ' +
          'Cannot delete admin@example.com: at least one CORE_ADMINS member must remain.',
      ),
    ).toBeTruthy();
    expect(server.emails()).toContain('pga@example.com');
    expect(within(usersGrid()).getByText('pga@example.com')).toBeTruthy();
    expect(deleteSelectedButton()?.textContent).toBe('Delete Selected (2)');
  });
});

import { createDemoServer, type DemoServer } from '@digital-assistant/sdk/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { admin, cleanupApps, renderAppOn } from '../test-support/app';

/**
 * An admin's server with the token and audit extensions (the SDK's demo server, every answer checked
 * against the contract): it keeps the admin's tokens, generates and revokes them, and records every
 * call. Without `hasTokenList` the list and revoke operations are unknown (404).
 */
function tokenServer({ hasTokenList = true } = {}) {
  const server = createDemoServer({
    signedIn: admin,
    users: [],
    roles: {},
    tokens: [
      {
        id: 'a1',
        name: 'laptop',
        created_at: '2026-10-01T09:00:00Z',
        expires_at: '2099-01-01T00:00:00Z',
        last_used_at: null,
        revoked_at: null,
      },
    ],
    defaultTokenName: 'script',
  });
  if (!hasTokenList) server.remove('GET /api/users/tokens', 'POST /api/users/tokens/revoke');
  return server;
}

/**
 * An admin's server that lists users and deletes them all or none, as the real one does: it
 * refuses (409) to delete the last CORE_ADMINS member. Records every delete request's body.
 */
function usersServer() {
  const server = createDemoServer({
    signedIn: admin,
    roles: {},
    users: [
      { email: admin.email, name: admin.name, role: 'CORE_ADMINS' },
      { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA' },
      { email: 'seed01@example.com', name: 'Seed User 01', role: 'STAFF' },
      { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' },
    ],
  });
  return server;
}

const deletes = (server: DemoServer) => server.callsTo('POST /api/users/delete').map((call) => call.body);
const emails = (server: DemoServer) => server.state.users.map((user) => user.email);

function renderUsersPage(server: DemoServer) {
  renderAppOn(server, '/users');
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const tokenRow = (name: string) =>
  within(screen.getByRole('grid', { name: 'Personal access tokens' })).getByRole('row', {
    name: new RegExp(name),
  });

afterEach(cleanupApps);

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
    expect(server.callsTo('POST /api/users/tokens/revoke')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke laptop' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Revoke token' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked.')).toBeTruthy();
    await waitFor(() => expect(tokenRow('laptop').textContent).toContain('Revoked'));
    expect(server.state.tokens[0]?.revoked_at).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke laptop' })).toBeNull();
  });

  it('says so when revoking fails', async () => {
    const server = tokenServer();
    renderUsersPage(server);
    fireEvent.click(await screen.findByRole('tab', { name: 'Tokens' }));
    await waitFor(() => expect(tokenRow('laptop')).toBeTruthy());
    server.state.tokens.splice(0); // gone on the server in the meantime: the revoke answers 404
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
    await waitFor(() => expect(server.callsTo('GET /api/users/tokens')).not.toEqual([]));
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
    expect(server.callsTo('GET /api/users/tokens')).not.toEqual([]);
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
    expect(deletes(server)).toEqual([]);

    fireEvent.click(deleteSelectedButton() as HTMLElement);
    confirm = await screen.findByRole('alertdialog', { name: 'Delete' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Successfully deleted user staff@example.com.')).toBeTruthy();
    expect(screen.getByText('Successfully deleted user seed01@example.com.')).toBeTruthy();
    expect(deletes(server)).toEqual([{ emails: ['staff@example.com', 'seed01@example.com'] }]);
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
    expect(emails(server)).toContain('pga@example.com');
    expect(within(usersGrid()).getByText('pga@example.com')).toBeTruthy();
    expect(deleteSelectedButton()?.textContent).toBe('Delete Selected (2)');
  });
});

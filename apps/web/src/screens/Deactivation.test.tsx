// Deactivation through the whole app: the Users page shows who is deactivated and deactivates or
// reactivates the ticked users after confirming; a deactivated person sent back to /login by the
// server's SSO callback reads why, and single sign-on does not restart by itself.
import type { User, UserProfile } from '@digital-assistant/sdk';
import { createDemoServer, type DemoServer } from '@digital-assistant/sdk/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { admin, cleanupApps, renderAppOn } from '../test-support/app';

function serverWith(users: UserProfile[], signedIn: User | null = admin) {
  const server = createDemoServer({
    signedIn,
    roles: {},
    users,
    identityProviderUrl: 'https://idp.example.com/auth?state=x',
  });
  return server;
}

/** A server that deactivates users: it lists each one's `is_active`. */
const deactivatingServer = () =>
  serverWith([
    { email: admin.email, name: admin.name, role: 'CORE_ADMINS', is_active: true },
    { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA', is_active: false },
    { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF', is_active: true },
  ]);

const renderAt = (path: string, server: DemoServer) => renderAppOn(server, path);

const usersGrid = () => screen.getByRole('grid', { name: 'Users' });
const rowOf = (email: string) =>
  within(usersGrid()).getByRole('rowheader', { name: email }).closest('[role="row"]') as HTMLElement;
const tick = (email: string) =>
  fireEvent.click(within(usersGrid()).getByRole('checkbox', { name: `Select ${email}` }));
const button = (name: RegExp) => screen.queryByRole('button', { name });
const changes = (server: DemoServer) =>
  server.callsTo('POST /api/users/active/update').map((call) => call.body);

afterEach(cleanupApps);

describe('deactivating users on the Users tab', () => {
  it('shows who is deactivated and deactivates the ticked users after confirming', async () => {
    const server = deactivatingServer();
    renderAt('/users', server);
    await within(await screen.findByRole('grid', { name: 'Users' })).findByText('staff@example.com');
    expect(within(usersGrid()).getByRole('columnheader', { name: /Status/ })).toBeTruthy();
    expect(within(rowOf('pga@example.com')).getByText('Deactivated')).toBeTruthy();
    expect(within(rowOf('staff@example.com')).getByText('Active')).toBeTruthy();
    expect(button(/^Deactivate Selected/)).toBeNull();

    tick('staff@example.com');
    expect(button(/^Deactivate Selected/)?.textContent).toBe('Deactivate Selected (1)');

    // Cancel keeps them active.
    fireEvent.click(button(/^Deactivate Selected/) as HTMLElement);
    let confirm = await screen.findByRole('alertdialog', { name: 'Deactivate' });
    expect(confirm.textContent).toContain('Deactivate the user staff@example.com?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changes(server)).toEqual([]);

    fireEvent.click(button(/^Deactivate Selected/) as HTMLElement);
    confirm = await screen.findByRole('alertdialog', { name: 'Deactivate' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Successfully deactivated user staff@example.com.')).toBeTruthy();
    expect(changes(server)).toEqual([{ emails: ['staff@example.com'], is_active: false }]);
    await waitFor(() => expect(within(rowOf('staff@example.com')).getByText('Deactivated')).toBeTruthy());
    // Still listed (deleting is something else), and the selection is cleared.
    expect(button(/^Deactivate Selected/)).toBeNull();
  });

  it('reactivates the ticked users after confirming', async () => {
    const server = deactivatingServer();
    renderAt('/users', server);
    await within(await screen.findByRole('grid', { name: 'Users' })).findByText('pga@example.com');
    tick('pga@example.com');
    fireEvent.click(button(/^Reactivate Selected/) as HTMLElement);
    const confirm = await screen.findByRole('alertdialog', { name: 'Reactivate' });
    expect(confirm.textContent).toContain('Reactivate the user pga@example.com? They can sign in again.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Successfully reactivated user pga@example.com.')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('pga@example.com')).getByText('Active')).toBeTruthy());
  });

  it("names the users and the server's reason when it refuses", async () => {
    const server = deactivatingServer();
    renderAt('/users', server);
    await within(await screen.findByRole('grid', { name: 'Users' })).findByText('staff@example.com');
    tick('admin@example.com');
    fireEvent.click(button(/^Deactivate Selected/) as HTMLElement);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Deactivate' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    expect(await screen.findByText(/^Error deactivating user admin@example\.com\. .+/)).toBeTruthy();
    expect(within(rowOf('admin@example.com')).getByText('Active')).toBeTruthy();
  });

  it('offers neither the Status column nor the actions on a server that does not deactivate users', async () => {
    const server = serverWith([
      { email: admin.email, name: admin.name, role: 'CORE_ADMINS' },
      { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' },
    ]);
    renderAt('/users', server);
    await within(await screen.findByRole('grid', { name: 'Users' })).findByText('staff@example.com');
    tick('staff@example.com');
    expect(button(/^Delete Selected/)).toBeTruthy();
    expect(within(usersGrid()).queryByRole('columnheader', { name: /Status/ })).toBeNull();
    expect(button(/^Deactivate Selected/)).toBeNull();
    expect(button(/^Reactivate Selected/)).toBeNull();
  });
});

describe('a deactivated person back on the login screen', () => {
  it('reads why, and single sign-on starts only when they press Login', async () => {
    const app = renderAt('/login?error=account_deactivated', serverWith([], null));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account is deactivated. Ask an administrator to reactivate it.',
    );
    // Give an automatic start every chance to happen: it must not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.redirect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(app.redirect).toHaveBeenCalledWith('https://idp.example.com/auth?state=x'));
  });
});

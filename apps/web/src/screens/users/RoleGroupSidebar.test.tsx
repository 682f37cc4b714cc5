import { createDemoServer } from '@digital-assistant/sdk/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { admin, cleanupApps, renderAppOn } from '../../test-support/app';

function renderRolesTab() {
  const server = createDemoServer({ signedIn: admin });
  renderAppOn(server, '/users');
  return server;
}

async function submitNewRoleGroup(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name: 'Roles' }));
  await within(await screen.findByRole('grid', { name: 'Role groups' })).findByText('STAFF');
  fireEvent.click(screen.getByRole('button', { name: 'Create Role Group' }));
  const sidebar = await screen.findByRole('dialog', { name: 'Create Role Group' });
  fireEvent.change(within(sidebar).getByRole('textbox', { name: /Role Name/ }), { target: { value: name } });
  fireEvent.click(within(sidebar).getByRole('button', { name: /Features/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'chat' }));
  fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  fireEvent.click(within(sidebar).getByRole('button', { name: 'Submit' }));
  return sidebar;
}

afterEach(cleanupApps);

// Two whole-page runs each; 15 s is tight when the machine is shared.
describe('a duplicate role group name in the Create Role Group sidebar', { timeout: 30_000 }, () => {
  it("catches 'staff' as the listed STAFF, without asking the server", async () => {
    const server = renderRolesTab();
    const sidebar = await submitNewRoleGroup('staff');
    expect(within(sidebar).getByRole('alert').textContent).toBe("Role 'staff' already exists as 'STAFF'.");
    expect(server.callsTo('POST /api/roles/create')).toHaveLength(0);
  });

  it("shows the server's refusal in the sidebar too, once, when the list did not know the group yet", async () => {
    const server = renderRolesTab();
    fireEvent.click(await screen.findByRole('tab', { name: 'Roles' }));
    await within(await screen.findByRole('grid', { name: 'Role groups' })).findByText('STAFF');
    server.state.roles.set('AUDITORS', ['chat']); // created elsewhere since the list was fetched
    const sidebar = await submitNewRoleGroup('AUDITORS');
    await waitFor(() =>
      expect(within(sidebar).getByRole('alert').textContent).toBe("Role 'AUDITORS' already exists."),
    );
    expect(server.callsTo('POST /api/roles/create')).toHaveLength(1);
    expect(screen.getAllByText("Role 'AUDITORS' already exists.")).toHaveLength(1);
    // The list now shows the group the server knew.
    await within(screen.getByRole('grid', { name: 'Role groups', hidden: true })).findByText('AUDITORS');
  });
});

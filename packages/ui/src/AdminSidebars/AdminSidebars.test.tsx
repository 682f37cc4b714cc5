import {
  type AddUserForm,
  createAdminSidebarsStore,
  type ModifyRolesForm,
  type RoleGroupForm,
} from '@digital-assistant/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { StoreWiredSidebars } from '../test/examples';
import { sampleProfiles } from '../test/fixtures';
import { RoleSidebar } from './RoleSidebar';

type Store = ReturnType<typeof createAdminSidebarsStore>;

function setup(open: (store: Store) => void) {
  const store = createAdminSidebarsStore();
  open(store);
  const onSubmit = vi.fn();
  render(<StoreWiredSidebars store={store} users={sampleProfiles(10)} onSubmit={onSubmit} />);
  return { store, onSubmit, user: userEvent.setup() };
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('AddUserSidebar', () => {
  it('asks for an e-mail (an email input), a name and a role before submitting', async () => {
    const { onSubmit, user } = setup((store) => store.openAddUser());
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    expect(email).toHaveAttribute('type', 'email');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(dialog).toHaveTextContent('Email is required.');
    expect(dialog).toHaveTextContent('Name is required.');
    expect(dialog).toHaveTextContent('Role is required.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('submits the filled-in user', async () => {
    const { onSubmit, user } = setup((store) => store.openAddUser());
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'new@example.com');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'New Person');
    await chooseOption(user, /Role/, 'PGA');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'new@example.com',
      name: 'New Person',
      role: 'PGA',
    } satisfies AddUserForm);
  });

  it('forgets what was typed once closed', async () => {
    const { store, user } = setup((s) => s.openAddUser());
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'half@');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    store.openAddUser();
    expect(await screen.findByRole('textbox', { name: /Email/ })).toHaveValue('');
  });

  it('has no accessibility violations', async () => {
    setup((store) => store.openAddUser());
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('ModifyUserRolesSidebar', () => {
  it('needs at least one user and a role', async () => {
    const { onSubmit, user } = setup((store) => store.openModifyRoles());
    const dialog = screen.getByRole('dialog', { name: 'Modify User Roles' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(dialog).toHaveTextContent('Select at least one user.');
    expect(dialog).toHaveTextContent('Role is required.');
  });

  it('changes the role of two users at once', async () => {
    const [first, second] = sampleProfiles(2);
    const { onSubmit, user } = setup((store) => store.openModifyRoles([first!.email]));
    await user.click(screen.getByRole('button', { name: /Users/ }));
    // Named by what it shows: the name, then the e-mail.
    await user.click(await screen.findByRole('option', { name: `${second!.name} ${second!.email}` }));
    await user.keyboard('{Escape}');
    await chooseOption(user, /Role/, 'STAFF');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      emails: [first!.email, second!.email],
      role: 'STAFF',
    } satisfies ModifyRolesForm);
  });

  it('has no accessibility violations', async () => {
    setup((store) => store.openModifyRoles());
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('RoleSidebar', () => {
  it("is titled 'Create Role Group' and refuses a group without features", async () => {
    const { onSubmit, user } = setup((store) => store.openCreateRoleGroup());
    const dialog = screen.getByRole('dialog', { name: 'Create Role Group' });
    await user.type(within(dialog).getByRole('textbox', { name: /Role Name/ }), 'QA');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid input vaules');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a name that already exists', async () => {
    const { onSubmit, user } = setup((store) => store.openCreateRoleGroup());
    await user.type(screen.getByRole('textbox', { name: /Role Name/ }), 'STAFF');
    await user.click(screen.getByRole('button', { name: /Features/ }));
    await user.click(await screen.findByRole('option', { name: 'chat' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Role 'STAFF' already exists.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses the name of an existing group in other case or with spaces', async () => {
    const { onSubmit, user } = setup((store) => store.openCreateRoleGroup());
    await user.type(screen.getByRole('textbox', { name: /Role Name/ }), ' staff ');
    await user.click(screen.getByRole('button', { name: /Features/ }));
    await user.click(await screen.findByRole('option', { name: 'chat' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Role 'staff' already exists as 'STAFF'.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal where its own check shows problems", () => {
    const store = createAdminSidebarsStore();
    store.openCreateRoleGroup();
    store.setRoleGroupName('AUDITORS');
    render(
      <RoleSidebar
        isOpen
        onClose={() => {}}
        value={store.getSnapshot().roleGroup}
        onNameChange={() => {}}
        onFeaturesChange={() => {}}
        features={['chat']}
        existingRoleNames={['STAFF']}
        onSubmit={() => {}}
        errorMessage="Role 'AUDITORS' already exists."
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create Role Group' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent("Role 'AUDITORS' already exists.");
  });

  it("edits as 'Editing Role {name}' with the name locked", async () => {
    const { onSubmit, user } = setup((store) =>
      store.openEditRoleGroup({ name: 'QA', features: ['landing', 'chat'] }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Editing Role QA' });
    expect(within(dialog).getByRole('textbox', { name: /Role Name/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /Features/ })).toHaveTextContent('landing');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'edit',
        name: 'QA',
        features: ['landing', 'chat'],
      } satisfies Partial<RoleGroupForm>),
    );
  });

  it('has no accessibility violations', async () => {
    setup((store) => store.openEditRoleGroup({ name: 'QA', features: ['chat'] }));
    expect(await accessibilityViolations()).toEqual([]);
  });
});

import {
  type AddUserForm,
  createAdminSidebarsStore,
  type ModifyRolesForm,
  type RoleGroupForm,
} from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { StoreWiredSidebars } from '../test/examples';
import { sampleProfiles } from '../test/fixtures';

interface SidebarsExampleProps {
  open: 'addUser' | 'modifyRoles' | 'createRole' | 'editRole';
  addUser?: AddUserForm;
  modifyRoles?: ModifyRolesForm;
  onSubmit: (value: AddUserForm | ModifyRolesForm | RoleGroupForm) => void;
}

/** The three sidebars driven by the headless sidebars store, as the app wires them. */
function SidebarsExample({ open, addUser, modifyRoles, onSubmit }: SidebarsExampleProps) {
  const store = useMemo(() => {
    const created = createAdminSidebarsStore();
    if (open === 'addUser') {
      created.openAddUser();
      if (addUser) created.updateAddUser(addUser);
    } else if (open === 'modifyRoles') {
      created.openModifyRoles(modifyRoles?.emails);
      if (modifyRoles) created.updateModifyRoles({ role: modifyRoles.role });
    } else if (open === 'createRole') created.openCreateRoleGroup();
    else created.openEditRoleGroup({ name: 'QA', features: ['landing', 'chat', 'search'] });
    return created;
  }, [open, addUser, modifyRoles]);
  return (
    <div style={{ padding: 24 }}>
      <Button onPress={store.openAddUser}>Add User</Button>
      <StoreWiredSidebars store={store} users={sampleProfiles(20)} onSubmit={onSubmit} />
    </div>
  );
}

const meta = {
  title: 'Administration/Sidebars',
  component: SidebarsExample,
  tags: ['autodocs'],
  args: { open: 'addUser', onSubmit: fn() },
} satisfies Meta<typeof SidebarsExample>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Add User, empty. Submitting shows what is missing and sends nothing. */
export const AddUser: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Add User' }));
    await expect(dialog.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(dialog.getByText('Email is required.')).toBeVisible();
  },
};

/** Add User, filled in. */
export const AddUserFilled: Story = {
  args: { addUser: { email: 'new.hire@example.com', name: 'New Hire', role: 'STAFF' } },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Add User' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: 'new.hire@example.com',
      name: 'New Hire',
      role: 'STAFF',
    });
  },
};

/** Modify User Roles with two users chosen. */
export const ModifyUserRoles: Story = {
  args: {
    open: 'modifyRoles',
    modifyRoles: {
      emails: sampleProfiles(3)
        .slice(0, 2)
        .map((profile) => profile.email),
      role: 'PGA',
    },
  },
};

/** Create Role Group. */
export const CreateRole: Story = {
  args: { open: 'createRole' },
  play: async ({ canvasElement }) => {
    const dialog = within(
      within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Create Role Group' }),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: /Role Name/ }), 'STAFF');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Invalid input vaules');
  },
};

/** Editing Role QA: the name is locked. */
export const EditRole: Story = {
  args: { open: 'editRole' },
  play: async ({ canvasElement }) => {
    const dialog = within(
      within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Editing Role QA' }),
    );
    await expect(dialog.getByRole('textbox', { name: /Role Name/ })).toBeDisabled();
  },
};

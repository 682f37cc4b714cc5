import { adminMessages } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AuditLogTable } from '../AuditLogTable/AuditLogTable';
import { RolesTable, RolesToolbar } from '../RolesTable/RolesTable';
import { StatusBanner } from '../StatusBanner/StatusBanner';
import { TokensTable } from '../TokensTable/TokensTable';
import { StoreWiredUsersPanel } from '../test/examples';
import { sampleAuditEvents, sampleNow, sampleRoles, sampleTokens } from '../test/fixtures';
import { UsersAndPermissionsPage } from './UsersAndPermissionsPage';

const meta = {
  title: 'Administration/UsersAndPermissionsPage props',
  component: UsersAndPermissionsPage,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    usersPanel: <StoreWiredUsersPanel total={60} />,
    rolesPanel: (
      <>
        <RolesToolbar onCreateRole={fn()} />
        <RolesTable roles={sampleRoles} onEditRole={fn()} onDeleteRole={fn()} />
      </>
    ),
    onSelectedTabChange: fn(),
  },
} satisfies Meta<typeof UsersAndPermissionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Users and Roles only: the Tokens and Audit tabs show only when their panels are given. */
export const UsersAndRoles: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Users', 'Roles']);
    await userEvent.click(canvas.getByRole('tab', { name: 'Roles' }));
    await expect(args.onSelectedTabChange).toHaveBeenCalledWith('roles');
  },
};

/** Every tab, opened on Tokens (controlled). */
export const TokensTab: Story = {
  args: {
    selectedTab: 'tokens',
    tokensPanel: <TokensTable tokens={sampleTokens} now={sampleNow} onRevoke={fn()} />,
    auditPanel: <AuditLogTable events={sampleAuditEvents} actorFilter="" onActorFilterChange={fn()} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** A notice above the tabs and a custom title. */
export const WithNotice: Story = {
  args: {
    title: 'People',
    notices: <StatusBanner kind="success">{adminMessages.userAdded('new.hire@example.com')}</StatusBanner>,
  },
};

/** An error notice. */
export const WithError: Story = {
  args: { notices: <StatusBanner kind="error">Error fetching users.</StatusBanner> },
};

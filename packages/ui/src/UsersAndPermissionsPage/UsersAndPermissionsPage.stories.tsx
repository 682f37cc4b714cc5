import { adminMessages } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { AuditLogTable } from '../AuditLogTable/AuditLogTable';
import { RolesTable, RolesToolbar } from '../RolesTable/RolesTable';
import { StatusBanner } from '../StatusBanner/StatusBanner';
import { TokensTable } from '../TokensTable/TokensTable';
import { StoreWiredUsersPanel } from '../test/examples';
import { sampleAuditEvents, sampleNow, sampleRoles, sampleTokens } from '../test/fixtures';
import { UsersAndPermissionsPage } from './UsersAndPermissionsPage';

function PageExample({
  withNotice,
  withTokens,
  withAudit,
}: {
  withNotice: boolean;
  withTokens: boolean;
  withAudit: boolean;
}) {
  const [actor, setActor] = useState('');
  return (
    <div style={{ padding: 24 }}>
      <UsersAndPermissionsPage
        notices={
          withNotice ? (
            <StatusBanner kind="success">{adminMessages.userAdded('new.hire@example.com')}</StatusBanner>
          ) : null
        }
        usersPanel={<StoreWiredUsersPanel total={60} />}
        rolesPanel={
          <>
            <RolesToolbar onCreateRole={() => {}} />
            <RolesTable roles={sampleRoles} onEditRole={() => {}} onDeleteRole={() => {}} />
          </>
        }
        tokensPanel={
          withTokens ? <TokensTable tokens={sampleTokens} now={sampleNow} onRevoke={() => {}} /> : undefined
        }
        auditPanel={
          withAudit ? (
            <AuditLogTable
              events={sampleAuditEvents.filter((event) => event.actor.includes(actor))}
              actorFilter={actor}
              onActorFilterChange={setActor}
            />
          ) : undefined
        }
      />
    </div>
  );
}

const meta = {
  title: 'Administration/UsersAndPermissionsPage',
  component: PageExample,
  tags: ['autodocs'],
  args: { withNotice: false, withTokens: true, withAudit: true },
} satisfies Meta<typeof PageExample>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Users tab: 60 users, 25 per page. */
export const Users: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/menu');
    await expect(canvas.getByRole('button', { name: 'Page 3' })).toBeVisible();
  },
};

/** Roles tab. */
export const Roles: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Roles' }));
    await expect(canvas.getByRole('grid', { name: 'Role groups' })).toBeVisible();
  },
};

/** Tokens tab: the signed-in user's personal access tokens. */
export const Tokens: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Users',
      'Roles',
      'Tokens',
      'Audit',
    ]);
    await userEvent.click(canvas.getByRole('tab', { name: 'Tokens' }));
    await expect(canvas.getByRole('grid', { name: 'Personal access tokens' })).toBeVisible();
  },
};

/** Audit tab. */
export const Audit: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Audit' }));
    await expect(canvas.getByRole('grid', { name: 'Audit log' })).toBeVisible();
  },
};

/** With a success message after adding a user. */
export const WithNotice: Story = { args: { withNotice: true } };

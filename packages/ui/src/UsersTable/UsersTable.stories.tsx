import { adminMessages, UNSORTED } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoreWiredUsersPanel } from '../test/examples';
import { sampleRows } from '../test/fixtures';
import { UsersTable } from './UsersTable';
import { UsersToolbar } from './UsersToolbar';

const meta = {
  title: 'Administration/UsersTable',
  component: UsersTable,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    rows: sampleRows(8),
    sort: UNSORTED,
    onSortChange: fn(),
    selectedEmails: [],
    onSelectionChange: fn(),
    onDeleteUser: fn(),
  },
} satisfies Meta<typeof UsersTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A full page of users, unsorted. */
export const Full: Story = {
  play: async ({ canvas, args }) => {
    const email = canvas.getByRole('columnheader', { name: /Email/ });
    await expect(email).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(email);
    await expect(args.onSortChange).toHaveBeenCalledWith('userEmail');
    await userEvent.click(canvas.getByRole('button', { name: `Delete ${args.rows[0]?.userEmail}` }));
    await expect(args.onDeleteUser).toHaveBeenCalledWith(args.rows[0]);
  },
};

/** Sorted by name, descending. */
export const Sorted: Story = {
  args: {
    rows: [...sampleRows(8)].sort((a, b) => b.userName.localeCompare(a.userName)),
    sort: { column: 'userName', direction: 'descending' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  },
};

/** Two rows selected for Modify User Roles or deletion. */
export const WithSelection: Story = {
  args: {
    selectedEmails: sampleRows(3)
      .slice(1, 3)
      .map((row) => row.userEmail),
  },
};

/**
 * A server that deactivates users: a Status column (Active or Deactivated, sortable), deactivated
 * rows muted, and Deactivate/Reactivate for the selected users in the toolbar.
 */
export const WithStatus: Story = {
  args: {
    showStatus: true,
    rows: sampleRows(5).map((row, index) => ({
      ...row,
      userStatus: index % 3 === 1 ? ('Deactivated' as const) : ('Active' as const),
    })),
  },
  render: (args) => (
    <>
      <UsersToolbar
        onAddUser={fn()}
        onModifyUserRoles={fn()}
        onGenerateToken={fn()}
        selectedCount={1}
        onDeleteSelected={fn()}
        onDeactivateSelected={fn()}
        onReactivateSelected={fn()}
      />
      <UsersTable {...args} selectedEmails={[args.rows[1]!.userEmail]} />
    </>
  ),
  play: async ({ canvas, args }) => {
    const status = canvas.getByRole('columnheader', { name: /Status/ });
    await expect(canvas.getAllByText('Deactivated')).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'Deactivate Selected (1)' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Reactivate Selected (1)' })).toBeEnabled();
    await userEvent.click(status);
    await expect(args.onSortChange).toHaveBeenCalledWith('userStatus');
  },
};

export const Empty: Story = { args: { rows: [] } };

export const Loading: Story = {
  args: { rows: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(adminMessages.fetchingUsers);
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: adminMessages.fetchUsersError },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error fetching users');
  },
};

/** 500 users, page size 25, on page 6: first, last and two pages around the current, with ellipses. */
export const Paged: Story = {
  render: () => (
    <div className="da-page">
      <StoreWiredUsersPanel total={500} initialPage={6} />
    </div>
  ),
  play: async ({ canvas }) => {
    const pagination = within(canvas.getByRole('navigation', { name: 'Pagination' }));
    await expect(pagination.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getAllByText('…')).toHaveLength(2);
    await userEvent.click(pagination.getByRole('button', { name: 'Next page' }));
    await expect(pagination.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Pressing a header cycles ascending, descending, then none (original order). */
export const SortCycle: Story = {
  render: () => (
    <div className="da-page">
      <StoreWiredUsersPanel total={60} />
    </div>
  ),
  play: async ({ canvas }) => {
    const header = canvas.getByRole('columnheader', { name: /Name/ });
    const firstCell = () => canvas.getAllByRole('row')[1]!;
    const original = firstCell().textContent;
    await userEvent.click(header);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(header);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(header);
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect(firstCell().textContent).toBe(original);
  },
};

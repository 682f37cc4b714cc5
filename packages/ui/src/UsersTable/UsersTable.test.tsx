import {
  adminMessages,
  createTableStore,
  tableView,
  USERS_PAGE_SIZE,
  type UserColumn,
  type UserRow,
} from '@digital-assistant/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../Pagination/Pagination';
import { accessibilityViolations } from '../test/axe';
import { sampleRows } from '../test/fixtures';
import { renderUsersTable } from '../test/users-table';
import { UsersTable, type UsersTableProps } from './UsersTable';
import { UsersToolbar } from './UsersToolbar';

const rows: UserRow[] = [
  { userEmail: 'carol@example.com', userName: 'Carol', userRole: 'STAFF' },
  { userEmail: 'alice@example.com', userName: 'Alice', userRole: 'CORE_ADMINS' },
  { userEmail: 'bob@example.com', userName: 'Bob', userRole: 'PGA' },
];

const renderTable = (props: Partial<UsersTableProps> = {}) => renderUsersTable(rows, props);

const bodyEmails = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);

function StoreBackedTable({ data }: { data: UserRow[] }) {
  const [store] = useState(() => createTableStore<UserColumn>());
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const view = tableView(data, state, USERS_PAGE_SIZE);
  return (
    <>
      <UsersTable
        rows={view.rows}
        sort={view.sort}
        onSortChange={store.toggleSort}
        selectedEmails={[]}
        onSelectionChange={() => {}}
      />
      <Pagination
        pages={view.pages}
        page={view.page}
        pageCount={view.pageCount}
        onPageChange={store.setPage}
      />
    </>
  );
}

describe('UsersTable', () => {
  it('shows Email, Name and Role columns, all sortable and unsorted at first', () => {
    renderTable();
    for (const name of ['Email', 'Name', 'Role']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toHaveAttribute(
        'aria-sort',
        'none',
      );
    }
    expect(bodyEmails()).toEqual(['carol@example.com', 'alice@example.com', 'bob@example.com']);
  });

  it('reports the pressed column and shows the given sort through aria-sort', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const { rerender } = renderTable({ onSortChange });
    await user.click(screen.getByRole('columnheader', { name: /Role/ }));
    expect(onSortChange).toHaveBeenCalledWith('userRole');
    rerender(
      <UsersTable
        rows={rows}
        sort={{ column: 'userRole', direction: 'descending' }}
        onSortChange={onSortChange}
        selectedEmails={[]}
        onSelectionChange={() => {}}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Role/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('cycles a column ascending, descending, then back to the original order', async () => {
    const user = userEvent.setup();
    render(<StoreBackedTable data={rows} />);
    const name = screen.getByRole('columnheader', { name: /Name/ });
    await user.click(name);
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyEmails()).toEqual(['alice@example.com', 'bob@example.com', 'carol@example.com']);
    await user.click(name);
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(bodyEmails()).toEqual(['carol@example.com', 'bob@example.com', 'alice@example.com']);
    await user.click(name);
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(bodyEmails()).toEqual(['carol@example.com', 'alice@example.com', 'bob@example.com']);
  });

  it('pages 60 users 25 at a time', async () => {
    const user = userEvent.setup();
    render(<StoreBackedTable data={sampleRows(60)} />);
    expect(screen.getAllByRole('row')).toHaveLength(26);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('selects rows by their checkboxes', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderTable({ onSelectionChange, selectedEmails: ['bob@example.com'] });
    expect(screen.getByRole('checkbox', { name: 'Select bob@example.com' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select alice@example.com' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['bob@example.com', 'alice@example.com']);
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([
      'carol@example.com',
      'alice@example.com',
      'bob@example.com',
    ]);
  });

  it('asks to delete a user from its row', async () => {
    const user = userEvent.setup();
    const onDeleteUser = vi.fn();
    renderTable({ onDeleteUser });
    await user.click(screen.getByRole('button', { name: 'Delete bob@example.com' }));
    expect(onDeleteUser).toHaveBeenCalledWith(rows[2]);
  });

  it('shows the loading, error and empty states instead of rows', () => {
    const { unmount } = renderTable({ rows: [], isLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Fetching user list...');
    unmount();
    const second = renderTable({ error: adminMessages.fetchUsersError });
    expect(screen.getByRole('alert')).toHaveTextContent('Error fetching users');
    expect(screen.queryByText('alice@example.com')).toBeNull();
    second.unmount();
    renderTable({ rows: [] });
    expect(screen.getByText('No users found.')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <UsersToolbar onAddUser={() => {}} onModifyUserRoles={() => {}} onGenerateToken={() => {}} />
        <UsersTable
          rows={rows}
          sort={{ column: 'userEmail', direction: 'ascending' }}
          onSortChange={() => {}}
          selectedEmails={['alice@example.com']}
          onSelectionChange={() => {}}
          onDeleteUser={() => {}}
        />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('UsersToolbar', () => {
  it("offers 'Add User', 'Modify User Roles' and 'Generate Token'", async () => {
    const user = userEvent.setup();
    const onAddUser = vi.fn();
    const onModifyUserRoles = vi.fn();
    const onGenerateToken = vi.fn();
    render(
      <UsersToolbar
        onAddUser={onAddUser}
        onModifyUserRoles={onModifyUserRoles}
        onGenerateToken={onGenerateToken}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    await user.click(screen.getByRole('button', { name: 'Modify User Roles' }));
    await user.click(screen.getByRole('button', { name: 'Generate Token' }));
    expect(onAddUser).toHaveBeenCalledTimes(1);
    expect(onModifyUserRoles).toHaveBeenCalledTimes(1);
    expect(onGenerateToken).toHaveBeenCalledTimes(1);
  });

  it('disables Delete Selected until rows are selected', () => {
    const { rerender } = render(
      <UsersToolbar
        onAddUser={() => {}}
        onModifyUserRoles={() => {}}
        onGenerateToken={() => {}}
        onDeleteSelected={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Delete Selected' })).toBeDisabled();
    rerender(
      <UsersToolbar
        onAddUser={() => {}}
        onModifyUserRoles={() => {}}
        onGenerateToken={() => {}}
        onDeleteSelected={() => {}}
        selectedCount={2}
      />,
    );
    expect(screen.getByRole('button', { name: 'Delete Selected (2)' })).toBeEnabled();
  });
});

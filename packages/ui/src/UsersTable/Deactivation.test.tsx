import { UNSORTED, type UserRow } from '@digital-assistant/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '../LoginScreen/LoginScreen';
import { accessibilityViolations } from '../test/axe';
import { renderUsersTable } from '../test/users-table';
import { UsersTable, type UsersTableProps } from './UsersTable';
import { UsersToolbar } from './UsersToolbar';

const rows: UserRow[] = [
  { userEmail: 'carol@example.com', userName: 'Carol', userRole: 'STAFF', userStatus: 'Active' },
  { userEmail: 'bob@example.com', userName: 'Bob', userRole: 'PGA', userStatus: 'Deactivated' },
];

const renderTable = (props: Partial<UsersTableProps> = {}) => renderUsersTable(rows, props);

const rowOf = (email: string) => screen.getByRole('rowheader', { name: email }).closest('[role="row"]')!;

describe('deactivated users on the Users table', () => {
  it('shows each user as Active or Deactivated in a sortable Status column', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderTable({ showStatus: true, onSortChange });
    const status = screen.getByRole('columnheader', { name: /Status/ });
    expect(status).toHaveAttribute('aria-sort', 'none');
    expect(within(rowOf('carol@example.com') as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('bob@example.com') as HTMLElement).getByText('Deactivated')).toBeInTheDocument();
    expect(rowOf('bob@example.com')).toHaveAttribute('data-state', 'deactivated');
    expect(rowOf('carol@example.com')).not.toHaveAttribute('data-state');
    await user.click(status);
    expect(onSortChange).toHaveBeenCalledWith('userStatus');
  });

  it('has no Status column for a server that does not deactivate users', () => {
    renderTable();
    expect(screen.queryByRole('columnheader', { name: /Status/ })).toBeNull();
    expect(screen.queryByText('Deactivated')).toBeNull();
  });

  it('has no accessibility violations with the Status column and its actions', async () => {
    render(
      <main>
        <UsersToolbar
          onAddUser={() => {}}
          onModifyUserRoles={() => {}}
          onGenerateToken={() => {}}
          selectedCount={1}
          onDeactivateSelected={() => {}}
          onReactivateSelected={() => {}}
        />
        <UsersTable
          rows={rows}
          sort={UNSORTED}
          onSortChange={() => {}}
          selectedEmails={['bob@example.com']}
          onSelectionChange={() => {}}
          showStatus
        />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('Deactivate and Reactivate on the users toolbar', () => {
  const toolbar = (props: {
    selectedCount?: number;
    onDeactivate?: () => void;
    onReactivate?: () => void;
  }) => (
    <UsersToolbar
      onAddUser={() => {}}
      onModifyUserRoles={() => {}}
      onGenerateToken={() => {}}
      selectedCount={props.selectedCount}
      onDeactivateSelected={props.onDeactivate}
      onReactivateSelected={props.onReactivate}
    />
  );

  it('offers them for the selected users only when the page gives them', async () => {
    const user = userEvent.setup();
    const onDeactivate = vi.fn();
    const onReactivate = vi.fn();
    const { rerender } = render(toolbar({}));
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reactivate/ })).toBeNull();

    rerender(toolbar({ onDeactivate, onReactivate }));
    expect(screen.getByRole('button', { name: 'Deactivate Selected' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reactivate Selected' })).toBeDisabled();

    rerender(toolbar({ onDeactivate, onReactivate, selectedCount: 2 }));
    await user.click(screen.getByRole('button', { name: 'Deactivate Selected (2)' }));
    await user.click(screen.getByRole('button', { name: 'Reactivate Selected (2)' }));
    expect(onDeactivate).toHaveBeenCalledTimes(1);
    expect(onReactivate).toHaveBeenCalledTimes(1);
  });
});

describe('the login screen after a refused sign-in', () => {
  const reason = 'Your account is deactivated. Ask an administrator to reactivate it.';

  it('says why, above the Login button', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    render(<LoginScreen onLogin={onLogin} errorMessage={reason} />);
    expect(screen.getByRole('alert')).toHaveTextContent(reason);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('hides the reason while a new sign-in starts', () => {
    render(<LoginScreen onLogin={() => {}} errorMessage={reason} isSigningIn />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
  });
});

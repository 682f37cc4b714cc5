// @vitest-environment jsdom

import type { UserRow } from '@digital-assistant/core';
import { adminMessages } from '@digital-assistant/core';
import { errorReply, offContract } from '@digital-assistant/sdk/testing';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotices } from '../core/use-notices';
import { renderWithProvider } from '../test-support/render';
import { useAdminSidebars } from './admin-sidebars-hooks';
import { useRoleGroups } from './role-group-hooks';
import {
  useCreateUser,
  useDeleteUser,
  useDeleteUsers,
  useUpdateUserRoles,
  useUsers,
  useUsersTable,
} from './user-admin-hooks';

const texts = (notices: readonly { text: string }[]) => notices.map((notice) => notice.text);

describe('useUsers', () => {
  it("lists every user as table rows, reporting 'Fetching user list...' then 'Fetched users'", async () => {
    const { result, api } = renderWithProvider(() => ({ users: useUsers(), notices: useNotices() }));
    await waitFor(() => expect(result.current.users.isSuccess).toBe(true));
    expect(api.callsTo('POST /api/users')[0]?.body).toEqual({ email: '*' });
    expect(result.current.users.rows).toContainEqual({
      userEmail: 'staff@example.com',
      userName: 'Sam Staff',
      userRole: 'STAFF',
    });
    expect(texts(result.current.notices.notices)).toEqual(['Fetching user list...', 'Fetched users']);
  });

  it("reports 'Error fetching users' and exposes the typed error", async () => {
    const { result, api } = renderWithProvider(() => ({ users: useUsers(), notices: useNotices() }));
    api.use({ 'POST /api/users': () => errorReply(403, 'forbidden', 'Missing feature user_view') });
    await waitFor(() => expect(result.current.users.isError).toBe(true));
    expect(result.current.users.error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(result.current.notices.latest).toMatchObject({ kind: 'error', text: 'Error fetching users' });
    expect(result.current.users.rows).toEqual([]);
  });

  it('reports the loads the caller asks for (the first, refetch), not the refresh that follows a change', async () => {
    const { result } = renderWithProvider(() => ({
      users: useUsers(),
      create: useCreateUser(),
      notices: useNotices(),
    }));
    const count = (text: string) =>
      texts(result.current.notices.notices).filter((other) => other === text).length;
    await waitFor(() => expect(count('Fetched users')).toBe(1));
    await act(() =>
      result.current.create.mutateAsync({ email: 'new@example.com', name: 'New Person', role: 'STAFF' }),
    );
    await waitFor(() =>
      expect(result.current.users.rows.map((row) => row.userEmail)).toContain('new@example.com'),
    );
    expect(count('Fetching user list...')).toBe(1);
    expect(count('Fetched users')).toBe(1);
    expect(result.current.notices.latest?.text).toBe('Successfully added user new@example.com.');

    await act(() => result.current.users.refetch());
    await waitFor(() => expect(count('Fetched users')).toBe(2));
    expect(count('Fetching user list...')).toBe(2);
  });
});

describe('user mutations', () => {
  it('adds a user, reports it and refreshes the list', async () => {
    const { result, api } = renderWithProvider(() => ({
      users: useUsers(),
      create: useCreateUser(),
      notices: useNotices(),
    }));
    await waitFor(() => expect(result.current.users.isSuccess).toBe(true));
    await act(() =>
      result.current.create.mutateAsync({ email: ' new@example.com ', name: 'New Person', role: 'STAFF' }),
    );
    expect(api.callsTo('POST /api/users/create')[0]?.body).toEqual({
      email: 'new@example.com',
      name: 'New Person',
      role: 'STAFF',
    });
    expect(texts(result.current.notices.notices)).toContain('Successfully added user new@example.com.');
    await waitFor(() =>
      expect(result.current.users.rows.map((row) => row.userEmail)).toContain('new@example.com'),
    );
  });

  it("reports 'Error adding user' when the server refuses", async () => {
    const { result } = renderWithProvider(() => ({ create: useCreateUser(), notices: useNotices() }));
    await act(async () => {
      await result.current.create
        .mutateAsync({ email: 'x@example.com', name: 'X', role: 'NO_SUCH_ROLE' })
        .catch(() => undefined);
    });
    expect(result.current.notices.latest).toMatchObject({ kind: 'error', text: adminMessages.addUserError });
    await waitFor(() => expect(result.current.create.error?.code).toBe('not_found'));
  });

  it('deletes one user by e-mail and names them in the message', async () => {
    const { result, api } = renderWithProvider(() => ({ remove: useDeleteUser(), notices: useNotices() }));
    await act(() => result.current.remove.mutateAsync('pga@example.com'));
    expect(api.callsTo('POST /api/users/delete')[0]?.body).toEqual({ emails: ['pga@example.com'] });
    expect(result.current.notices.latest?.text).toBe('Successfully deleted user pga@example.com.');
    await act(async () => {
      await result.current.remove.mutateAsync('pga@example.com').catch(() => undefined);
    });
    expect(result.current.notices.latest?.text).toBe('Error deleting user pga@example.com.');
  });

  it('deletes the selected users with one request, names each one and tells the caller', async () => {
    const deletedCalls: string[][] = [];
    const { result, api } = renderWithProvider(() => ({
      users: useUsers(),
      remove: useDeleteUsers({ onDeleted: (emails) => deletedCalls.push(emails) }),
      notices: useNotices(),
    }));
    await waitFor(() => expect(result.current.users.isSuccess).toBe(true));
    await act(() => result.current.remove.mutateAsync(['staff@example.com', 'pga@example.com']));
    expect(api.callsTo('POST /api/users/delete').map((call) => call.body)).toEqual([
      { emails: ['staff@example.com', 'pga@example.com'] },
    ]);
    expect(texts(result.current.notices.notices)).toEqual(
      expect.arrayContaining([
        'Successfully deleted user staff@example.com.',
        'Successfully deleted user pga@example.com.',
      ]),
    );
    expect(deletedCalls).toEqual([['staff@example.com', 'pga@example.com']]);
    await waitFor(() =>
      expect(result.current.users.rows.map((row) => row.userEmail)).toEqual(['admin@example.com']),
    );
  });

  it("names every e-mail and the server's reason when it refuses, and keeps the selection", async () => {
    const deletedCalls: string[][] = [];
    const { result, api } = renderWithProvider(() => ({
      remove: useDeleteUsers({ onDeleted: (emails) => deletedCalls.push(emails) }),
      notices: useNotices(),
    }));
    await act(async () => {
      await result.current.remove
        .mutateAsync(['staff@example.com', 'admin@example.com'])
        .catch(() => undefined);
    });
    expect(result.current.notices.latest).toMatchObject({
      kind: 'error',
      text:
        'Error deleting user staff@example.com, admin@example.com. ' +
        'Cannot delete admin@example.com: at least one CORE_ADMINS member must remain.',
    });
    expect(api.state.users).toHaveLength(3);
    expect(deletedCalls).toEqual([]);

    // An answer without a readable error body: only the e-mails are named.
    api.use({
      'POST /api/users/delete': () => offContract(new Response('Bad gateway', { status: 502 })),
    });
    await act(async () => {
      await result.current.remove
        .mutateAsync(['staff@example.com', 'pga@example.com'])
        .catch(() => undefined);
    });
    expect(result.current.notices.latest?.text).toBe(
      'Error deleting user staff@example.com, pga@example.com.',
    );
  });

  it('gives several users one role at once', async () => {
    const { result, api } = renderWithProvider(() => ({
      update: useUpdateUserRoles(),
      notices: useNotices(),
    }));
    await act(() =>
      result.current.update.mutateAsync({
        emails: ['staff@example.com', 'pga@example.com'],
        role: 'CORE_ADMINS',
      }),
    );
    expect(api.state.users.filter((user) => user.role === 'CORE_ADMINS')).toHaveLength(3);
    expect(result.current.notices.latest?.text).toBe('Successfully updates user roles.');
    await act(async () => {
      await result.current.update
        .mutateAsync({ emails: ['staff@example.com'], role: 'NOPE' })
        .catch(() => undefined);
    });
    expect(result.current.notices.latest?.text).toBe('Error updating user roles.');
  });

  it('refreshes role group user counts after a role change', async () => {
    const { result } = renderWithProvider(() => ({ groups: useRoleGroups(), update: useUpdateUserRoles() }));
    await waitFor(() => expect(result.current.groups.isSuccess).toBe(true));
    const staffCount = () =>
      result.current.groups.roleGroups.find((group) => group.role_name === 'STAFF')?.user_count;
    expect(staffCount()).toBe(1);
    await act(() => result.current.update.mutateAsync({ emails: ['pga@example.com'], role: 'STAFF' }));
    await waitFor(() => expect(staffCount()).toBe(2));
  });
});

describe('useUsersTable', () => {
  const rows: UserRow[] = Array.from({ length: 60 }, (_, index) => ({
    userEmail: `user${index + 1}@example.com`,
    userName: `User ${index + 1}`,
    userRole: 'STAFF',
  }));

  it('pages, sorts and follows the data when it shrinks', () => {
    let data = rows;
    const { result, rerender } = renderWithProvider(() => useUsersTable(data));
    expect(result.current).toMatchObject({ page: 1, pageCount: 3, pages: [1, 2, 3] });
    act(() => result.current.goToNextPage());
    act(() => result.current.goToNextPage());
    act(() => result.current.goToNextPage());
    expect(result.current.page).toBe(3);
    expect(result.current.rows).toHaveLength(10);
    data = rows.slice(0, 30);
    rerender();
    expect(result.current.page).toBe(2);
    act(() => result.current.toggleSort('userName'));
    act(() => result.current.toggleSort('userName'));
    expect(result.current.directionOf('userName')).toBe('descending');
    expect(result.current.rows[0]?.userName).toBe('User 30');
    expect(result.current.page).toBe(1);
  });
});

describe('useAdminSidebars', () => {
  it('opens one sidebar at a time, titles the role panel and validates its forms', () => {
    const { result } = renderWithProvider(() => useAdminSidebars(['CORE_ADMINS', 'STAFF']));
    act(() => result.current.openAddUser());
    expect(result.current.addUserValidation.isValid).toBe(false);
    act(() => result.current.updateAddUser({ email: 'a@example.com', name: 'A', role: 'STAFF' }));
    expect(result.current.addUserValidation.isValid).toBe(true);
    act(() => result.current.openCreateRoleGroup());
    expect(result.current).toMatchObject({ open: 'roleGroup', roleGroupTitle: 'Create Role Group' });
    expect(result.current.addUser.email).toBe('');
    act(() => result.current.setRoleGroupName('STAFF'));
    expect(result.current.roleGroupProblem).toBe('Invalid input vaules');
    act(() => result.current.setRoleGroupFeatures(['chat']));
    expect(result.current.roleGroupProblem).toBe("Role 'STAFF' already exists.");
    act(() => result.current.openEditRoleGroup({ name: 'STAFF', features: ['chat'] }));
    expect(result.current).toMatchObject({
      roleGroupTitle: 'Editing Role STAFF',
      isRoleNameLocked: true,
      roleGroupProblem: null,
    });
  });
});

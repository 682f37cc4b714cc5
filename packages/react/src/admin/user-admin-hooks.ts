/** Hooks of the Users tab: the user list, adding, deleting and re-roling users, and the table model. */

import type { AddUserForm, ModifyRolesForm } from '@digital-assistant/core';
import {
  adminMessages,
  clampPage,
  createTableStore,
  hasUserStatus,
  type TableView,
  tableView,
  toUserRows,
  USER_COLUMNS,
  USERS_PAGE_SIZE,
  type UserColumn,
  type UserRow,
} from '@digital-assistant/core';
import {
  type DigitalAssistantClient,
  type DigitalAssistantError,
  isErrorBody,
  type UserProfile,
  unwrap,
} from '@digital-assistant/sdk';
import {
  queryOptions,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCoreContext } from '../core/context';
import { invalidate, queryKeys } from '../core/server-state';
import { useStore } from '../core/use-store';

/** What {@link useUsers} returns: the query, plus its profiles and table rows (empty until loaded). */
export type UseUsersResult = UseQueryResult<UserProfile[], DigitalAssistantError> & {
  users: UserProfile[];
  rows: UserRow[];
  /**
   * The server reports whether each user is active (the deactivation extension): show the Status
   * column and offer Deactivate/Reactivate ({@link useSetUsersActive}).
   */
  hasStatus: boolean;
};

const noUsers: UserProfile[] = [];

/**
 * Every user (`POST /api/users` with `email: '*'`) as TanStack Query options, shared by
 * {@link useUsers} and prefetching. It only fetches: {@link useUsers} reports the loads.
 * @example await queryClient.prefetchQuery(usersQueryOptions(client));
 */
export function usersQueryOptions(client: DigitalAssistantClient) {
  return queryOptions<UserProfile[], DigitalAssistantError>({
    queryKey: queryKeys.users(),
    queryFn: async () => (await unwrap(client.POST('/api/users', { body: { email: '*' } }))).user_profiles,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * Every user (`POST /api/users` with `email: '*'`). The loads the caller asks for (the first one,
 * when the hook mounts or is enabled, and `refetch()`) report 'Fetching user list...', then
 * 'Fetched users' or 'Error fetching users' to the notices; the refreshes that follow a change
 * (a user added, deleted...) are quiet, the change's own notice says what happened.
 */
export function useUsers(options: { enabled?: boolean } = {}): UseUsersResult {
  const { client, notices } = useCoreContext('useUsers');
  const query = useQuery({ ...usersQueryOptions(client), enabled: options.enabled });
  const isEnabled = options.enabled !== false;
  const { isFetching, isError, refetch: refetchQuery } = query;
  // The first load (on mount, or once enabled): reported as it starts and as it ends.
  const firstLoad = useRef<'waiting' | 'reported' | 'done'>('waiting');
  useEffect(() => {
    if (!isEnabled) {
      firstLoad.current = 'waiting';
      return;
    }
    if (firstLoad.current === 'waiting') {
      // Fresh data from the cache: nothing is loaded, nothing to report.
      firstLoad.current = isFetching ? 'reported' : 'done';
      if (isFetching) notices.push('info', adminMessages.fetchingUsers);
    } else if (firstLoad.current === 'reported' && !isFetching) {
      firstLoad.current = 'done';
      if (isError) notices.push('error', adminMessages.fetchUsersError);
      else notices.push('success', adminMessages.fetchedUsers);
    }
  }, [isEnabled, isFetching, isError, notices]);
  const refetch = useCallback<typeof refetchQuery>(
    async (refetchOptions) => {
      notices.push('info', adminMessages.fetchingUsers);
      const result = await refetchQuery(refetchOptions);
      if (result.isError) notices.push('error', adminMessages.fetchUsersError);
      else notices.push('success', adminMessages.fetchedUsers);
      return result;
    },
    [refetchQuery, notices],
  );
  const users = query.data ?? noUsers;
  const rows = useMemo(() => toUserRows(users), [users]);
  return { ...query, refetch, users, rows, hasStatus: hasUserStatus(users) };
}

/**
 * Adds a user (`POST /api/users/create`). Reports 'Successfully added user {email}.' or
 * 'Error adding user', and refreshes the user list, role groups and audit log.
 */
export function useCreateUser(): UseMutationResult<UserProfile, DigitalAssistantError, AddUserForm> {
  const { client, notices } = useCoreContext('useCreateUser');
  const queryClient = useQueryClient();
  return useMutation<UserProfile, DigitalAssistantError, AddUserForm>({
    mutationFn: async ({ email, name, role }) => {
      const body = { email: email.trim(), name: name.trim(), role: role.trim() };
      return (await unwrap(client.POST('/api/users/create', { body }))).user_profile;
    },
    onSuccess: (_, form) => {
      notices.push('success', adminMessages.userAdded(form.email.trim()));
      return invalidate(queryClient, queryKeys.users(), queryKeys.roleGroups(), queryKeys.audit());
    },
    onError: () => void notices.push('error', adminMessages.addUserError),
  });
}

/**
 * Deletes one user (`POST /api/users/delete` with `emails: [email]`); ask for confirmation first.
 * Reports 'Successfully deleted user {email}.' or 'Error deleting user {email}.'.
 */
export function useDeleteUser(): UseMutationResult<string[], DigitalAssistantError, string> {
  const { client, notices } = useCoreContext('useDeleteUser');
  const queryClient = useQueryClient();
  return useMutation<string[], DigitalAssistantError, string>({
    mutationFn: async (email) =>
      (await unwrap(client.POST('/api/users/delete', { body: { emails: [email] } }))).deleted,
    onSuccess: (_, email) => {
      notices.push('success', adminMessages.userDeleted(email));
      return invalidate(queryClient, queryKeys.users(), queryKeys.roleGroups(), queryKeys.audit());
    },
    onError: (_, email) => void notices.push('error', adminMessages.deleteUserError(email)),
  });
}

/** What {@link useDeleteUsers} is told: called with the e-mails the server deleted. */
export interface UseDeleteUsersOptions {
  /** The users are gone (e.g. clear the table's selection). */
  onDeleted?: (emails: string[]) => void;
}

/**
 * Deletes several users at once (one `POST /api/users/delete` with every e-mail); ask for
 * confirmation first. The server deletes them all or none. Reports 'Successfully deleted user
 * {email}.' for each e-mail it deleted, or 'Error deleting user {emails}.' naming them all,
 * followed by the server's reason when it gave one (e.g. the last CORE_ADMINS member stays).
 */
export function useDeleteUsers(
  options: UseDeleteUsersOptions = {},
): UseMutationResult<string[], DigitalAssistantError, readonly string[]> {
  const { client, notices } = useCoreContext('useDeleteUsers');
  const queryClient = useQueryClient();
  const { onDeleted } = options;
  return useMutation<string[], DigitalAssistantError, readonly string[]>({
    mutationFn: async (emails) =>
      (await unwrap(client.POST('/api/users/delete', { body: { emails: [...emails] } }))).deleted,
    onSuccess: (deleted) => {
      for (const email of deleted) notices.push('success', adminMessages.userDeleted(email));
      onDeleted?.(deleted);
      return invalidate(queryClient, queryKeys.users(), queryKeys.roleGroups(), queryKeys.audit());
    },
    onError: (error, emails) => {
      const reason = isErrorBody(error.cause) ? ` ${error.cause.error.trim()}` : '';
      notices.push('error', `${adminMessages.deleteUserError(emails.join(', '))}${reason}`);
    },
  });
}

/**
 * Gives users a role (`POST /api/users/roles/update`). Reports 'Successfully updates user roles.'
 * or 'Error updating user roles.'.
 */
export function useUpdateUserRoles(): UseMutationResult<
  UserProfile[],
  DigitalAssistantError,
  ModifyRolesForm
> {
  const { client, notices } = useCoreContext('useUpdateUserRoles');
  const queryClient = useQueryClient();
  return useMutation<UserProfile[], DigitalAssistantError, ModifyRolesForm>({
    mutationFn: ({ emails, role }) =>
      unwrap(client.POST('/api/users/roles/update', { body: { emails, role } })),
    onSuccess: () => {
      notices.push('success', adminMessages.userRolesUpdated);
      return invalidate(queryClient, queryKeys.users(), queryKeys.roleGroups(), queryKeys.audit());
    },
    onError: () => void notices.push('error', adminMessages.updateUserRolesError),
  });
}

/** What {@link useSetUsersActive} is given: the users, and whether they may sign in afterwards. */
export interface SetUsersActiveInput {
  emails: readonly string[];
  /** `false` deactivates, `true` reactivates. */
  isActive: boolean;
}

/** What {@link useSetUsersActive} is told. */
export interface UseSetUsersActiveOptions {
  /** The server changed them (e.g. clear the table's selection); called with their e-mails. */
  onChanged?: (emails: string[]) => void;
}

/**
 * Deactivates or reactivates users (`POST /api/users/active/update`, an extension: offer it when
 * {@link UseUsersResult.hasStatus} says the server reports `is_active`); ask for confirmation
 * first. A deactivated user's sessions end and single sign-on no longer lets them in; they stay
 * listed as 'Deactivated'. Reports 'Successfully deactivated user {email}.' (or reactivated) for
 * each user, or 'Error deactivating user {emails}.' with the server's reason, and refreshes the
 * user list and the audit log.
 */
export function useSetUsersActive(
  options: UseSetUsersActiveOptions = {},
): UseMutationResult<UserProfile[], DigitalAssistantError, SetUsersActiveInput> {
  const { client, notices } = useCoreContext('useSetUsersActive');
  const queryClient = useQueryClient();
  const { onChanged } = options;
  return useMutation<UserProfile[], DigitalAssistantError, SetUsersActiveInput>({
    mutationFn: async ({ emails, isActive }) => {
      const body = { emails: [...emails], is_active: isActive };
      return (await unwrap(client.POST('/api/users/active/update', { body }))).user_profiles;
    },
    onSuccess: (profiles, { isActive }) => {
      const message = isActive ? adminMessages.userReactivated : adminMessages.userDeactivated;
      for (const profile of profiles) notices.push('success', message(profile.email));
      onChanged?.(profiles.map((profile) => profile.email));
      return invalidate(queryClient, queryKeys.users(), queryKeys.audit());
    },
    onError: (error, { emails, isActive }) => {
      const message = isActive ? adminMessages.reactivateUserError : adminMessages.deactivateUserError;
      const reason = isErrorBody(error.cause) ? ` ${error.cause.error.trim()}` : '';
      notices.push('error', `${message(emails.join(', '))}${reason}`);
    },
  });
}

/** What {@link useUsersTable} returns: the visible page and the actions of headers and page buttons. */
export interface UseUsersTableResult extends TableView<UserRow, UserColumn> {
  columns: typeof USER_COLUMNS;
  /** A column header press: ascending, descending, none. */
  toggleSort: (column: UserColumn) => void;
  setPage: (page: number) => void;
  goToPreviousPage: () => void;
  goToNextPage: () => void;
}

/** The Users table over `rows`: sort per column, pages of 25, page kept in range when rows go away. */
export function useUsersTable(rows: readonly UserRow[], pageSize = USERS_PAGE_SIZE): UseUsersTableResult {
  const [store] = useState(() => createTableStore<UserColumn>());
  const state = useStore(store);
  const view = useMemo(() => tableView(rows, state, pageSize), [rows, state, pageSize]);
  useEffect(() => {
    if (view.page !== state.page) store.setPage(view.page);
  }, [view.page, state.page, store]);
  return {
    ...view,
    columns: USER_COLUMNS,
    toggleSort: store.toggleSort,
    setPage: (page) => store.setPage(clampPage(page, view.pageCount)),
    goToPreviousPage: () => store.setPage(clampPage(view.page - 1, view.pageCount)),
    goToNextPage: () => store.setPage(clampPage(view.page + 1, view.pageCount)),
  };
}

/** Hooks of the Roles tab: role groups, one group, create, update (add/remove diff), delete, features. */

import {
  adminMessages,
  KNOWN_FEATURES,
  roleGroupError,
  roleGroupUpdateRequests,
} from '@digital-assistant/core';
import {
  type DigitalAssistantClient,
  DigitalAssistantError,
  type ExtensionResult,
  type FeatureName,
  isErrorBody,
  listFeatures,
  type RoleGroup,
  type RoleGroupSummary,
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
import { useCallback, useEffect, useMemo } from 'react';
import { useCoreContext } from '../core/context';
import { invalidate, queryKeys } from '../core/server-state';

/** What {@link useRoleGroups} returns: the query plus its groups and names (empty until loaded). */
export type UseRoleGroupsResult = UseQueryResult<RoleGroupSummary[], DigitalAssistantError> & {
  roleGroups: RoleGroupSummary[];
  roleNames: string[];
};

const noRoleGroups: RoleGroupSummary[] = [];

/**
 * Every role group with its features (`GET /api/roles/allgroups`) as TanStack Query options, shared by
 * {@link useRoleGroups} and prefetching.
 */
export function roleGroupsQueryOptions(client: DigitalAssistantClient) {
  return queryOptions<RoleGroupSummary[], DigitalAssistantError>({
    queryKey: queryKeys.roleGroups(),
    queryFn: async () => (await unwrap(client.GET('/api/roles/allgroups'))).roles,
    refetchOnWindowFocus: false,
  });
}

/** Every role group with its features (`GET /api/roles/allgroups`). */
export function useRoleGroups(options: { enabled?: boolean } = {}): UseRoleGroupsResult {
  const { client } = useCoreContext('useRoleGroups');
  const query = useQuery({ ...roleGroupsQueryOptions(client), enabled: options.enabled });
  const roleGroups = query.data ?? noRoleGroups;
  const roleNames = useMemo(() => roleGroups.map((group) => group.role_name), [roleGroups]);
  return { ...query, roleGroups, roleNames };
}

/**
 * One role group (`POST /api/roles/view`) as TanStack Query options, shared by `useRoleGroup`,
 * {@link useLoadRoleGroup} and prefetching. It only fetches: the hooks report failures.
 */
export function roleGroupQueryOptions(client: DigitalAssistantClient, name: string) {
  return queryOptions<RoleGroup, DigitalAssistantError>({
    queryKey: queryKeys.roleGroup(name),
    queryFn: async () => (await unwrap(client.POST('/api/roles/view', { body: { role: name } }))).contents,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * One role group (`POST /api/roles/view`), fetched while `name` is set.
 * Reports 'Error getting role information.' when a fetch of it fails.
 */
export function useRoleGroup(
  name: string | null | undefined,
): UseQueryResult<RoleGroup, DigitalAssistantError> {
  const { client, notices } = useCoreContext('useRoleGroup');
  const query = useQuery({ ...roleGroupQueryOptions(client, name ?? ''), enabled: Boolean(name) });
  // Once per failure (errorUpdatedAt changes with each), not from the query function.
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt) notices.push('error', adminMessages.roleInfoError);
  }, [isError, errorUpdatedAt, notices]);
  return query;
}

/**
 * A function that fetches one role group on demand (for the Edit button), resolving `null` after
 * reporting 'Error getting role information.' when it fails.
 */
export function useLoadRoleGroup(): (name: string) => Promise<RoleGroup | null> {
  const { client, notices } = useCoreContext('useLoadRoleGroup');
  const queryClient = useQueryClient();
  return useCallback(
    (name: string) =>
      queryClient.fetchQuery(roleGroupQueryOptions(client, name)).catch(() => {
        notices.push('error', adminMessages.roleInfoError);
        return null;
      }),
    [client, notices, queryClient],
  );
}

/** Input of {@link useCreateRoleGroup}. */
export interface CreateRoleGroupInput {
  name: string;
  features: readonly string[];
}

function createRoleGroupMessage(error: DigitalAssistantError, name: string): string {
  // The server's words when it gave them, this package's own check's (no status) as they are.
  if (error.code === 'conflict')
    return isErrorBody(error.cause) || error.status === undefined
      ? error.message
      : adminMessages.roleExists(name);
  if (error.message === adminMessages.invalidInput) return adminMessages.invalidInput;
  return adminMessages.createRoleGroupError;
}

/** Options of {@link useCreateRoleGroup}. */
export interface UseCreateRoleGroupOptions {
  /**
   * Whether a duplicate name is reported through the notices. Pass `false` when the form shows the
   * mutation's `error` itself (as the role group sidebar does), so it is not shown twice.
   * @default true
   */
  reportsDuplicateName?: boolean;
}

/**
 * The message to show for a failed role group creation: the duplicate name ("Role '{name}' already
 * exists.", the server's words when it gave them), 'Invalid input vaules', or 'Error creating role
 * group'.
 */
export function createRoleGroupErrorMessage(error: DigitalAssistantError, name: string): string {
  return createRoleGroupMessage(error, name.trim());
}

/**
 * Creates a role group (`POST /api/roles/create`). Refuses without calling the server when the name
 * or the features are missing ('Invalid input vaules') or the name is already listed, compared
 * trimmed and regardless of case ("Role '{name}' already exists."). Reports 'Successfully created
 * role group.', the server's duplicate message (then refreshes the list, which was out of date), or
 * 'Error creating role group'.
 */
export function useCreateRoleGroup(
  options: UseCreateRoleGroupOptions = {},
): UseMutationResult<void, DigitalAssistantError, CreateRoleGroupInput> {
  const { reportsDuplicateName = true } = options;
  const { client, notices } = useCoreContext('useCreateRoleGroup');
  const queryClient = useQueryClient();
  return useMutation<void, DigitalAssistantError, CreateRoleGroupInput>({
    mutationFn: async ({ name, features }) => {
      const known = queryClient.getQueryData<RoleGroupSummary[]>(queryKeys.roleGroups()) ?? [];
      const problem = roleGroupError(
        { mode: 'create', name, features: [...features], originalFeatures: [] },
        known.map((group) => group.role_name),
      );
      if (problem) {
        const code = problem === adminMessages.invalidInput ? 'validation_failed' : 'conflict';
        throw new DigitalAssistantError(problem, { code });
      }
      await unwrap(
        client.POST('/api/roles/create', {
          body: { role: name.trim(), feature_names: features as FeatureName[] },
        }),
      );
    },
    onSuccess: () => {
      notices.push('success', adminMessages.roleGroupCreated);
      return invalidate(queryClient, queryKeys.roleGroups(), queryKeys.audit());
    },
    onError: (error, { name }) => {
      const isDuplicateName = error.code === 'conflict';
      if (!isDuplicateName || reportsDuplicateName)
        notices.push('error', createRoleGroupMessage(error, name.trim()));
      // The server knew a group the list did not show.
      if (isDuplicateName && error.status !== undefined)
        return invalidate(queryClient, queryKeys.roleGroups());
    },
  });
}

/** Input of {@link useUpdateRoleGroup}: the group, the features it had, and the ones it should have. */
export interface UpdateRoleGroupInput {
  name: string;
  previousFeatures: readonly string[];
  features: readonly string[];
}

/**
 * Saves an edited role group: the difference between the old and new features becomes one
 * `add` call, one `remove` call, or both (`POST /api/roles/update`); nothing is sent when nothing
 * changed. Reports 'Successfully updated role group.' or 'Error updating role group.' (and
 * 'Invalid input vaules' when no feature is left).
 */
export function useUpdateRoleGroup(): UseMutationResult<void, DigitalAssistantError, UpdateRoleGroupInput> {
  const { client, notices } = useCoreContext('useUpdateRoleGroup');
  const queryClient = useQueryClient();
  return useMutation<void, DigitalAssistantError, UpdateRoleGroupInput>({
    mutationFn: async ({ name, previousFeatures, features }) => {
      const form = {
        mode: 'edit' as const,
        name,
        features: [...features],
        originalFeatures: [...previousFeatures],
      };
      const problem = roleGroupError(form, []);
      if (problem) throw new DigitalAssistantError(problem, { code: 'validation_failed' });
      for (const body of roleGroupUpdateRequests(name, previousFeatures, features)) {
        await unwrap(
          client.POST('/api/roles/update', {
            body: { ...body, feature_names: body.feature_names as FeatureName[] },
          }),
        );
      }
    },
    onSuccess: () => {
      notices.push('success', adminMessages.roleGroupUpdated);
    },
    onError: (error) =>
      void notices.push(
        'error',
        error.message === adminMessages.invalidInput
          ? adminMessages.invalidInput
          : adminMessages.updateRoleGroupError,
      ),
    // After a failed second call the first may have landed: refresh either way.
    onSettled: (_, __, { name }) =>
      invalidate(queryClient, queryKeys.roleGroups(), queryKeys.roleGroup(name), queryKeys.audit()),
  });
}

/**
 * Deletes a role group (`POST /api/roles/delete`); ask for confirmation first. Reports
 * 'Successfully deleted role group' or 'Error deleting role: ' followed by the server's message.
 */
export function useDeleteRoleGroup(): UseMutationResult<void, DigitalAssistantError, string> {
  const { client, notices } = useCoreContext('useDeleteRoleGroup');
  const queryClient = useQueryClient();
  return useMutation<void, DigitalAssistantError, string>({
    mutationFn: async (name) => {
      await unwrap(client.POST('/api/roles/delete', { body: { role: name } }));
    },
    onSuccess: (_, name) => {
      notices.push('success', adminMessages.roleGroupDeleted);
      queryClient.removeQueries({ queryKey: queryKeys.roleGroup(name) });
      return invalidate(queryClient, queryKeys.roleGroups(), queryKeys.audit());
    },
    onError: (error) => void notices.push('error', adminMessages.deleteRoleGroupError(error.message)),
  });
}

/** The feature list as the SDK's `listFeatures` answers it (`unsupported` on a server without it). */
export type FeatureListData = ExtensionResult<{ features: FeatureName[] }>;

/** What {@link useFeatureList} returns. */
export type UseFeatureListResult = UseQueryResult<FeatureListData, DigitalAssistantError> & {
  /** The server's features, the known 36 when it cannot list them, empty while loading. */
  features: readonly string[];
  /** `undefined` until the server has answered. */
  isSupported: boolean | undefined;
};

const noFeatures: readonly string[] = [];

/**
 * Every feature name the server knows (the SDK's `listFeatures`) as TanStack Query options, shared by
 * {@link useFeatureList} and prefetching; kept for the session (the list changes with a deployment).
 */
export function featureListQueryOptions(client: DigitalAssistantClient) {
  return queryOptions<FeatureListData, DigitalAssistantError>({
    queryKey: queryKeys.features(),
    queryFn: () => listFeatures(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every feature name a role group may hold (`GET /api/features`, else the 36 known ones). */
export function useFeatureList(options: { enabled?: boolean } = {}): UseFeatureListResult {
  const { client } = useCoreContext('useFeatureList');
  const query = useQuery({ ...featureListQueryOptions(client), enabled: options.enabled });
  const { data } = query;
  const features = data ? (data.unsupported ? KNOWN_FEATURES : data.data.features) : noFeatures;
  return { ...query, features, isSupported: data ? !data.unsupported : undefined };
}

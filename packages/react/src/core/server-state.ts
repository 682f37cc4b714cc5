/**
 * Query keys of the server state this package caches. Apps read them through the `queryOptions`
 * factories (`usersQueryOptions(client).queryKey`...). Extensions are feature-detected by the SDK's
 * helpers (`listFeatures`...), whose `{ unsupported, reason }` answers are the queries' data as they are.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every TanStack Query key this package uses. Keys nest: invalidating `roleGroups()` also invalidates every `roleGroup(name)`.
 */
export const queryKeys = {
  all: ['digital-assistant'] as const,
  users: () => [...queryKeys.all, 'users'] as const,
  roleGroups: () => [...queryKeys.all, 'role-groups'] as const,
  roleGroup: (name: string) => [...queryKeys.roleGroups(), name] as const,
  features: () => [...queryKeys.all, 'features'] as const,
  tokens: () => [...queryKeys.all, 'tokens'] as const,
  audit: (filter: { actor?: string; limit?: number } = {}) => [...queryKeys.all, 'audit', filter] as const,
  knowledgeDocuments: () => [...queryKeys.all, 'knowledge-documents'] as const,
  answerFeedback: (query: object = {}) => [...queryKeys.all, 'answer-feedback', query] as const,
  knowledgeGaps: (query: object = {}) => [...queryKeys.all, 'knowledge-gaps', query] as const,
};

/** Marks every given cache stale and refetches the ones on screen. */
export function invalidate(queryClient: QueryClient, ...keys: QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

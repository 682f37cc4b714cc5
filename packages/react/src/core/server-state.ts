/** Query keys of the server state this package caches, and feature detection of extensions. */
import { isUnsupported, unwrap } from '@digital-assistant/sdk';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every TanStack Query key this package uses, so apps can read or invalidate the same caches.
 * Keys nest: invalidating `roleGroups()` also invalidates every `roleGroup(name)`.
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
};

/** Marks every given cache stale and refetches the ones on screen. */
export function invalidate(queryClient: QueryClient, ...keys: QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

/** The answer of an optional (`x-extension`) operation: its data, or the fact that the server lacks it. */
export type ExtensionResult<T> = { isSupported: true; data: T } | { isSupported: false };

/**
 * Calls an extension operation and tells "not offered by this server" apart from a failure:
 * what the SDK's `isUnsupported` says (a 404, 405 or 501 answer, an answer that is not JSON such as
 * an HTML fallback page) or JSON of another shape all mean unsupported; anything else (401, 403,
 * 500, network) is thrown. The SDK's extension helpers (`listFeatures`...) answer the same way.
 */
export async function detectExtension<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  hasShape: (data: unknown) => boolean,
): Promise<ExtensionResult<T>> {
  let data: T;
  try {
    data = await unwrap(call);
  } catch (error) {
    if (isUnsupported(error)) return { isSupported: false };
    throw error;
  }
  return hasShape(data) ? { isSupported: true, data } : { isSupported: false };
}

/** Whether `value` is an object whose `key` holds an array. */
export function hasArray(value: unknown, key: string): boolean {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>)[key])
  );
}

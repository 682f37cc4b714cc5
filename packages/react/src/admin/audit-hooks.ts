/** The audit log of administrative changes (extension `GET /api/audit`), newest first, paged backwards. */
import {
  type AuditEvent,
  type DigitalAssistantClient,
  type DigitalAssistantError,
  type ExtensionResult,
  listAuditEvents,
} from '@digital-assistant/sdk';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCoreContext } from '../core/context';
import { queryKeys } from '../core/server-state';

/** Events asked for per page. */
export const AUDIT_PAGE_SIZE = 100;

/** One page of the audit log as the SDK's `listAuditEvents` answers it (`unsupported` on a server without it). */
export type AuditPage = ExtensionResult<{ events: AuditEvent[] }>;

/** Options of {@link useAuditLog} and {@link auditLogQueryOptions}. */
export interface UseAuditLogOptions {
  /** Only events by this e-mail; empty means everyone. */
  actor?: string;
  /** Events per page (1 to 500). @default 100 */
  limit?: number;
  enabled?: boolean;
}

/** What {@link useAuditLog} returns. */
export type UseAuditLogResult = UseInfiniteQueryResult<
  InfiniteData<AuditPage, string | undefined>,
  DigitalAssistantError
> & {
  /** Every loaded event, newest first. */
  events: AuditEvent[];
  /** `undefined` until the server has answered. */
  isSupported: boolean | undefined;
};

/**
 * The audit log as TanStack Query options (pages of the SDK's `listAuditEvents`, newest first; the
 * next page starts before the last event), shared by {@link useAuditLog} and prefetching.
 * @example await queryClient.prefetchInfiniteQuery(auditLogQueryOptions(client, { actor: 'admin@example.com' }));
 */
export function auditLogQueryOptions(
  client: DigitalAssistantClient,
  options: Pick<UseAuditLogOptions, 'actor' | 'limit'> = {},
) {
  const actor = options.actor?.trim() || undefined;
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  return infiniteQueryOptions<
    AuditPage,
    DigitalAssistantError,
    InfiniteData<AuditPage, string | undefined>,
    ReturnType<typeof queryKeys.audit>,
    string | undefined
  >({
    queryKey: queryKeys.audit({ actor, limit }),
    queryFn: ({ pageParam }) => listAuditEvents(client, { actor, limit, before: pageParam }),
    initialPageParam: undefined,
    getNextPageParam: (lastPage) =>
      !lastPage.unsupported && lastPage.data.events.length >= limit
        ? lastPage.data.events.at(-1)?.at
        : undefined,
    refetchOnWindowFocus: false,
  });
}

/**
 * The audit log, newest first, optionally only one actor's events; `fetchNextPage` loads older
 * ones. A server without the extension gives `isSupported: false` and no events.
 */
export function useAuditLog(options: UseAuditLogOptions = {}): UseAuditLogResult {
  const { client } = useCoreContext('useAuditLog');
  const query = useInfiniteQuery({ ...auditLogQueryOptions(client, options), enabled: options.enabled });
  const events = useMemo(
    () => query.data?.pages.flatMap((page) => (page.unsupported ? [] : page.data.events)) ?? [],
    [query.data],
  );
  const firstPage = query.data?.pages[0];
  return { ...query, events, isSupported: firstPage ? !firstPage.unsupported : undefined };
}

/** The audit log of administrative changes (extension `GET /api/audit`), newest first, paged backwards. */
import type { AuditEvent, DigitalAssistantError } from '@digital-assistant/sdk';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCoreContext } from '../core/context';
import { detectExtension, hasArray, queryKeys } from '../core/server-state';

/** Events asked for per page. */
export const AUDIT_PAGE_SIZE = 100;

/** One page of the audit log. */
export interface AuditPage {
  events: AuditEvent[];
  /** False when the server lacks the audit extension. */
  isSupported: boolean;
}

/** Options of {@link useAuditLog}. */
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
 * The audit log, newest first, optionally only one actor's events; `fetchNextPage` loads older
 * ones. A server without the extension gives `isSupported: false` and no events.
 */
export function useAuditLog(options: UseAuditLogOptions = {}): UseAuditLogResult {
  const { client } = useCoreContext('useAuditLog');
  const actor = options.actor?.trim() || undefined;
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const query = useInfiniteQuery<
    AuditPage,
    DigitalAssistantError,
    InfiniteData<AuditPage, string | undefined>,
    ReturnType<typeof queryKeys.audit>,
    string | undefined
  >({
    queryKey: queryKeys.audit({ actor, limit }),
    queryFn: async ({ pageParam }) => {
      const query = { actor, limit, before: pageParam };
      const result = await detectExtension(client.GET('/api/audit', { params: { query } }), (data) =>
        hasArray(data, 'events'),
      );
      return result.isSupported
        ? { events: result.data.events, isSupported: true }
        : { events: [], isSupported: false };
    },
    initialPageParam: undefined,
    getNextPageParam: (lastPage) =>
      lastPage.isSupported && lastPage.events.length >= limit ? lastPage.events.at(-1)?.at : undefined,
    refetchOnWindowFocus: false,
    enabled: options.enabled,
  });
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.events) ?? [], [query.data]);
  return { ...query, events, isSupported: query.data?.pages[0]?.isSupported };
}

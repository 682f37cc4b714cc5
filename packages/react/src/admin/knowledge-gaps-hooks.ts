/**
 * Knowledge gaps (extension, `feedback_view`): the knowledge questions no document answered or whose
 * answer was voted down, grouped per department on the server by similar wording.
 */
import {
  type DigitalAssistantClient,
  type DigitalAssistantError,
  type ExtensionResult,
  type KnowledgeGap,
  type KnowledgeGapList,
  type KnowledgeGapQuery,
  listKnowledgeGaps,
} from '@digital-assistant/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCoreContext } from '../core/context';
import { queryKeys } from '../core/server-state';

/**
 * The knowledge gaps as TanStack Query options (the SDK's `listKnowledgeGaps`, its
 * `{ unsupported, reason }` answer kept as the data), shared by {@link useKnowledgeGaps} and prefetching.
 * @example await queryClient.prefetchQuery(knowledgeGapsQueryOptions(client, { department: 'it' }));
 */
export function knowledgeGapsQueryOptions(client: DigitalAssistantClient, query: KnowledgeGapQuery = {}) {
  return queryOptions<ExtensionResult<KnowledgeGapList>, DigitalAssistantError>({
    queryKey: queryKeys.knowledgeGaps(query),
    queryFn: () => listKnowledgeGaps(client, query),
    refetchOnWindowFocus: false,
  });
}

/** What {@link useKnowledgeGaps} returns. */
export interface UseKnowledgeGapsResult {
  /** The groups, most people first; empty while loading or on a server without the extension. */
  groups: KnowledgeGap[];
  /** `undefined` until the server has answered; false on a server without the extension. */
  isSupported: boolean | undefined;
  isLoading: boolean;
  error: DigitalAssistantError | null;
  refetch: () => void;
}

/**
 * The knowledge gaps for administrators, filtered by department and time asked. A server without
 * the extension gives `isSupported: false`.
 */
export function useKnowledgeGaps(
  query: KnowledgeGapQuery = {},
  options: { enabled?: boolean } = {},
): UseKnowledgeGapsResult {
  const { client } = useCoreContext('useKnowledgeGaps');
  const result = useQuery({ ...knowledgeGapsQueryOptions(client, query), enabled: options.enabled });
  const data = result.data;
  return {
    groups: data && !data.unsupported ? data.data.groups : [],
    isSupported: data ? !data.unsupported : undefined,
    isLoading: result.isLoading,
    error: result.error,
    refetch: () => void result.refetch(),
  };
}

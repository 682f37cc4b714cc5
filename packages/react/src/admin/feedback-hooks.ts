/**
 * Votes on answers (extension): a person's own vote on an answer, and the administrators' list of
 * every vote (`feedback_view`), filtered and paged on the server.
 */
import {
  type AnswerFeedback,
  type AnswerFeedbackItem,
  type AnswerFeedbackList,
  type AnswerFeedbackQuery,
  type DigitalAssistantClient,
  type DigitalAssistantError,
  deleteAnswerFeedback,
  type ExtensionResult,
  type FeedbackVote,
  listAnswerFeedback,
  setAnswerFeedback,
} from '@digital-assistant/sdk';
import {
  queryOptions,
  type UseMutationResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCoreContext } from '../core/context';
import { invalidate, queryKeys } from '../core/server-state';

/** Votes asked for per page of {@link useAnswerFeedbackList}. */
export const FEEDBACK_PAGE_SIZE = 50;

/**
 * One page of the votes on answers as TanStack Query options (the SDK's `listAnswerFeedback`, its
 * `{ unsupported, reason }` answer kept as the data), shared by {@link useAnswerFeedbackList} and prefetching.
 * @example await queryClient.prefetchQuery(answerFeedbackQueryOptions(client, { vote: 'down' }));
 */
export function answerFeedbackQueryOptions(client: DigitalAssistantClient, query: AnswerFeedbackQuery = {}) {
  const page: AnswerFeedbackQuery = { limit: FEEDBACK_PAGE_SIZE, ...query };
  return queryOptions<ExtensionResult<AnswerFeedbackList>, DigitalAssistantError>({
    queryKey: queryKeys.answerFeedback(page),
    queryFn: () => listAnswerFeedback(client, page),
    refetchOnWindowFocus: false,
  });
}

/** What {@link useAnswerFeedbackList} returns. */
export interface UseAnswerFeedbackListResult {
  /** The page's votes, newest first; empty while loading or on a server without the extension. */
  items: AnswerFeedbackItem[];
  /** How many votes match the filters (every page). */
  total: number;
  /** `undefined` until the server has answered; false on a server without the extension. */
  isSupported: boolean | undefined;
  isLoading: boolean;
  error: DigitalAssistantError | null;
  refetch: () => void;
}

/**
 * One page of the votes on answers for administrators: filter by chat, department, vote and time,
 * page with `offset` and `limit`. A server without the extension gives `isSupported: false`.
 */
export function useAnswerFeedbackList(
  query: AnswerFeedbackQuery = {},
  options: { enabled?: boolean } = {},
): UseAnswerFeedbackListResult {
  const { client } = useCoreContext('useAnswerFeedbackList');
  const result = useQuery({ ...answerFeedbackQueryOptions(client, query), enabled: options.enabled });
  const data = result.data;
  return {
    items: data && !data.unsupported ? data.data.items : [],
    total: data && !data.unsupported ? data.data.total : 0,
    isSupported: data ? !data.unsupported : undefined,
    isLoading: result.isLoading,
    error: result.error,
    refetch: () => void result.refetch(),
  };
}

/** A vote to give (`up`/`down`, optional comment) or, with `vote: null`, to withdraw. */
export interface AnswerVoteInput {
  /** The answer's id (`AnswerId` of the AI chat's answer, `id` of a loaded conversation's answer). */
  answerId: string;
  /** The vote, or `null` to withdraw it. */
  vote: FeedbackVote | null;
  /** An optional comment with the vote; a blank one is sent as none. */
  comment?: string;
}

/**
 * Votes on an answer of the caller's own AI conversation, or withdraws the vote (`vote: null`).
 * Resolves to the vote kept (`null` once withdrawn), or `{ unsupported, reason }` on a server
 * without the extension; the administrators' list is refreshed after a change.
 */
export function useVoteOnAnswer(): UseMutationResult<
  ExtensionResult<AnswerFeedback | null>,
  DigitalAssistantError,
  AnswerVoteInput
> {
  const { client } = useCoreContext('useVoteOnAnswer');
  const queryClient = useQueryClient();
  return useMutation<ExtensionResult<AnswerFeedback | null>, DigitalAssistantError, AnswerVoteInput>({
    mutationFn: async ({ answerId, vote, comment }) => {
      if (vote === null) {
        const withdrawn = await deleteAnswerFeedback(client, answerId);
        return withdrawn.unsupported ? withdrawn : { unsupported: false, data: null };
      }
      return setAnswerFeedback(client, {
        AnswerId: answerId,
        vote,
        ...(comment?.trim() ? { comment: comment.trim() } : {}),
      });
    },
    onSuccess: () => invalidate(queryClient, queryKeys.answerFeedback(), queryKeys.knowledgeGaps()),
  });
}

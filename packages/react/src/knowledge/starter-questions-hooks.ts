/**
 * The example questions of each empty chat: the knowledge departments' from the server (an
 * extension, `listStarterQuestions`), the AI chat's from the core; and the administrators' change
 * of a department's questions (`setStarterQuestions`).
 */
import {
  AI_CHAT_STARTER_QUESTIONS,
  type ChatDepartmentName,
  starterDepartmentOf,
  starterQuestionsFor,
} from '@digital-assistant/core';
import {
  type DigitalAssistantClient,
  type DigitalAssistantError,
  type ExtensionResult,
  listStarterQuestions,
  type StarterQuestions,
  setStarterQuestions,
} from '@digital-assistant/sdk';
import {
  queryOptions,
  type UseMutationResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCoreContext } from '../core/context';
import { queryKeys } from '../core/server-state';

const starterQuestionsKey = () => [...queryKeys.all, 'starter-questions'] as const;

/**
 * Every readable department's example questions as TanStack Query options (the SDK's
 * `listStarterQuestions`, its `{ unsupported, reason }` answer kept as the data).
 * @example await queryClient.prefetchQuery(starterQuestionsQueryOptions(client));
 */
export function starterQuestionsQueryOptions(client: DigitalAssistantClient) {
  return queryOptions<ExtensionResult<{ departments: StarterQuestions[] }>, DigitalAssistantError>({
    queryKey: starterQuestionsKey(),
    queryFn: () => listStarterQuestions(client),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/** What {@link useStarterQuestions} returns. */
export interface UseStarterQuestionsResult {
  /** Each readable department's questions; empty while loading or on a server without the extension. */
  departments: readonly StarterQuestions[];
  /** The questions of a department's empty chat (none where the server does not say). */
  forDepartment: (department: ChatDepartmentName) => readonly string[];
  /** The questions of the empty AI chat. */
  aiChat: readonly string[];
  /** `undefined` until the server has answered; false on a server without the extension. */
  isSupported: boolean | undefined;
  error: DigitalAssistantError | null;
}

/**
 * The example questions each empty chat offers: a department's from the server (set by an
 * administrator, or its defaults), the AI chat's from the core.
 * @example
 * const { forDepartment } = useStarterQuestions();
 * <ChatConversation suggestions={forDepartment('IT')} … />
 */
export function useStarterQuestions(options: { enabled?: boolean } = {}): UseStarterQuestionsResult {
  const { client } = useCoreContext('useStarterQuestions');
  const result = useQuery({ ...starterQuestionsQueryOptions(client), enabled: options.enabled });
  const data = result.data;
  const departments = data && !data.unsupported ? data.data.departments : [];
  return {
    departments,
    forDepartment: (department) => starterQuestionsFor(departments, department),
    aiChat: AI_CHAT_STARTER_QUESTIONS,
    isSupported: data ? !data.unsupported : undefined,
    error: result.error,
  };
}

/** A department's new example questions (an empty list restores the defaults). */
export interface StarterQuestionsInput {
  department: ChatDepartmentName;
  questions: readonly string[];
}

/**
 * Sets a department's example questions (administrators, feature `train`); every chat's list is
 * refreshed after the change. Resolves `{ unsupported, reason }` on a server without the extension.
 */
export function useSetStarterQuestions(): UseMutationResult<
  ExtensionResult<StarterQuestions>,
  DigitalAssistantError,
  StarterQuestionsInput
> {
  const { client } = useCoreContext('useSetStarterQuestions');
  const queryClient = useQueryClient();
  return useMutation<ExtensionResult<StarterQuestions>, DigitalAssistantError, StarterQuestionsInput>({
    mutationFn: ({ department, questions }) =>
      setStarterQuestions(client, starterDepartmentOf(department), questions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: starterQuestionsKey() }),
  });
}

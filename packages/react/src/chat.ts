/**
 * `@digital-assistant/react/chat`: the chat bindings alone, for a host that only chats (the
 * embeddable widget). Nothing this entry loads imports TanStack Query (`src/chat-entry.test.ts`
 * checks it), so such a host needs neither it nor a query client. The main entry exports the same
 * names beside the query-based hooks.
 */

export { type AnswerSourceView, type UseAnswerSourcesOptions, useAnswerSources } from './chat/answer-sources';
export {
  type ChatChannelOptions,
  type ChatConversationNotice,
  type ChatHistoryItemView,
  type ChatHistoryRename,
  type ChatSourceView,
  type UseChatDraftResult,
  type UseChatHistoryResult,
  type UseChatHistorySearchResult,
  type UseChatMessageActionsResult,
  type UseChatResult,
  type UseChatRouteResult,
  useChat,
  useChatDraft,
  useChatHistory,
  useChatHistorySearch,
  useChatMessage,
  useChatMessageActions,
  useChatMessageIds,
  useChatMessages,
  useChatRoute,
  useChatSelector,
  useChatSources,
  useChatStore,
} from './chat/chat-hooks';
export { openChatRoute } from './chat/chat-routing';
export { type UseChatAttachmentsResult, useChatAttachments } from './chat/use-chat-attachments';
export {
  DigitalAssistantChatProvider,
  type DigitalAssistantChatProviderProps,
  useClient,
} from './core/chat-provider';
export type { ClipboardWriter, Logger } from './core/context';
export { type UseNoticesResult, useNotices } from './core/use-notices';

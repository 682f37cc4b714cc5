/**
 * The chat's routes, in the app layer: the core's chat store only holds which pane and department
 * are chosen; here choosing one also navigates (`/chat`, `/chat/{department}`, `/chat?c={id}`), and
 * the chat route's department parameter is followed, with its redirect. Plain functions over the
 * store and a `navigate`: `useChatRoute` and `useChatNavigation` use them under the app provider.
 */
import {
  type ChatDepartmentName,
  type ChatSelection,
  type ChatStore,
  type ConversationOpenResult,
  chatPath,
  chatRoute,
} from '@digital-assistant/core';

/** The chat's choices that navigate. */
export interface ChatRouting {
  /** Chooses the chat type: a different one is stored and navigated to (knowledge -> /chat/{department}, openai -> /chat). */
  chooseChatType(selection: ChatSelection): void;
  /** Chooses a department: the knowledge pane of that department, navigated to /chat/{department}. */
  chooseDepartment(department: ChatDepartmentName): void;
  /** Opens a History item in the AI pane (see the store's `selectConversation`), navigating there from another pane. */
  selectConversation(conversationId: string): Promise<ConversationOpenResult>;
  /**
   * Follows the chat route's department parameter (`undefined` on /chat). Answers where to redirect
   * instead (PGA without the capability, or an unknown department: /chat/Knowledge), or `null`.
   */
  openRoute(departmentParam: string | null | undefined, access: { hasPgaAccess: boolean }): string | null;
}

/**
 * Follows a chat route's department parameter on `chat` (`undefined`: the AI chat), without
 * navigating: answers where to redirect instead (PGA without the capability, or an unknown
 * department: /chat/Knowledge), or `null`. Also for hosts with no routes that open a pane by name
 * (the widget's `chatType` and `department` options).
 */
export function openChatRoute(
  chat: ChatStore,
  departmentParam: string | null | undefined,
  access: { hasPgaAccess: boolean },
): string | null {
  const decision = chatRoute(departmentParam, access.hasPgaAccess);
  if (decision.selection === 'openai') {
    chat.chooseChatType('openai');
    return null;
  }
  chat.chooseDepartment(decision.department);
  return decision.redirectTo ?? null;
}

/** The chat's choices over `chat` that also `navigate`. */
export function createChatRouting(chat: ChatStore, navigate: (to: string) => void): ChatRouting {
  return {
    chooseChatType(selection) {
      const state = chat.getSnapshot();
      if (selection === state.selection) return;
      chat.chooseChatType(selection);
      navigate(chatPath(selection, state.department, state.conversations.openai.conversationId));
    },
    chooseDepartment(department) {
      chat.chooseDepartment(department);
      navigate(chatPath('knowledge', department));
    },
    selectConversation(conversationId) {
      const { selection, department } = chat.getSnapshot();
      const opening = chat.selectConversation(conversationId);
      if (selection !== 'openai') {
        navigate(chatPath('openai', department, chat.getSnapshot().conversations.openai.conversationId));
      }
      return opening;
    },
    openRoute: (departmentParam, access) => openChatRoute(chat, departmentParam, access),
  };
}

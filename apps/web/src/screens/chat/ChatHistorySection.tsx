import { useChatHistory, useChatNavigation } from '@digital-assistant/react';
import { ChatHistoryList, useAppShell } from '@digital-assistant/ui';

/**
 * The menu's History on chat routes: past AI conversations from the chat store, New Topic. Opening
 * one (or New Topic) closes the menu when it is a drawer over the conversation. Loaded with the chat
 * screens (its list, a react-aria GridList, is not part of the first download).
 */
export function ChatHistorySection() {
  const history = useChatHistory();
  const { chooseChatType } = useChatNavigation();
  const { closeDrawerAfterNavigation } = useAppShell('ChatHistorySection');
  return (
    <ChatHistoryList
      items={history.items}
      onSelect={(conversationId) => {
        void history.select(conversationId);
        closeDrawerAfterNavigation();
      }}
      onDelete={(conversationId) => void history.remove(conversationId)}
      onNewTopic={() => {
        void history.newConversation();
        chooseChatType('openai');
        closeDrawerAfterNavigation();
      }}
    />
  );
}

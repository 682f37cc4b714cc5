import { useChatHistory, useChatHistorySearch, useChatNavigation } from '@digital-assistant/react';
import { ChatHistoryList, useAppShell } from '@digital-assistant/ui';

/**
 * The menu's History on chat routes: past AI conversations from the chat store by date (Today,
 * Yesterday, Previous 7 days, Older), New Topic, search over one's own conversations and rename
 * (extensions: the search field goes on a server without them). Opening one (or New Topic) closes
 * the menu when it is a drawer over the conversation. Loaded with the chat screens (its list, a
 * react-aria GridList, is not part of the first download).
 */
export function ChatHistorySection() {
  const history = useChatHistory();
  const search = useChatHistorySearch();
  const { chooseChatType } = useChatNavigation();
  const { closeDrawerAfterNavigation } = useAppShell('ChatHistorySection');
  return (
    <ChatHistoryList
      items={history.items}
      groups={history.groups}
      search={search}
      onSearch={(query) => void search.search(query)}
      onRename={(conversationId, label) => {
        // A refused rename (the conversation gone meanwhile) leaves the old name shown.
        void history.rename(conversationId, label).catch(() => undefined);
      }}
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

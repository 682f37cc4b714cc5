import { ChatScreenAside, ChatScreenFooter } from './ChatScreenFooter';
import { ChatScreenMessages } from './ChatScreenMessages';
import { ChatScreenPane, ChatScreenPanes } from './ChatScreenPanes';
import { ChatScreenRoot } from './ChatScreenRoot';

/**
 * The chat screen as compound parts. Every part must be inside `ChatScreen.Root`.
 *
 * @example
 * <ChatScreen.Root selection={selection}>
 *   <ChatScreen.Panes>
 *     <ChatScreen.Pane pane="knowledge" aria-label="Knowledge chat">
 *       <ChatScreen.Messages>{knowledgeBubbles}</ChatScreen.Messages>
 *       <ChatScreen.Footer><ChatComposer onSend={ask} /></ChatScreen.Footer>
 *     </ChatScreen.Pane>
 *     <ChatScreen.Pane pane="openai" aria-label="AI chat">…</ChatScreen.Pane>
 *   </ChatScreen.Panes>
 * </ChatScreen.Root>
 */
export const ChatScreen = {
  Root: ChatScreenRoot,
  Panes: ChatScreenPanes,
  Pane: ChatScreenPane,
  Messages: ChatScreenMessages,
  Footer: ChatScreenFooter,
  Aside: ChatScreenAside,
};

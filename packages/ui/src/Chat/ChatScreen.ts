import type { ReactNode } from 'react';
import {
  ChatScreenAside,
  type ChatScreenAsideProps,
  ChatScreenFooter,
  type ChatScreenFooterProps,
} from './ChatScreenFooter';
import { ChatScreenMessages, type ChatScreenMessagesProps } from './ChatScreenMessages';
import {
  ChatScreenPane,
  type ChatScreenPaneProps,
  ChatScreenPanes,
  type ChatScreenPanesProps,
} from './ChatScreenPanes';
import { ChatScreenRoot, type ChatScreenRootProps } from './ChatScreenRoot';

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
export const ChatScreen: {
  /** The screen: the conversation column and, beside or below it, an optional aside. */
  Root: (props: ChatScreenRootProps) => ReactNode;
  /** The knowledge and AI panes side by side, sliding between them when the selection changes. */
  Panes: (props: ChatScreenPanesProps) => ReactNode;
  /** One pane: a conversation and its composer; the pane not on show is inert. */
  Pane: (props: ChatScreenPaneProps) => ReactNode;
  /** The scrolling conversation, following new text unless the reader scrolled up ('Jump to latest'). */
  Messages: (props: ChatScreenMessagesProps) => ReactNode;
  /** The bottom of a pane, holding its composer at the conversation's width. */
  Footer: (props: ChatScreenFooterProps) => ReactNode;
  /** Content beside the conversation (below it, or behind a button, in narrow windows). */
  Aside: (props: ChatScreenAsideProps) => ReactNode;
} = {
  Root: ChatScreenRoot,
  Panes: ChatScreenPanes,
  Pane: ChatScreenPane,
  Messages: ChatScreenMessages,
  Footer: ChatScreenFooter,
  Aside: ChatScreenAside,
};

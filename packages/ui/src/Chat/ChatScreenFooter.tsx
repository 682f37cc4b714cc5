import type { ReactNode } from 'react';
import { useChatScreen } from './ChatScreenContext';

export interface ChatScreenFooterProps {
  /** The ChatComposer. */
  children: ReactNode;
}

/** The bottom of a pane, holding its composer at the conversation's width. */
export function ChatScreenFooter({ children }: ChatScreenFooterProps) {
  useChatScreen('ChatScreen.Footer');
  return <div className="da-chat-footer">{children}</div>;
}

export interface ChatScreenAsideProps {
  /** E.g. the ChatSourcesPanel of the admin chat. */
  children: ReactNode;
}

/** Content beside the conversation (below it in narrow windows). */
export function ChatScreenAside({ children }: ChatScreenAsideProps) {
  useChatScreen('ChatScreen.Aside');
  return <div className="da-chat-aside">{children}</div>;
}

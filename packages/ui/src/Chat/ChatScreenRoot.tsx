import type { ChatSelection } from '@digital-assistant/react';
import { type ReactNode, useMemo } from 'react';
import { ChatScreenContext } from './ChatScreenContext';

/** Props of `ChatScreen.Root`. */
export interface ChatScreenRootProps {
  /** Which pane is on show: department knowledge or the general AI chat. */
  selection: ChatSelection;
  /** ChatScreen.Panes (or a single ChatScreen.Pane) and, for the admin chat, ChatScreen.Aside. */
  children: ReactNode;
}

/**
 * The chat screen: the conversation column filling the content area and, beside it (below it in
 * narrow windows), an optional aside such as the admin chat's Sources panel.
 */
export function ChatScreenRoot({ selection, children }: ChatScreenRootProps) {
  const value = useMemo(() => ({ selection }), [selection]);
  return (
    <ChatScreenContext.Provider value={value}>
      <div className="da-chat-screen" data-selection={selection}>
        {children}
      </div>
    </ChatScreenContext.Provider>
  );
}

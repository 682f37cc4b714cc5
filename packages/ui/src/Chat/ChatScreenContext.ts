import type { ChatSelection } from '@digital-assistant/react';
import { createContext, useContext } from 'react';

export interface ChatScreenContextValue {
  /** The pane on show. */
  selection: ChatSelection;
}

export const ChatScreenContext = createContext<ChatScreenContextValue | null>(null);

/** Reads the chat screen's state; throws a clear error when a part is rendered outside ChatScreen.Root. */
export function useChatScreen(part: string): ChatScreenContextValue {
  const context = useContext(ChatScreenContext);
  if (!context) throw new Error(`${part} must be used within ChatScreen.Root`);
  return context;
}

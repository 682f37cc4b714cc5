import type { ChatSelection } from '@digital-assistant/react';
import type { ReactNode } from 'react';
import { useChatScreen } from './ChatScreenContext';

/** Props of `ChatScreen.Panes`. */
export interface ChatScreenPanesProps {
  /** Two ChatScreen.Pane: `knowledge` first, then `openai`. */
  children: ReactNode;
}

/**
 * The knowledge and AI panes side by side in a track that slides between them in 300ms when the
 * selection changes (instantly for people who ask for reduced motion). Both stay mounted, so each
 * keeps its conversation, scroll position and draft.
 */
export function ChatScreenPanes({ children }: ChatScreenPanesProps) {
  const { selection } = useChatScreen('ChatScreen.Panes');
  return (
    <div className="da-chat-panes">
      <div className="da-chat-panes-track" data-selection={selection}>
        {children}
      </div>
    </div>
  );
}

/** Props of `ChatScreen.Pane`. */
export interface ChatScreenPaneProps {
  /** Which mode this pane holds. */
  pane: ChatSelection;
  /** Accessible name, e.g. 'Knowledge chat: IT'. */
  'aria-label': string;
  /** ChatScreen.Messages and the ChatComposer. */
  children: ReactNode;
}

/** One pane: a conversation and its composer. The pane not on show is inert (out of reach of focus and assistive technology). */
export function ChatScreenPane({ pane, 'aria-label': ariaLabel, children }: ChatScreenPaneProps) {
  const { selection } = useChatScreen('ChatScreen.Pane');
  const isActive = pane === selection;
  return (
    <section
      className="da-chat-pane"
      data-pane={pane}
      data-active={isActive || undefined}
      aria-label={ariaLabel}
      aria-hidden={!isActive || undefined}
      inert={!isActive}
    >
      {children}
    </section>
  );
}

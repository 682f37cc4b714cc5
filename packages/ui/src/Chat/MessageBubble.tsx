import type { KnowledgeSource } from '@digital-assistant/sdk';
import type { ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { AlertIcon, BotIcon } from '../icons/icons';
import { MarkdownContent } from '../Markdown/MarkdownContent';
import { MessageSpinner } from './MessageSpinner';

/** Who wrote a message (the contract's message `type`: 1 user, 0 bot). */
export type MessageSender = 'user' | 'bot';

/**
 * Where a message is in its life: `pending` (sent, nothing back yet), `streaming` (text arriving),
 * `complete`, `stopped` (the user stopped it; what arrived is kept) or `error` (its text is the error).
 */
export type MessageState = 'pending' | 'streaming' | 'complete' | 'stopped' | 'error';

export interface MessageBubbleProps {
  /** Who wrote it; bot messages carry the bot icon. */
  sender: MessageSender;
  /** The message as markdown, or the error message when `state` is `error`. */
  text: string;
  /** @default 'complete' */
  state?: MessageState;
  /**
   * Sources of a knowledge answer, keyed by id: citation markers naming one become chips previewing
   * it, markers naming none are hidden.
   */
  sources?: Readonly<Record<string, KnowledgeSource>>;
  /** Element overrides for the markdown (react-markdown `components`). */
  components?: Components;
  /** Extra content under the text, e.g. an ELK metrics panel. */
  children?: ReactNode;
}

/**
 * One message of a conversation. Bot messages show the bot icon and, until their answer starts, a
 * spinner (diameter 35); both sides are rendered as markdown; an error is shown in red. The bubble's
 * maximum width is 42rem, 46rem and 54rem from 768, 1024 and 1280px of window width.
 */
export function MessageBubble({
  sender,
  text,
  state = 'complete',
  sources,
  components,
  children,
}: MessageBubbleProps) {
  const isBot = sender === 'bot';
  let body: ReactNode;
  if (state === 'error') {
    body = (
      <p className="da-message-error" role="alert">
        <AlertIcon />
        <span>{text}</span>
      </p>
    );
  } else if (state === 'pending' && text === '') {
    body = <MessageSpinner />;
  } else {
    body = (
      <MarkdownContent sources={isBot ? sources : undefined} components={components}>
        {text}
      </MarkdownContent>
    );
  }
  return (
    <article
      className="da-message"
      data-sender={sender}
      data-state={state}
      aria-label={isBot ? 'Assistant' : 'You'}
      aria-busy={state === 'pending' || state === 'streaming' || undefined}
    >
      {isBot ? (
        <span className="da-message-avatar">
          <BotIcon />
        </span>
      ) : null}
      <div className="da-message-bubble">
        {body}
        {state === 'stopped' ? <p className="da-message-note">Stopped</p> : null}
        {children}
      </div>
    </article>
  );
}

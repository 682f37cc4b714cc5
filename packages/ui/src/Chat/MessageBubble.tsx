import { type ChatMessageError, type ChatMessageStatus, chatMessages } from '@digital-assistant/react';
import type { KnowledgeSource } from '@digital-assistant/sdk';
import type { ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { AlertIcon, BotIcon } from '../icons/icons';
import { LazyMarkdownContent } from '../Markdown/LazyMarkdownContent';
import { MessageSpinner } from './MessageSpinner';

/** Who wrote a message (the contract's message `type`: 1 user, 0 bot). */
export type MessageSender = 'user' | 'bot';

/**
 * Where a message is in its life (the chat store's `ChatMessageStatus`): `pending` (asked, nothing
 * back yet), `streaming` (text arriving), `done`, `stopped` (the user stopped it; what arrived is
 * kept) or `error`.
 */
export type MessageStatus = ChatMessageStatus;

/** Props of `MessageBubble`. */
export interface MessageBubbleProps {
  /** Who wrote it; bot messages carry the bot icon. */
  sender: MessageSender;
  /** The message as markdown; for an answer, what has arrived so far. */
  text: string;
  /** @default 'done' */
  status?: MessageStatus;
  /**
   * With status `error`: the message shown in red ('Error fetching response' when omitted) and the
   * server's reason, e.g. which setting to configure.
   */
  error?: Pick<ChatMessageError, 'text' | 'detail'>;
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

const FENCE = /^\s*(```|~~~)/;

/**
 * A person's own line breaks (Shift+Enter) are kept: a single newline becomes a markdown hard
 * break, except inside code fences and around blank lines (which already separate paragraphs).
 */
function keepLineBreaks(text: string): string {
  let isInFence = false;
  const lines = text.split('\n');
  return lines
    .map((line, index) => {
      if (FENCE.test(line)) {
        isInFence = !isInFence;
        return line;
      }
      const next = lines[index + 1];
      if (isInFence || next === undefined || line.trim() === '' || next.trim() === '') return line;
      return `${line}  `;
    })
    .join('\n');
}

/**
 * One message of a conversation. Bot messages show the bot icon and, until their answer starts, a
 * spinner (diameter 35); both sides are rendered as markdown (a person's own line breaks kept); an
 * error is shown in red. The bubble's
 * maximum width is 42rem, 46rem and 54rem from 768, 1024 and 1280px of window width.
 */
export function MessageBubble({
  sender,
  text,
  status = 'done',
  error,
  sources,
  components,
  children,
}: MessageBubbleProps) {
  const isBot = sender === 'bot';
  const body =
    status === 'pending' && text === '' ? (
      <MessageSpinner />
    ) : text !== '' || status !== 'error' ? (
      <LazyMarkdownContent
        sources={isBot ? sources : undefined}
        components={components}
        isStreaming={status === 'pending' || status === 'streaming'}
      >
        {isBot ? text : keepLineBreaks(text)}
      </LazyMarkdownContent>
    ) : null;
  return (
    <article
      className="da-message"
      data-sender={sender}
      data-state={status}
      aria-label={isBot ? 'Assistant' : 'You'}
      aria-busy={status === 'pending' || status === 'streaming' || undefined}
    >
      {isBot ? (
        <span className="da-message-avatar">
          <BotIcon />
        </span>
      ) : null}
      <div className="da-message-bubble">
        {body}
        {status === 'error' ? (
          <div className="da-message-error" role="alert">
            <AlertIcon />
            <p>
              <span className="da-message-error-text">{error?.text ?? chatMessages.fetchFailed}</span>
              {error?.detail ? <span className="da-message-error-detail">{error.detail}</span> : null}
            </p>
          </div>
        ) : null}
        {status === 'stopped' ? <p className="da-message-note">Stopped</p> : null}
        {children}
      </div>
    </article>
  );
}

import { type AnswerSourceView, type ChatMessage, useAnswerSources } from '@digital-assistant/react';
import { useId } from 'react';
import { citationPreview } from './citationPreview';

/** One entry of {@link AnswerSources}: the sources citing one document and place. */
export type AnswerSourcesEntry = Pick<AnswerSourceView, 'ids' | 'source' | 'isRemoved'>;

/** Props of `AnswerSources`. */
export interface AnswerSourcesProps {
  /** The answer's cited documents in citation order (`useAnswerSources`). Nothing is drawn without any. */
  entries: readonly AnswerSourcesEntry[];
  /** @default 'Sources' */
  label?: string;
}

/**
 * The list under a knowledge answer: each cited document (with its page or slide) once, in the
 * order the answer cites it, with the citation numbers, opening the document at the passage in a
 * new tab (as the chips in the text do). A document deleted since the answer is named, marked
 * removed and not linked.
 * @example
 * <AnswerSources entries={useAnswerSources(message.message, message.sources)} />
 */
export function AnswerSources({ entries, label = 'Sources' }: AnswerSourcesProps) {
  const labelId = useId();
  if (entries.length === 0) return null;
  return (
    <div className="da-answer-sources">
      <p id={labelId} className="da-answer-sources-label">
        {label}
      </p>
      <ol className="da-answer-sources-list" aria-labelledby={labelId}>
        {entries.map((entry) => {
          const preview = citationPreview(entry.ids[0]!, entry.source);
          const name = preview.location ? `${preview.document}, ${preview.location}` : preview.document;
          return (
            <li
              key={entry.ids.join(',')}
              className="da-answer-source"
              data-state={entry.isRemoved ? 'removed' : 'available'}
            >
              <span className="da-answer-source-ids" aria-hidden="true">
                {entry.ids.join(', ')}
              </span>
              <span className="da-visually-hidden">{`Source ${entry.ids.join(', ')}: `}</span>
              {entry.isRemoved || !preview.link ? (
                <span className="da-answer-source-name">{name}</span>
              ) : (
                <a
                  className="da-answer-source-name"
                  href={preview.link}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {name}
                  <span className="da-visually-hidden"> (opens in a new tab)</span>
                </a>
              )}
              {entry.isRemoved ? <span className="da-answer-source-removed">removed</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Props of `ChatAnswerSources`. */
export interface ChatAnswerSourcesProps {
  /** An answer of the chat store; its sources are listed once it has finished. */
  message: Pick<ChatMessage, 'message' | 'sources' | 'status'>;
}

/**
 * {@link AnswerSources} of a chat store answer, each document marked removed once the server says
 * it was deleted since. Needs `DigitalAssistantChatProvider` (or the core provider).
 */
export function ChatAnswerSources({ message }: ChatAnswerSourcesProps) {
  const isSettled = message.status === 'done' || message.status === 'stopped';
  const entries = useAnswerSources(message.message, message.sources, { isSettled });
  return isSettled ? <AnswerSources entries={entries} /> : null;
}

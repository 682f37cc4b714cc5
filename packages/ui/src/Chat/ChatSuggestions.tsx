import { useId } from 'react';
import { Button } from '../Button/Button';

/** Props of `ChatSuggestions`. */
export interface ChatSuggestionsProps {
  /** Questions the chat can answer, each asked as it is written when chosen. */
  suggestions: readonly string[];
  /** Called with the chosen question. */
  onSelect: (question: string) => void;
  /** Nothing can be asked now (e.g. an answer is pending). @default false */
  isDisabled?: boolean;
  /** What the list is called. @default 'Try asking' */
  label?: string;
}

/**
 * Example questions under an empty conversation's intro, as buttons: choosing one asks it.
 * @example
 * <ChatSuggestions suggestions={['Error rate in staging yesterday']} onSelect={(question) => chat.send(question)} />
 */
export function ChatSuggestions({
  suggestions,
  onSelect,
  isDisabled = false,
  label = 'Try asking',
}: ChatSuggestionsProps) {
  const labelId = useId();
  if (suggestions.length === 0) return null;
  return (
    <div className="da-chat-suggestions">
      <p id={labelId} className="da-chat-suggestions-label">
        {label}
      </p>
      <ul className="da-chat-suggestions-list" aria-labelledby={labelId}>
        {suggestions.map((suggestion) => (
          <li key={suggestion}>
            <Button
              size="sm"
              className="da-chat-suggestion"
              isDisabled={isDisabled}
              onPress={() => onSelect(suggestion)}
            >
              {suggestion}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

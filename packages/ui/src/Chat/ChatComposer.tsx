import { CHAT_LAYOUT, CHAT_TEXTS, isValidPrompt } from '@digital-assistant/react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { TextArea, TextField } from 'react-aria-components';
import { Button } from '../Button/Button';
import { PlusIcon, SendIcon, StopIcon } from '../icons/icons';

/** The textarea grows with its text up to this height (180px), then scrolls (spec section 9). */
const MAX_HEIGHT_PX = CHAT_LAYOUT.textareaMaxHeight;

/** Props of `ChatComposer`. */
export interface ChatComposerProps {
  /** The text, when the parent owns it (with `onChange`). */
  value?: string;
  /** Initial text when the composer owns it; it is cleared after each send. @default '' */
  defaultValue?: string;
  /** Called on every edit. */
  onChange?: (value: string) => void;
  /** Called with the prompt on Send or Enter, only when it is not blank and nothing is pending. */
  onSend: (prompt: string) => void;
  /** A response is pending: sending is blocked until it arrives or fails. @default false */
  isPending?: boolean;
  /** The answer is streaming in: a Stop button replaces Send. @default false */
  isStreaming?: boolean;
  /**
   * Called by the Stop button, and by Escape in the composer, while the answer streams; what has
   * arrived so far is kept, nothing is sent, and the draft stays in the box with the focus.
   */
  onStop?: () => void;
  /** When given, a 'New Topic' button starts a new conversation (AI and ELK modes only). */
  onNewTopic?: () => void;
  /** @default 'How can I assist you today?' */
  placeholder?: string;
  /** Accessible name of the message box. @default 'Message' */
  'aria-label'?: string;
  /** Focus the message box on mount. */
  autoFocus?: boolean;
  /** The message box's id, e.g. for a skip link to it. */
  id?: string;
  /**
   * Why nothing can be asked here (e.g. the AI chat has no language model): shown above the box,
   * which is disabled with Send and New Topic, and describes the box.
   */
  disabledReason?: string;
  /**
   * Why Send is refused for now although the box may be written in (e.g. the AI chat without a
   * model until a file is attached): shown above the box, which it describes, and Send stays disabled.
   */
  sendDisabledReason?: string;
  /** Drawn above the message box, e.g. the `ChatAttachmentsBar` of the files attached to the question. */
  attachments?: ReactNode;
}

/**
 * The message box under a conversation: a textarea that grows up to 180px, Enter to send and
 * Shift+Enter for a new line, Send (disabled while a response is pending or the prompt is blank),
 * Stop while an answer streams, and optionally New Topic. With a `disabledReason` nothing can be
 * written or sent, and the reason says why.
 */
export function ChatComposer({
  value: controlledValue,
  defaultValue = '',
  onChange,
  onSend,
  isPending = false,
  isStreaming = false,
  onStop,
  onNewTopic,
  placeholder = CHAT_TEXTS.placeholder,
  'aria-label': ariaLabel = 'Message',
  autoFocus,
  id,
  disabledReason,
  sendDisabledReason,
  attachments,
}: ChatComposerProps) {
  const [ownValue, setOwnValue] = useState(defaultValue);
  const isControlled = controlledValue !== undefined;
  const value = isControlled ? controlledValue : ownValue;
  const textArea = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const isDisabled = Boolean(disabledReason);
  const reason = disabledReason ?? sendDisabledReason;
  const canSend = !isPending && !isDisabled && !sendDisabledReason && isValidPrompt(value);

  const setValue = (next: string) => {
    if (!isControlled) setOwnValue(next);
    onChange?.(next);
  };

  // Grow with the text up to the maximum height, then scroll. An empty box is one line (its CSS),
  // which needs no measuring: measuring lays the whole page out at once, which on a page just opened
  // made React's first commit one long task on a phone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const element = textArea.current;
    if (!element) return;
    if (value === '') {
      element.style.height = '';
      element.style.overflowY = '';
      return;
    }
    element.style.height = 'auto';
    const height = Math.min(element.scrollHeight, MAX_HEIGHT_PX);
    if (height > 0) element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [value]);

  // Send (disabled once the box is empty) and Stop (gone once stopped) cannot keep the focus they
  // were pressed with: it goes back to the box, where the person writes next.
  const focusBox = () => textArea.current?.focus();

  const send = () => {
    if (!canSend) return;
    onSend(value);
    if (!isControlled) setOwnValue('');
  };

  const stop = () => {
    onStop?.();
    focusBox();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
    focusBox();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  // Escape anywhere in the composer stops the answer, as Stop does.
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || !isStreaming || !onStop || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    stop();
  };

  return (
    <form
      className="da-composer"
      onSubmit={onSubmit}
      onKeyDown={onFormKeyDown}
      data-pending={isPending || undefined}
      data-disabled={isDisabled || undefined}
    >
      {onNewTopic ? (
        <Button
          className="da-composer-new-topic"
          variant="ghost"
          onPress={onNewTopic}
          isDisabled={isPending || isDisabled}
        >
          <PlusIcon />
          {CHAT_TEXTS.newTopic}
        </Button>
      ) : null}
      {reason ? (
        <p id={reasonId} className="da-composer-reason">
          {reason}
        </p>
      ) : null}
      {attachments}
      <div className="da-composer-box">
        <TextField
          className="da-composer-field"
          aria-label={ariaLabel}
          aria-describedby={reason ? reasonId : undefined}
          value={value}
          onChange={setValue}
          autoFocus={autoFocus && !isDisabled}
          isDisabled={isDisabled}
        >
          <TextArea
            id={id}
            ref={textArea}
            className="da-composer-input"
            placeholder={isDisabled ? undefined : placeholder}
            rows={1}
            onKeyDown={onKeyDown}
          />
        </TextField>
        {isStreaming && onStop ? (
          // Keyed apart from Send: were the same button element turned into Send while the click
          // that pressed Stop is still on its way, that click would submit the draft.
          <Button
            key="stop"
            className="da-composer-button"
            variant="secondary"
            type="button"
            onPress={stop}
            aria-label="Stop"
          >
            <StopIcon />
          </Button>
        ) : (
          <Button
            key="send"
            className="da-composer-button"
            variant="primary"
            type="submit"
            isDisabled={!canSend}
            aria-label="Send"
          >
            <SendIcon />
          </Button>
        )}
      </div>
    </form>
  );
}

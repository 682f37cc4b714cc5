/**
 * What a person can do with one message: copy an answer (as markdown or as plain text), retry a
 * failed answer, regenerate the last answer, edit and resend the last question. A toolbar per
 * message (one Tab stop, arrow keys inside); each button has a name saying what it acts on.
 */
import { CHAT_LAYOUT, CHAT_TEXTS, isValidPrompt } from '@digital-assistant/react';
import { type FormEvent, type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { Button } from '../Button/Button';
import { CheckIcon, CopyIcon, EditIcon, RefreshIcon, SendIcon } from '../icons/icons';
import { writeToClipboard } from '../Markdown/CopyButton';

/** The names and words of the message actions. */
export const MESSAGE_ACTION_TEXTS = {
  answerActions: 'Answer actions',
  questionActions: 'Question actions',
  copyMarkdown: 'Copy',
  copyMarkdownLabel: 'Copy the answer as Markdown',
  copyText: 'Copy text',
  copyTextLabel: 'Copy text of the answer, without Markdown',
  copied: CHAT_TEXTS.copied,
  retry: 'Retry',
  retryLabel: 'Retry: ask this question again',
  regenerate: 'Regenerate',
  regenerateLabel: 'Regenerate the answer',
  edit: 'Edit',
  editLabel: 'Edit the question',
  editBox: 'Edit your question',
  resend: 'Ask',
  resendLabel: 'Ask the edited question',
  cancel: 'Cancel',
} as const;

/** Props of `MessageActions`. */
export interface MessageActionsProps {
  /** An answer's actions (copy, retry, regenerate) or a question's (edit). */
  kind: 'answer' | 'question';
  /** The answer as markdown; with `plainText`, the Copy buttons are shown. */
  markdown?: string;
  /** The answer as plain text. */
  plainText?: string;
  /** Shown (Retry) when given: the answer failed. */
  onRetry?: () => void;
  /** Shown (Regenerate) when given. */
  onRegenerate?: () => void;
  /** Shown (Edit) when given: opens the question for editing. */
  onEdit?: () => void;
  /** The Edit button, e.g. to give it the focus back after editing was cancelled. */
  editButtonRef?: Ref<HTMLButtonElement>;
}

/**
 * The toolbar pattern (WAI-ARIA): arrow keys, Home and End move between its buttons, and it is one
 * Tab stop (Tab leaves from its last button, Shift+Tab from its first). A few lines of its own
 * rather than react-aria's Toolbar, for the widget's size budget.
 */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (current < 0) return;
  if (event.key === 'Tab') {
    // The browser's Tab then goes on from the toolbar's edge.
    (event.shiftKey ? buttons[0] : buttons.at(-1))?.focus();
    return;
  }
  const last = buttons.length - 1;
  const targets: Record<string, number> = {
    ArrowRight: Math.min(current + 1, last),
    ArrowDown: Math.min(current + 1, last),
    ArrowLeft: Math.max(current - 1, 0),
    ArrowUp: Math.max(current - 1, 0),
    Home: 0,
    End: last,
  };
  const next = targets[event.key];
  if (next === undefined) return;
  event.preventDefault();
  buttons[next]?.focus();
}

/** A copy button reading Copied for three seconds, as code blocks' Copy does. */
function CopyAction({ text, label, ariaLabel }: { text: string; label: string; ariaLabel: string }) {
  const [isCopied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      size="sm"
      variant="ghost"
      data-state={isCopied ? 'copied' : 'idle'}
      aria-label={isCopied ? `${ariaLabel}: ${MESSAGE_ACTION_TEXTS.copied}` : ariaLabel}
      onPress={() => {
        writeToClipboard(text).then(
          () => {
            setCopied(true);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setCopied(false), CHAT_LAYOUT.copyConfirmationMs);
          },
          () => setCopied(false),
        );
      }}
    >
      {isCopied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{isCopied ? MESSAGE_ACTION_TEXTS.copied : label}</span>
    </Button>
  );
}

/**
 * The actions under one message, as a toolbar; nothing when none applies.
 * @example
 * <MessageActions kind="answer" markdown="**Hi**" plainText="Hi" onRegenerate={() => chat.regenerate()} />
 */
export function MessageActions({
  kind,
  markdown,
  plainText,
  onRetry,
  onRegenerate,
  onEdit,
  editButtonRef,
}: MessageActionsProps) {
  const canCopy = kind === 'answer' && markdown !== undefined && plainText !== undefined && markdown !== '';
  if (!canCopy && !onRetry && !onRegenerate && !onEdit) return null;
  return (
    <div
      role="toolbar"
      className="da-message-actions"
      aria-label={
        kind === 'answer' ? MESSAGE_ACTION_TEXTS.answerActions : MESSAGE_ACTION_TEXTS.questionActions
      }
      onKeyDown={moveAlongToolbar}
    >
      {onRetry ? (
        <Button size="sm" variant="ghost" aria-label={MESSAGE_ACTION_TEXTS.retryLabel} onPress={onRetry}>
          <RefreshIcon />
          {MESSAGE_ACTION_TEXTS.retry}
        </Button>
      ) : null}
      {canCopy ? (
        <>
          <CopyAction
            text={markdown}
            label={MESSAGE_ACTION_TEXTS.copyMarkdown}
            ariaLabel={MESSAGE_ACTION_TEXTS.copyMarkdownLabel}
          />
          <CopyAction
            text={plainText}
            label={MESSAGE_ACTION_TEXTS.copyText}
            ariaLabel={MESSAGE_ACTION_TEXTS.copyTextLabel}
          />
        </>
      ) : null}
      {onRegenerate ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={MESSAGE_ACTION_TEXTS.regenerateLabel}
          onPress={onRegenerate}
        >
          <RefreshIcon />
          {MESSAGE_ACTION_TEXTS.regenerate}
        </Button>
      ) : null}
      {onEdit ? (
        <Button
          ref={editButtonRef}
          size="sm"
          variant="ghost"
          aria-label={MESSAGE_ACTION_TEXTS.editLabel}
          onPress={onEdit}
        >
          <EditIcon />
          {MESSAGE_ACTION_TEXTS.edit}
        </Button>
      ) : null}
    </div>
  );
}

export interface MessageEditFormProps {
  /** The question as it was. */
  defaultValue: string;
  /** Called with the edited question on Send or Enter (not when blank). */
  onSubmit: (prompt: string) => void;
  /** Called on Cancel or Escape. */
  onCancel: () => void;
}

/**
 * The last question open for editing, in place of its bubble: Enter or Send sends it in place of the
 * question (Shift+Enter for a new line), Escape or Cancel leaves it as it was. The box takes the focus.
 */
export function MessageEditForm({ defaultValue, onSubmit, onCancel }: MessageEditFormProps) {
  const [value, setValue] = useState(defaultValue);
  const labelId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  const isSendable = isValidPrompt(value);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (isSendable) onSubmit(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className="da-message-edit" onSubmit={submit}>
      <TextField value={value} onChange={setValue} aria-labelledby={labelId}>
        <Label id={labelId} className="da-visually-hidden">
          {MESSAGE_ACTION_TEXTS.editBox}
        </Label>
        <TextArea ref={box} className="da-message-edit-box" rows={3} onKeyDown={onKeyDown} />
      </TextField>
      <div className="da-message-edit-buttons">
        <Button size="sm" variant="ghost" onPress={onCancel}>
          {MESSAGE_ACTION_TEXTS.cancel}
        </Button>
        <Button
          size="sm"
          variant="primary"
          type="submit"
          isDisabled={!isSendable}
          aria-label={MESSAGE_ACTION_TEXTS.resendLabel}
        >
          <SendIcon />
          {MESSAGE_ACTION_TEXTS.resend}
        </Button>
      </div>
    </form>
  );
}

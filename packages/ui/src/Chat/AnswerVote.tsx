/**
 * Thumbs up or down on one answer, with an optional comment: two toggle buttons (aria-pressed), the
 * pressed one pressed again withdraws the vote. A thumbs down opens a small comment form at once; a
 * vote's comment can be added or changed later. What happened is said in a polite live region.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { Button } from '../Button/Button';
import { ThumbDownIcon, ThumbUpIcon } from '../icons/icons';

/** A vote on an answer, with its optional comment. */
export interface AnswerVoteValue {
  vote: 'up' | 'down';
  comment?: string;
}

/** The names and words of the vote buttons. */
export const ANSWER_VOTE_TEXTS = {
  group: 'Rate this answer',
  up: 'Good answer',
  down: 'Bad answer',
  addComment: 'Add a comment',
  editComment: 'Edit comment',
  commentBox: 'What was good or wrong about this answer? (optional)',
  save: 'Save',
  cancel: 'Cancel',
  votedUp: 'Thanks: you rated this answer good.',
  votedDown: 'Thanks: you rated this answer bad.',
  withdrawn: 'Your rating was removed.',
  commentSaved: 'Your comment was saved.',
  failed: 'Your rating could not be saved. Try again.',
} as const;

/** Props of `AnswerVote`. */
export interface AnswerVoteProps {
  /** The person's vote on the answer, if any. */
  value?: AnswerVoteValue;
  /**
   * Called with the new vote (with its comment), or `null` to withdraw it; may resolve whether it
   * was kept (false: the failure is said).
   */
  onChange: (value: AnswerVoteValue | null) => Promise<boolean> | undefined;
}

/**
 * The vote buttons under an answer.
 * @example
 * <AnswerVote value={message.feedback} onChange={(value) => chat.voteOnAnswer('openai', message.id, value)} />
 */
export function AnswerVote({ value, onChange }: AnswerVoteProps) {
  const [isCommenting, setCommenting] = useState(false);
  const [said, setSaid] = useState('');
  const commentButton = useRef<HTMLButtonElement>(null);
  const [isRefocusing, setRefocusing] = useState(false);
  useEffect(() => {
    if (!isRefocusing || isCommenting) return;
    commentButton.current?.focus();
    setRefocusing(false);
  }, [isRefocusing, isCommenting]);

  const send = (next: AnswerVoteValue | null, saying: string) => {
    setSaid('');
    void Promise.resolve(onChange(next)).then((isKept) =>
      setSaid(isKept === false ? ANSWER_VOTE_TEXTS.failed : saying),
    );
  };
  const press = (vote: 'up' | 'down') => {
    if (value?.vote === vote) {
      setCommenting(false);
      send(null, ANSWER_VOTE_TEXTS.withdrawn);
      return;
    }
    send(
      { vote, ...(value?.comment ? { comment: value.comment } : {}) },
      vote === 'up' ? ANSWER_VOTE_TEXTS.votedUp : ANSWER_VOTE_TEXTS.votedDown,
    );
    // A thumbs down asks what was wrong.
    if (vote === 'down') setCommenting(true);
  };
  const closeComment = () => {
    setCommenting(false);
    setRefocusing(true);
  };

  return (
    <div className="da-answer-vote">
      {/* biome-ignore lint/a11y/useSemanticElements: buttons side by side are a group, not a form's fieldset */}
      <div role="group" aria-label={ANSWER_VOTE_TEXTS.group} className="da-answer-vote-buttons">
        <Button
          size="sm"
          variant="ghost"
          aria-label={ANSWER_VOTE_TEXTS.up}
          aria-pressed={value?.vote === 'up'}
          onPress={() => press('up')}
        >
          <ThumbUpIcon />
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={ANSWER_VOTE_TEXTS.down}
          aria-pressed={value?.vote === 'down'}
          onPress={() => press('down')}
        >
          <ThumbDownIcon />
        </Button>
        {value && !isCommenting ? (
          <Button ref={commentButton} size="sm" variant="ghost" onPress={() => setCommenting(true)}>
            {value.comment ? ANSWER_VOTE_TEXTS.editComment : ANSWER_VOTE_TEXTS.addComment}
          </Button>
        ) : null}
        <span role="status" className="da-visually-hidden">
          {said}
        </span>
      </div>
      {isCommenting && value ? (
        <AnswerCommentForm
          defaultValue={value.comment ?? ''}
          onSubmit={(comment) => {
            closeComment();
            send({ vote: value.vote, ...(comment ? { comment } : {}) }, ANSWER_VOTE_TEXTS.commentSaved);
          }}
          onCancel={closeComment}
        />
      ) : null}
    </div>
  );
}

function AnswerCommentForm({
  defaultValue,
  onSubmit,
  onCancel,
}: {
  defaultValue: string;
  onSubmit: (comment: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(defaultValue);
  const labelId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    onSubmit(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className="da-answer-comment" onSubmit={submit}>
      <TextField value={text} onChange={setText} aria-labelledby={labelId}>
        <Label id={labelId} className="da-answer-comment-label">
          {ANSWER_VOTE_TEXTS.commentBox}
        </Label>
        <TextArea ref={box} className="da-message-edit-box" rows={2} maxLength={2000} onKeyDown={onKeyDown} />
      </TextField>
      <div className="da-message-edit-buttons">
        <Button size="sm" variant="ghost" onPress={onCancel}>
          {ANSWER_VOTE_TEXTS.cancel}
        </Button>
        <Button size="sm" variant="primary" type="submit">
          {ANSWER_VOTE_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}

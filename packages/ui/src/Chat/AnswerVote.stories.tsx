import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AskOnMount, DemoCore } from '../test/core-examples';
import { AnswerVote, type AnswerVoteValue } from './AnswerVote';
import { ChatConversation, ChatIntro } from './ChatConversation';
import { ChatScreen } from './ChatScreen';
import { MessageBubble } from './MessageBubble';

/**
 * Thumbs up or down under a finished answer the server kept (it carries an `AnswerId`): toggle
 * buttons (aria-pressed), the pressed one pressed again withdraws the vote; a thumbs down opens a
 * comment box (Enter saves, Escape closes), and a vote's comment can be added or edited later.
 */
const meta = {
  title: 'Chat/AnswerVote',
  component: AnswerVote,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main className="da-story-chat" style={{ padding: 24, display: 'grid', gap: 16 }}>
        <Story />
      </main>
    ),
  ],
  args: { onChange: fn(async () => true) },
} satisfies Meta<typeof AnswerVote>;

export default meta;
type Story = StoryObj<typeof meta>;

function Controlled({
  initial,
  onChange,
}: {
  initial?: AnswerVoteValue;
  onChange: (value: AnswerVoteValue | null) => Promise<boolean> | undefined;
}) {
  const [value, setValue] = useState<AnswerVoteValue | undefined>(initial);
  return (
    <MessageBubble sender="bot" text="Badges are reset at the front desk on floor 2.">
      <AnswerVote
        value={value}
        onChange={(next) => {
          setValue(next ?? undefined);
          return onChange(next);
        }}
      />
    </MessageBubble>
  );
}

/** No vote yet: both buttons unpressed. */
export const NotVoted: Story = {
  render: (args) => <Controlled onChange={args.onChange} />,
  play: async ({ canvas, args }) => {
    const up = canvas.getByRole('button', { name: 'Good answer' });
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(up);
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(args.onChange).toHaveBeenCalledWith({ vote: 'up' });
  },
};

/** A thumbs down asks what was wrong: the comment box takes the focus, Enter saves. */
export const ThumbsDownWithComment: Story = {
  render: (args) => <Controlled onChange={args.onChange} />,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Bad answer' }));
    const box = canvas.getByRole('textbox', { name: /What was good or wrong/ });
    await expect(box).toHaveFocus();
    await userEvent.type(box, 'The desk moved to floor 3{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      vote: 'down',
      comment: 'The desk moved to floor 3',
    });
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit comment' })).toHaveFocus());
  },
};

/** Voted down with a comment (as a loaded conversation shows it). */
export const VotedDown: Story = {
  render: (args) => (
    <Controlled initial={{ vote: 'down', comment: 'The desk moved to floor 3' }} onChange={args.onChange} />
  ),
};

/** The server refused the vote: it is said. */
export const Refused: Story = {
  args: { onChange: fn(async () => false) },
  render: (args) => <Controlled onChange={args.onChange} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Good answer' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('could not be saved'));
  },
};

/** In a conversation over the demo server with answer feedback: under the answer, beside its actions. */
export const InConversation: Story = {
  render: () => (
    <DemoCore options={{ chat: { streamDelayMs: 0, answerFeedback: true } }}>
      <ChatScreen.Root selection="knowledge">
        <ChatScreen.Pane pane="knowledge" aria-label="Knowledge chat: IT">
          <AskOnMount channel="knowledge" question="How do I reset my password?" />
          <ChatConversation
            channel="knowledge"
            intro={<ChatIntro selection="knowledge" department="Knowledge" />}
            composerLabel="Message to Knowledge"
          />
        </ChatScreen.Pane>
      </ChatScreen.Root>
    </DemoCore>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('group', { name: 'Rate this answer' }, { timeout: 5000 });
    await userEvent.click(within(group).getByRole('button', { name: 'Bad answer' }));
    await expect(within(group).getByRole('button', { name: 'Bad answer' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

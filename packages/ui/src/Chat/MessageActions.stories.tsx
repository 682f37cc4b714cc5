import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inAppFrame } from '../test/app-shell-examples';
import { AskOnMount, DemoCore } from '../test/core-examples';
import { ChatConversation, ChatIntro } from './ChatConversation';
import { ChatScreen } from './ChatScreen';
import { MessageActions, MessageEditForm } from './MessageActions';
import { MessageBubble } from './MessageBubble';

/**
 * The actions under a message: Copy (the answer's markdown) and Copy text (without markdown) on
 * every answer; Retry on a failed one; Regenerate on the last answer and Edit on the last question
 * where the server replaces the conversation's tail (the AI chat on the reference server, the
 * knowledge chats everywhere). One toolbar per message: one Tab stop, arrow keys inside.
 */
const meta = {
  title: 'Chat/MessageActions',
  component: MessageActions,
  tags: ['autodocs'],
  decorators: [
    // A story in the app's frame has the frame's main landmark.
    (Story, { parameters }) =>
      parameters.isInAppFrame ? (
        <Story />
      ) : (
        <main className="da-story-chat" style={{ padding: 24, display: 'grid', gap: 16 }}>
          <Story />
        </main>
      ),
  ],
  args: {
    kind: 'answer',
    markdown: '**Reset** it in the [portal](https://portal.example).',
    plainText: 'Reset it in the portal (https://portal.example).',
    onRegenerate: fn(),
  },
} satisfies Meta<typeof MessageActions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The last answer: copy it either way, or ask for another. */
export const LastAnswer: Story = {
  render: (args) => (
    <MessageBubble sender="bot" text={args.markdown ?? ''}>
      <MessageActions {...args} />
    </MessageBubble>
  ),
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Regenerate the answer' }));
    await expect(args.onRegenerate).toHaveBeenCalledOnce();
  },
};

/** A failed answer: Retry asks the question again. */
export const FailedAnswer: Story = {
  args: { markdown: undefined, plainText: undefined, onRegenerate: undefined, onRetry: fn() },
  render: (args) => (
    <MessageBubble sender="bot" text="" status="error">
      <MessageActions {...args} />
    </MessageBubble>
  ),
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retry: ask this question again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The last question, open for editing: Enter sends it in its place, Escape leaves it. */
export const EditingTheLastQuestion: Story = {
  args: { kind: 'question', onEdit: fn() },
  render: () => (
    <article className="da-message" data-sender="user" data-state="editing" aria-label="You">
      <div className="da-message-bubble">
        <MessageEditForm defaultValue="How do I reset my password?" onSubmit={fn()} onCancel={fn()} />
      </div>
    </article>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Edit your question' })).toHaveFocus();
  },
};

/**
 * In a conversation over the demo server: regenerate the last answer, then edit the last question
 * from the keyboard; each replaces the last exchange, and the focus goes to the message box.
 */
export const InAConversation: Story = {
  parameters: { isInAppFrame: true },
  decorators: [
    (Story) => (
      <DemoCore>
        <ChatScreen.Root selection="openai">
          <ChatScreen.Pane pane="openai" aria-label="AI chat">
            <AskOnMount channel="openai" question="How do I reset my password?" />
            <Story />
          </ChatScreen.Pane>
        </ChatScreen.Root>
      </DemoCore>
    ),
    inAppFrame('Chat'),
  ],
  render: () => (
    <ChatConversation
      channel="openai"
      intro={<ChatIntro selection="openai" />}
      composerLabel="Message to OpenAI GPT"
    />
  ),
  play: async ({ canvas }) => {
    const regenerate = await canvas.findByRole(
      'button',
      { name: 'Regenerate the answer' },
      { timeout: 15_000 },
    );
    await userEvent.click(regenerate);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toHaveFocus());
    const edit = await canvas.findByRole('button', { name: 'Edit the question' }, { timeout: 15_000 });
    await userEvent.click(edit);
    const box = canvas.getByRole('textbox', { name: 'Edit your question' });
    await userEvent.clear(box);
    await userEvent.type(box, 'How do I change my password?{Enter}');
    const log = canvas.getByRole('log');
    await waitFor(() => expect(log).toHaveTextContent('You asked: How do I change my password?'), {
      timeout: 15_000,
    });
    await expect(within(log).queryByText('How do I reset my password?')).toBeNull();
  },
};

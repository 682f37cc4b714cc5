import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { inAppFrame } from '../test/app-shell-examples';
import { aiConversation, knowledgeConversation } from '../test/chat-examples';
import { longCodeAnswer, richAnswer } from '../test/chat-fixtures';
import { exampleBubbles } from '../test/chat-screen-examples';
import { ChatIntro } from './ChatConversation';
import { ChatScreen } from './ChatScreen';
import { ChatScreenMessages } from './ChatScreenMessages';

const meta = {
  title: 'Chat/ChatScreen parts/ChatScreenMessages',
  component: ChatScreenMessages,
  tags: ['autodocs'],
  decorators: [inAppFrame('Chat')],
  render: (args) => (
    <ChatScreen.Root selection="knowledge">
      <ChatScreen.Pane pane="knowledge" aria-label="Knowledge chat: IT">
        <ChatScreenMessages {...args} />
      </ChatScreen.Pane>
    </ChatScreen.Root>
  ),
  args: {
    emptyState: <ChatIntro selection="knowledge" department="IT" />,
    children: exampleBubbles(knowledgeConversation),
  },
} satisfies Meta<typeof ChatScreenMessages>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A conversation: a log named 'Conversation', focusable to scroll by keyboard. */
export const Conversation: Story = {
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log', { name: 'Conversation' });
    await expect(log).toHaveAttribute('tabindex', '0');
    await expect(log).not.toHaveAttribute('aria-busy');
  },
};

/** No messages yet: the empty state. */
export const Empty: Story = {
  args: { children: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('log')).toHaveTextContent('dedicated IT support');
  },
};

/** An answer being awaited: assistive technology waits for it to settle. */
export const Busy: Story = {
  args: {
    isBusy: true,
    children: exampleBubbles([
      knowledgeConversation[0]!,
      { id: 'pending', sender: 'bot', text: '', status: 'pending' },
    ]),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('log')).toHaveAttribute('aria-busy', 'true');
  },
};

/** A long conversation: the log follows its end as answers arrive. */
export const LongConversation: Story = {
  args: {
    children: exampleBubbles([
      ...aiConversation,
      { id: 'q2', sender: 'user', text: 'And the query that times out?', status: 'done' },
      { id: 'a2', sender: 'bot', text: longCodeAnswer, status: 'done' },
      { id: 'q3', sender: 'user', text: 'Summarise it again, please.', status: 'done' },
      { id: 'a3', sender: 'bot', text: richAnswer, status: 'done' },
    ]),
  },
};

/**
 * Scrolled up to read an earlier answer: the log stays where the reader is, and 'Jump to latest'
 * over its bottom brings them back to the end (the conversation then has the focus).
 */
export const ScrolledUp: Story = {
  args: LongConversation.args,
  play: async ({ canvas, userEvent }) => {
    const log = canvas.getByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(log.scrollHeight).toBeGreaterThan(log.clientHeight));
    await expect(canvas.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
    log.scrollTop = 0;
    const jump = await canvas.findByRole('button', { name: 'Jump to latest' });
    await expect(log.scrollTop).toBe(0);
    await userEvent.click(jump);
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2));
    await expect(canvas.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
    await expect(log).toHaveFocus();
  },
};

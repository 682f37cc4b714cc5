import { type ChatMessage, useChatMessageIds } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { AskOnMount, DemoCore } from '../test/core-examples';
import { ChatMessageItem, type ChatMessageItemProps } from './ChatConversation';

/** Every message of the knowledge conversation, each drawn by ChatMessageItem from its id. */
function KnowledgeMessages({ extra }: Pick<ChatMessageItemProps, 'extra'>) {
  const ids = useChatMessageIds({ channel: 'knowledge' });
  return ids.map((id) => <ChatMessageItem key={id} id={id} extra={extra} />);
}

/** An extra drawn under each message's text: here its status, as the ELK agent draws its metrics. */
function StatusLine({ message }: { message: ChatMessage }) {
  return <p className="da-field-description">Status: {message.status}</p>;
}

/**
 * One message of the core's chat store, by its id (here the demo server's answer to a question
 * asked on mount). The story renders one item per message of the conversation.
 */
const meta = {
  title: 'Chat/ChatMessageItem',
  component: ChatMessageItem,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <DemoCore>
        <AskOnMount channel="knowledge" question="What can staff ask the assistant?" />
        <main className="da-story-chat" style={{ display: 'grid', gap: 16 }}>
          <Story />
        </main>
      </DemoCore>
    ),
  ],
  render: (args) => <KnowledgeMessages extra={args.extra} />,
  args: { id: 'each message of the conversation' },
} satisfies Meta<typeof ChatMessageItem>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The question, then the answer streaming into its bubble. */
export const QuestionAndAnswer: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.da-message-bubble')).toHaveLength(2));
    await waitFor(() => expect(canvasElement).toHaveTextContent('Staff can ask the assistant'), {
      timeout: 15_000,
    });
  },
};

/** With an extra under each message. */
export const WithExtra: Story = {
  args: { extra: StatusLine },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByText('Status: done')).toHaveLength(2), { timeout: 15_000 });
  },
};

/** An id the store does not hold renders nothing. */
export const UnknownId: Story = {
  render: (args) => <ChatMessageItem {...args} id="no-such-message" />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.da-message-bubble')).toBeNull();
  },
};

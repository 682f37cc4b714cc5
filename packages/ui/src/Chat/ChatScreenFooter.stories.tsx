import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { inAppFrame } from '../test/app-shell-examples';
import { knowledgeConversation } from '../test/chat-examples';
import { exampleBubbles } from '../test/chat-screen-examples';
import { ChatComposer } from './ChatComposer';
import { ChatScreen } from './ChatScreen';
import { ChatScreenFooter } from './ChatScreenFooter';

const meta = {
  title: 'Chat/ChatScreen parts/ChatScreenFooter',
  component: ChatScreenFooter,
  tags: ['autodocs'],
  decorators: [inAppFrame('Chat')],
  render: (args) => (
    <ChatScreen.Root selection="knowledge">
      <ChatScreen.Pane pane="knowledge" aria-label="Knowledge chat: IT">
        <ChatScreen.Messages>{exampleBubbles(knowledgeConversation)}</ChatScreen.Messages>
        <ChatScreenFooter {...args} />
      </ChatScreen.Pane>
    </ChatScreen.Root>
  ),
  args: { children: <ChatComposer onSend={fn()} aria-label="Message to IT" /> },
} satisfies Meta<typeof ChatScreenFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The composer under the conversation, at its width. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Message to IT' })).toBeVisible();
  },
};

/** While an answer streams: Stop instead of Send. */
export const Streaming: Story = {
  args: {
    children: <ChatComposer onSend={fn()} onStop={fn()} isPending isStreaming aria-label="Message to IT" />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
  },
};

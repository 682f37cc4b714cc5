import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { inAppFrame } from '../test/app-shell-examples';
import { knowledgeConversation } from '../test/chat-examples';
import { exampleBubbles } from '../test/chat-screen-examples';
import { ChatComposer } from './ChatComposer';
import { ChatIntro } from './ChatConversation';
import { ChatScreen } from './ChatScreen';
import { ChatScreenPane } from './ChatScreenPanes';

const meta = {
  title: 'Chat/ChatScreen parts/ChatScreenPane',
  component: ChatScreenPane,
  tags: ['autodocs'],
  decorators: [inAppFrame('Chat')],
  render: (args) => (
    <ChatScreen.Root selection="knowledge">
      <ChatScreenPane {...args} />
    </ChatScreen.Root>
  ),
  args: {
    pane: 'knowledge',
    'aria-label': 'Knowledge chat: IT',
    children: (
      <>
        <ChatScreen.Messages emptyState={<ChatIntro selection="knowledge" department="IT" />}>
          {exampleBubbles(knowledgeConversation)}
        </ChatScreen.Messages>
        <ChatScreen.Footer>
          <ChatComposer onSend={() => {}} aria-label="Message to IT" />
        </ChatScreen.Footer>
      </>
    ),
  },
} satisfies Meta<typeof ChatScreenPane>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The pane on show: a region named by its label. */
export const Active: Story = {
  play: async ({ canvas }) => {
    const pane = canvas.getByRole('region', { name: 'Knowledge chat: IT' });
    await expect(pane).toHaveAttribute('data-active', 'true');
    await expect(pane).not.toHaveAttribute('inert');
  },
};

/** A new conversation: the department's intro. */
export const Empty: Story = {
  args: {
    children: (
      <>
        <ChatScreen.Messages emptyState={<ChatIntro selection="knowledge" department="IT" />} />
        <ChatScreen.Footer>
          <ChatComposer onSend={() => {}} aria-label="Message to IT" />
        </ChatScreen.Footer>
      </>
    ),
  },
};

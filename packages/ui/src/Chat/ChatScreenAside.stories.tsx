import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { inAppFrame } from '../test/app-shell-examples';
import { knowledgeConversation } from '../test/chat-examples';
import { exampleKnowledgePane } from '../test/chat-screen-examples';
import { ChatScreen } from './ChatScreen';
import { ChatScreenAside } from './ChatScreenFooter';
import { ChatSourcesPanel } from './ChatSourcesPanel';

const meta = {
  title: 'Chat/ChatScreen parts/ChatScreenAside',
  component: ChatScreenAside,
  tags: ['autodocs'],
  decorators: [inAppFrame('Admin Chat', '/menu/chat')],
  render: (args) => (
    <ChatScreen.Root selection="knowledge">
      {exampleKnowledgePane()}
      <ChatScreenAside {...args} />
    </ChatScreen.Root>
  ),
  args: { children: <ChatSourcesPanel sources={knowledgeConversation[1]?.sources} /> },
} satisfies Meta<typeof ChatScreenAside>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The admin chat's Sources panel beside the conversation. */
export const Sources: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('complementary', { name: 'Sources' })).toHaveTextContent(
      'it-onboarding-vpn-guide.md',
    );
  },
};

/** Before any answer: the panel has no sources yet. */
export const NoSourcesYet: Story = {
  args: { children: <ChatSourcesPanel sources={undefined} /> },
  render: (args) => (
    <ChatScreen.Root selection="knowledge">
      {exampleKnowledgePane([])}
      <ChatScreenAside {...args} />
    </ChatScreen.Root>
  ),
};

/**
 * With `toggleLabel`: in windows of 1100px and below (an 800px window, a phone) the panel is behind a
 * 'Sources' button under the composer, with the number of sources, and opens over the conversation;
 * wider, it is beside the conversation as above.
 */
export const SourcesBehindAButton: Story = {
  args: {
    toggleLabel: 'Sources',
    count: Object.keys(knowledgeConversation[1]?.sources ?? {}).length,
  },
};

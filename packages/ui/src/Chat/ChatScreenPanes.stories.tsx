import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { inAppFrame } from '../test/app-shell-examples';
import { aiConversation } from '../test/chat-examples';
import { exampleAiPane, exampleKnowledgePane } from '../test/chat-screen-examples';
import { ChatScreen } from './ChatScreen';
import { ChatScreenPanes } from './ChatScreenPanes';

const meta = {
  title: 'Chat/ChatScreen parts/ChatScreenPanes',
  component: ChatScreenPanes,
  tags: ['autodocs'],
  decorators: [inAppFrame('Chat')],
  render: (args, { parameters }) => (
    <ChatScreen.Root selection={parameters.selection ?? 'knowledge'}>
      <ChatScreenPanes {...args} />
    </ChatScreen.Root>
  ),
  args: {
    children: (
      <>
        {exampleKnowledgePane()}
        {exampleAiPane(aiConversation)}
      </>
    ),
  },
} satisfies Meta<typeof ChatScreenPanes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Both panes mounted side by side; the track shows the knowledge pane. */
export const KnowledgeOnShow: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Knowledge chat: IT' })).toBeVisible();
  },
};

/** The track slid to the AI pane. */
export const AiOnShow: Story = {
  parameters: { selection: 'openai' },
  play: async ({ canvas, canvasElement }) => {
    const track = canvasElement.querySelector('.da-chat-panes-track') as HTMLElement;
    await waitFor(() => expect(track.getBoundingClientRect().x).toBeLessThan(0));
    await expect(canvas.getByRole('region', { name: 'AI chat' })).toBeVisible();
  },
};

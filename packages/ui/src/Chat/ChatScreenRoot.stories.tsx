import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { inAppFrame } from '../test/app-shell-examples';
import { aiConversation, knowledgeConversation } from '../test/chat-examples';
import { exampleAiPane, exampleKnowledgePane } from '../test/chat-screen-examples';
import { ChatScreen } from './ChatScreen';
import { ChatScreenRoot } from './ChatScreenRoot';
import { ChatSourcesPanel } from './ChatSourcesPanel';

const meta = {
  title: 'Chat/ChatScreen parts/ChatScreenRoot',
  component: ChatScreenRoot,
  tags: ['autodocs'],
  decorators: [inAppFrame('Chat')],
  args: {
    selection: 'knowledge',
    children: (
      <ChatScreen.Panes>
        {exampleKnowledgePane()}
        {exampleAiPane(aiConversation)}
      </ChatScreen.Panes>
    ),
  },
} satisfies Meta<typeof ChatScreenRoot>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The knowledge pane on show; the AI pane is inert. */
export const Knowledge: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.da-chat-screen')).toHaveAttribute(
      'data-selection',
      'knowledge',
    );
    await expect(canvasElement.querySelector('[data-pane="openai"]')).toHaveAttribute('inert');
  },
};

/** The AI pane on show. */
export const OpenAi: Story = { args: { selection: 'openai' } };

/** The admin chat: one knowledge pane and the Sources panel beside it. */
export const WithAside: Story = {
  args: {
    children: (
      <>
        {exampleKnowledgePane()}
        <ChatScreen.Aside>
          <ChatSourcesPanel sources={knowledgeConversation[1]?.sources} />
        </ChatScreen.Aside>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('complementary', { name: 'Sources' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { aiConversation, ChatScreenExample, knowledgeConversation } from '../test/chat-examples';
import { hostileAnswer, longCodeAnswer } from '../test/chat-fixtures';

const meta = {
  title: 'Chat/ChatScreen',
  component: ChatScreenExample,
  tags: ['autodocs'],
  args: { menuMode: 'docked' },
} satisfies Meta<typeof ChatScreenExample>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new knowledge chat: the department's description until the first question. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('log', { name: 'Conversation' })).toHaveTextContent('dedicated IT support');
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'How can I assist you today?',
    );
    await expect(canvas.queryByRole('button', { name: 'New Topic' })).toBeNull();
  },
};

/** A knowledge answer with citation chips. */
export const KnowledgeWithCitations: Story = {
  args: { knowledgeMessages: knowledgeConversation },
};

/** The AI chat with its conversation highlighted in History and New Topic. */
export const AiConversation: Story = {
  args: { selection: 'openai', aiMessages: aiConversation, currentConversationId: 'c-2' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('row', { name: 'Rotating database passwords in pre-prod' }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(canvas.getByRole('button', { name: 'New Topic' })).toBeVisible();
  },
};

/** Asking: the spinner while pending, then the answer streams in block by block; Stop while it does. */
export const Streaming: Story = {
  args: { chunkDelay: 60 },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'How do I connect to the VPN?{Enter}');
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('link', { name: /Source 1/ }).length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Send' })).toBeVisible(), {
      timeout: 10_000,
    });
  },
};

/** Stopping keeps what was said so far. */
export const Stopped: Story = {
  args: { chunkDelay: 120 },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'VPN?{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible());
    await waitFor(() => expect(canvas.getByRole('log')).toHaveTextContent('To connect'), { timeout: 10_000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await expect(canvas.getByText('Stopped')).toBeVisible();
  },
};

/** A failed answer, in red. */
export const ErrorAnswer: Story = {
  args: { selection: 'openai', reply: { error: 'Error fetching response' } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error fetching response');
  },
};

/** A hostile answer streams in and stays inert. */
export const HostilePayload: Story = {
  args: { selection: 'openai', reply: { text: hostileAnswer }, chunkDelay: 10 },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await waitFor(() => expect(canvas.getByRole('link', { name: /Image: tracking pixel/ })).toBeVisible(), {
      timeout: 10_000,
    });
    await expect(canvasElement.querySelector('.da-chat-screen script, .da-chat-screen img')).toBeNull();
  },
};

/** A long code answer scrolls inside its block. */
export const LongCode: Story = {
  args: {
    selection: 'openai',
    aiMessages: [{ id: 'l1', sender: 'bot', text: longCodeAnswer, status: 'done' }],
  },
};

/** Switching to OpenAI GPT slides the panes (300ms) and the knowledge pane becomes inert. */
export const SlideBetweenPanes: Story = {
  args: { knowledgeMessages: knowledgeConversation, aiMessages: aiConversation },
  play: async ({ canvas, canvasElement }) => {
    const track = canvasElement.querySelector('.da-chat-panes-track') as HTMLElement;
    await expect(getComputedStyle(track).getPropertyValue('--da-chat-slide-duration').trim()).toBe('300ms');
    await userEvent.click(canvas.getByRole('button', { name: 'OpenAI GPT' }));
    await waitFor(() => expect(track.getBoundingClientRect().x).toBeLessThan(0));
    await expect(canvas.getByRole('region', { name: 'AI chat' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-pane="knowledge"]')).toHaveAttribute('inert');
  },
};

/** Deleting a conversation from History asks first. */
export const DeleteFromHistory: Story = {
  args: { selection: 'openai', aiMessages: aiConversation, currentConversationId: 'c-1' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete chat: VPN setup from home' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Delete',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'VPN setup from home' })).toBeNull());
  },
};

/** The admin chat: one knowledge pane and the Sources panel. */
export const AdminChatWithSources: Story = {
  args: { isAdmin: true, knowledgeMessages: knowledgeConversation },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('complementary', { name: 'Sources' });
    await expect(panel).toHaveTextContent('it-onboarding-vpn-guide.md');
  },
};

/** An 800px window: the menu is a drawer, the header selector keeps its labels. */
export const Narrow800: Story = {
  args: { menuMode: 'drawer', knowledgeMessages: knowledgeConversation },
  decorators: [
    (Story) => (
      <div style={{ width: 800 }}>
        <Story />
      </div>
    ),
  ],
};

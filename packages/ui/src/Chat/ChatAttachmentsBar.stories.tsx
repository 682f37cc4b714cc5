import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChatAttachmentsBar } from './ChatAttachmentsBar';
import { ChatComposer } from './ChatComposer';

/**
 * The attach button beside the composer and a chip per attached file, removable before sending;
 * a refused file's reason is announced (`role="alert"`) and the question being written is kept.
 */
const meta = {
  title: 'Chat/ChatAttachmentsBar',
  component: ChatAttachmentsBar,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main className="da-story-chat" style={{ padding: 24, maxWidth: 720 }}>
        <Story />
      </main>
    ),
  ],
  args: { items: [], accept: '.pdf,.docx,.pptx,.md,.txt,.csv,.html', onAdd: fn(), onRemove: fn() },
} satisfies Meta<typeof ChatAttachmentsBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing attached yet: the button alone. */
export const Empty: Story = {};

/** One file read, one still being read. */
export const WithFiles: Story = {
  args: {
    items: [
      { key: 'a', name: 'office-move.md', size: 2048, status: 'ready', id: '1' },
      { key: 'b', name: 'travel-policy-2026.pdf', size: 480_000, status: 'uploading' },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove office-move.md' }));
    await expect(args.onRemove).toHaveBeenCalledWith('a');
  },
};

/** A refused file says why, at once. */
export const Refused: Story = {
  args: {
    items: [{ key: 'a', name: 'office-move.md', size: 2048, status: 'ready', id: '1' }],
    error: 'tool.exe: this type of file cannot be read.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('tool.exe');
  },
};

/** Above the message box, as the chats show it. */
export const InTheComposer: Story = {
  render: (args) => (
    <ChatComposer
      onSend={fn()}
      defaultValue="When do we move?"
      attachments={<ChatAttachmentsBar {...args} />}
    />
  ),
  args: {
    items: [{ key: 'a', name: 'office-move.md', size: 2048, status: 'ready', id: '1' }],
  },
};

import { chatMessages } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ChatComposer } from './ChatComposer';

const meta = {
  title: 'Chat/ChatComposer',
  component: ChatComposer,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main style={{ padding: 24, maxWidth: 760 }}>
        <Story />
      </main>
    ),
  ],
  args: { onSend: fn(), onStop: fn() },
} satisfies Meta<typeof ChatComposer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the placeholder, Send disabled. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByPlaceholderText('How can I assist you today?')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** Enter sends; Shift+Enter adds a line. */
export const Typing: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Two lines{Shift>}{Enter}{/Shift}of question{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Two lines\nof question');
    await expect(box).toHaveValue('');
  },
};

/** The textarea grows with its text up to 180px, then scrolls; emptied, it is one line again. */
export const GrowsTo180px: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Message' });
    const singleLine = box.getBoundingClientRect().height;
    await userEvent.type(box, 'line{Shift>}{Enter}{/Shift}line');
    await waitFor(() => expect(box.getBoundingClientRect().height).toBeGreaterThan(singleLine));
    await userEvent.type(
      box,
      '{Shift>}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{/Shift}end',
    );
    await waitFor(() => expect(box.getBoundingClientRect().height).toBe(180));
    await expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
    // Emptied (as after sending), it is one line again.
    await userEvent.clear(box);
    await waitFor(() => expect(box.getBoundingClientRect().height).toBe(singleLine));
  },
};

/** A response is pending: Send is disabled even with text. */
export const Pending: Story = {
  args: { isPending: true, defaultValue: 'And for the staging environment?' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** The answer is streaming: Stop replaces Send. */
export const Streaming: Story = {
  args: { isPending: true, isStreaming: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await expect(args.onStop).toHaveBeenCalledOnce();
  },
};

/** In AI and ELK modes, with New Topic. */
export const WithNewTopic: Story = {
  args: { onNewTopic: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New Topic' }));
    await expect(args.onNewTopic).toHaveBeenCalledOnce();
  },
};

/** Nothing can be asked here (the AI chat without a language model): the reason, and everything disabled. */
export const Disabled: Story = {
  args: {
    onNewTopic: fn(),
    disabledReason: chatMessages.modelMissingReason,
  },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(chatMessages.modelMissingReason);
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'New Topic' })).toBeDisabled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ChatSuggestions } from './ChatSuggestions';

const meta = {
  title: 'Chat/ChatSuggestions',
  component: ChatSuggestions,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main className="da-chat-empty" style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
  args: {
    onSelect: fn(),
    suggestions: [
      'CPU and memory in prod over the last 7 days',
      'Error rate across all environments yesterday',
      'p95 latency in staging over the last 24 hours',
    ],
  },
} satisfies Meta<typeof ChatSuggestions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The ELK agent's examples: choosing one asks it. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'Error rate across all environments yesterday' }),
    );
    await expect(args.onSelect).toHaveBeenCalledWith('Error rate across all environments yesterday');
  },
};

/** While an answer is pending nothing else is asked. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { elkHtml } from '../test/chat-fixtures';
import { ElkMetricsPanel } from './ElkMetricsPanel';
import { MessageBubble } from './MessageBubble';

/** An ELK reply in its bubble, the metrics toggled as the chat store's toggleMetrics does. */
function ElkReply({ initiallyVisible }: { initiallyVisible: boolean }) {
  const [visible, setVisible] = useState(initiallyVisible);
  return (
    <MessageBubble
      sender="bot"
      text="CPU on tenant **acme** peaked at 92% at 11:00; memory stayed under 70%."
    >
      <ElkMetricsPanel
        elk={{ html: elkHtml, visible, machineType: 'n2-standard-8', totalMemory: 32 }}
        onToggle={() => setVisible((shown) => !shown)}
      />
    </MessageBubble>
  );
}

const meta = {
  title: 'Chat/ElkMetricsPanel',
  component: ElkReply,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
  args: { initiallyVisible: false },
} satisfies Meta<typeof ElkReply>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden by default: Show Metrics reveals them. */
export const Hidden: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show Metrics' }));
    await expect(canvas.getByRole('table')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hide Metrics' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** Shown: Machine Type, Total Memory (GB) and the table. */
export const Shown: Story = { args: { initiallyVisible: true } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { itSources } from '../test/chat-fixtures';
import { ChatSourcesPanel } from './ChatSourcesPanel';

const meta = {
  title: 'Chat/ChatSourcesPanel',
  component: ChatSourcesPanel,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main style={{ padding: 24, maxWidth: 380 }}>
        <Story />
      </main>
    ),
  ],
  args: { sources: itSources },
} satisfies Meta<typeof ChatSourcesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each source's id, passage and reference links. */
export const WithSources: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /vpn-troubleshooting\.pdf/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  },
};

/** Before the first answer. */
export const BeforeFirstAnswer: Story = { args: { sources: undefined } };

/** An answer without sources. */
export const NoSources: Story = { args: { sources: {} } };

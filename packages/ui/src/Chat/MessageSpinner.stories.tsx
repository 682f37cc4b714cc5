import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MessageSpinner } from './MessageSpinner';

const meta = {
  title: 'Chat/MessageSpinner',
  component: MessageSpinner,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
} satisfies Meta<typeof MessageSpinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An indeterminate progress bar of diameter 35. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const spinner = canvas.getByRole('progressbar', { name: 'Waiting for the answer' });
    await expect(spinner).not.toHaveAttribute('aria-valuenow');
    await expect(spinner.getBoundingClientRect().width).toBe(35);
  },
};

export const CustomLabel: Story = { args: { 'aria-label': 'Loading the conversation' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor } from 'storybook/test';
import { sampleToken } from '../test/fixtures';
import { CopyButton } from './CopyButton';

const meta = {
  title: 'Foundation/CopyButton',
  component: CopyButton,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { text: sampleToken, 'aria-label': 'Copy token' },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

/** Pressing it copies the text and it reads Copied (for three seconds). */
export const Copied: Story = {
  beforeEach() {
    // A test's synthetic click is no user gesture, which the real clipboard requires.
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => writeText.mockRestore();
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy token' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible());
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(sampleToken);
  },
};

/** The clipboard refused and so did the fallback: it stays on Copy rather than claiming success. */
export const Refused: Story = {
  beforeEach() {
    const writeText = spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const execCommand = spyOn(document, 'execCommand').mockReturnValue(false);
    return () => {
      writeText.mockRestore();
      execCommand.mockRestore();
    };
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Copy token' });
    await userEvent.click(button);
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalled());
    await expect(button).toHaveAttribute('data-state', 'idle');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { CodeReviewHeader } from './CodeReviewHeader';

const meta = {
  title: 'Code review/CodeReviewHeader',
  component: CodeReviewHeader,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    message: { kind: 'success', text: 'Fetched latest file info.' },
    isViewing: false,
    isBusy: false,
    onRefresh: fn(),
    onUpload: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof CodeReviewHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The list: Refresh and Upload. */
export const List: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Upload/ }));
    await expect(args.onUpload).toHaveBeenCalledOnce();
  },
};

/** A review open: Close instead. */
export const Viewing: Story = {
  args: { isViewing: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** Uploading: the percentage sent, every button disabled. */
export const Uploading: Story = {
  args: { isBusy: true, uploadProgress: 42, message: { kind: 'info', text: 'Uploading file.' } },
};

export const ErrorMessage: Story = {
  args: { message: { kind: 'error', text: 'Error fetching file list.' } },
};

export const NoMessage: Story = { args: { message: null } };

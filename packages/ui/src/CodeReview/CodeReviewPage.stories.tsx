import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { manyReviewFiles, reviewJson, reviewPageProps } from '../test/review-fixtures';
import { CodeReviewPage } from './CodeReviewPage';

/**
 * The page as `useCodeReview()` drives it, one state per story (the clickable version with every
 * state is 'Code review/CodeReviewPage'). Actions are spies.
 */
const meta = {
  title: 'Code review/CodeReviewPage props',
  component: CodeReviewPage,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: reviewPageProps({}, { refresh: fn(), openUpload: fn(), viewFile: fn(), deleteFile: fn() }),
} satisfies Meta<typeof CodeReviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Files in every status; Refresh asks the hook to fetch again. */
export const Files: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Refresh/ }));
    await expect(args.refresh).toHaveBeenCalledOnce();
  },
};

export const Loading: Story = {
  args: reviewPageProps({
    files: [],
    hasFetched: false,
    isBusy: true,
    message: { kind: 'info', text: 'Fetching file list.' },
  }),
};

export const Empty: Story = { args: reviewPageProps({ files: [] }) };

export const ListError: Story = {
  args: reviewPageProps({
    files: [],
    listError: 'Error fetching file list.',
    message: { kind: 'error', text: 'Error fetching file list.' },
  }),
};

/** 45 files: pages of the list. */
export const ManyFiles: Story = { args: reviewPageProps({ files: manyReviewFiles, page: 2 }) };

/** A review opened: the tree and the first function. */
export const Viewing: Story = {
  args: reviewPageProps({ review: reviewJson }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

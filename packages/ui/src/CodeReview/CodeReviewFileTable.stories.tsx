import { reviewPage } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { manyReviewFiles, reviewFiles, reviewPageProps } from '../test/review-fixtures';
import { CodeReviewFileTable } from './CodeReviewFileTable';

const { actionsFor } = reviewPageProps();

const meta = {
  title: 'Code review/CodeReviewFileTable',
  component: CodeReviewFileTable,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    page: reviewPage(reviewFiles, '', 1),
    filter: '',
    onFilterChange: fn(),
    onPageChange: fn(),
    actionsFor,
    onView: fn(),
    onDownload: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof CodeReviewFileTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Files in every status; a row's buttons follow what the file allows. */
export const EveryStatus: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Pending (7/18 files)')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'View billing-service.zip' }));
    await expect(args.onView).toHaveBeenCalledWith(reviewFiles[0]);
  },
};

/** Typing in the filter reports it. */
export const Filtered: Story = {
  args: { filter: 'billing', page: reviewPage(reviewFiles, 'billing', 1) },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('searchbox'), '-s');
    await expect(args.onFilterChange).toHaveBeenCalled();
  },
};

/** 45 files, page 2. */
export const Paged: Story = { args: { page: reviewPage(manyReviewFiles, '', 2) } };

export const Empty: Story = { args: { page: reviewPage([], '', 1) } };
export const Loading: Story = { args: { page: reviewPage([], '', 1), isLoading: true } };
export const ErrorState: Story = {
  name: 'Error',
  args: { page: reviewPage([], '', 1), error: 'Error fetching file list.' },
};
export const Busy: Story = { args: { isBusy: true } };

import { paginationWindow } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Pagination } from './Pagination';

const meta = {
  title: 'Administration/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { pages: [1, '…', 4, 5, 6, 7, 8, '…', 20], page: 6, pageCount: 20, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Middle: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Page 8' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(8);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(5);
  },
};

export const FirstPage: Story = {
  args: { pages: paginationWindow(1, 20), page: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  },
};

export const LastPage: Story = {
  args: { pages: paginationWindow(20, 20), page: 20 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const WithSummary: Story = {
  args: { pages: paginationWindow(2, 3), page: 2, pageCount: 3, totalCount: 60, pageSize: 25 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Showing 26–50 of 60')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button/Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Foundation/PageHeader',
  component: PageHeader,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { title: 'Users and Permissions' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Close as a link (to the menu page). */
export const WithCloseLink: Story = {
  args: { closeHref: '/menu' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/menu');
  },
};

/** Close as a button with actions before it. */
export const WithActions: Story = {
  args: { onClose: fn(), children: <Button variant="primary">Upload</Button> },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

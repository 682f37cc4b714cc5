import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { RolesToolbar } from './RolesTable';

const meta = {
  title: 'Administration/RolesToolbar',
  component: RolesToolbar,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { onCreateRole: fn() },
} satisfies Meta<typeof RolesToolbar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Create Role Group' opens the role group sidebar. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('toolbar', { name: 'Role group actions' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create Role Group' }));
    await expect(args.onCreateRole).toHaveBeenCalledOnce();
  },
};

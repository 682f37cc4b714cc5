import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { UsersToolbar } from './UsersToolbar';

const meta = {
  title: 'Administration/UsersToolbar',
  component: UsersToolbar,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    onAddUser: fn(),
    onModifyUserRoles: fn(),
    onGenerateToken: fn(),
    onDeleteSelected: fn(),
    selectedCount: 0,
  },
} satisfies Meta<typeof UsersToolbar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing selected: 'Delete Selected' is disabled. */
export const NothingSelected: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Delete Selected' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Add User' }));
    await expect(args.onAddUser).toHaveBeenCalledOnce();
  },
};

/** Three users selected: the count shows on the selection's actions. */
export const ThreeSelected: Story = {
  args: { selectedCount: 3 },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Selected (3)' }));
    await expect(args.onDeleteSelected).toHaveBeenCalledOnce();
  },
};

/** A server that deactivates users: Deactivate and Reactivate Selected too. */
export const WithDeactivation: Story = {
  args: { selectedCount: 2, onDeactivateSelected: fn(), onReactivateSelected: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Deactivate Selected (2)' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Reactivate Selected (2)' })).toBeEnabled();
  },
};

/** A token is being generated: its button shows progress. */
export const GeneratingToken: Story = { args: { isGeneratingToken: true } };

/** Without `onDeleteSelected` (no permission), there is no delete action. */
export const WithoutDelete: Story = {
  args: { onDeleteSelected: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /Delete Selected/ })).toBeNull();
  },
};

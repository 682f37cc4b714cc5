import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { CloseIcon, MenuIcon, TrashIcon } from '../icons/icons';
import { IconButton } from './Button';

const meta = {
  title: 'Foundation/IconButton',
  component: IconButton,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { 'aria-label': 'Delete', onPress: fn(), children: <TrashIcon /> },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An icon-only button is named by its `aria-label`, which pressing it does not change. */
export const Ghost: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', 'aria-label': 'Toggle menu', children: <MenuIcon /> },
};
export const Small: Story = { args: { size: 'sm', 'aria-label': 'Dismiss', children: <CloseIcon /> } };

/** Disabled: not pressable and out of the tab order. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Delete' })).toBeDisabled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoggedOutScreen } from './LoggedOutScreen';

const meta = {
  title: 'Foundation/LoggedOutScreen',
  component: LoggedOutScreen,
  tags: ['autodocs'],
  args: { onLogin: fn() },
} satisfies Meta<typeof LoggedOutScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Logout' });
    await expect(dialog).toHaveTextContent('You have successfully logged out.');
    await expect(args.onLogin).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    await expect(args.onLogin).toHaveBeenCalledOnce();
  },
};

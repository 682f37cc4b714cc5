import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { LoginScreen } from './LoginScreen';

const meta = {
  title: 'Foundation/LoginScreen',
  component: LoginScreen,
  tags: ['autodocs'],
  args: { onLogin: fn() },
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While single sign-on starts. */
export const SigningIn: Story = {
  args: { isSigningIn: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Signing you in…');
  },
};

/** Fallback when sign-in did not start by itself. */
export const Idle: Story = {
  args: { isSigningIn: false },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onLogin).toHaveBeenCalledOnce();
  },
};

/** Back from single sign-on refused: a deactivated account says why, and Login tries again. */
export const AccountDeactivated: Story = {
  args: { errorMessage: 'Your account is deactivated. Ask an administrator to reactivate it.' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your account is deactivated.');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onLogin).toHaveBeenCalledOnce();
  },
};

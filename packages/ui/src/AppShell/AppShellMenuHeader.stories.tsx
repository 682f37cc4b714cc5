import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellMenuHeader } from './AppShellMenuHeader';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellMenuHeader',
  component: AppShellMenuHeader,
  tags: ['autodocs'],
  render: (args) => <ShellAround menuHeader={<AppShell.MenuHeader {...args} />} />,
  args: { chatHref: '/chat', title: 'Digital Assistant' },
} satisfies Meta<typeof AppShellMenuHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Logo and product title, both one link to chat. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /Digital Assistant/ })).toHaveAttribute('href', '/chat');
  },
};

/** A long product title wraps inside the 265px panel. */
export const LongTitle: Story = { args: { title: 'Digital Assistant for Operations and Customer Success' } };

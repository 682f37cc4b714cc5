import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ChatIcon, CompassIcon } from '../icons/icons';
import { ShellAround } from '../test/app-shell-examples';
import { AppShellMenuNav } from './AppShellMenuNav';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellMenuNav',
  component: AppShellMenuNav,
  tags: ['autodocs'],
  render: (args) => (
    <ShellAround
      menu={
        <AppShell.MenuPanel>
          <AppShell.MenuHeader />
          <AppShell.MenuNav {...args} />
        </AppShell.MenuPanel>
      }
    />
  ),
  args: {
    children: (
      <>
        <AppShell.MenuLink href="/menu" icon={<CompassIcon />}>
          Discover
        </AppShell.MenuLink>
        <AppShell.AgentsSection />
        <AppShell.AdminSection />
      </>
    ),
  },
} satisfies Meta<typeof AppShellMenuNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A navigation landmark named 'Main'. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
  },
};

/** More links than fit: the navigation scrolls between header and footer. */
export const LongList: Story = {
  args: {
    children: Array.from({ length: 40 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
      <AppShell.MenuLink key={index} href={`/chat/${index}`} icon={<ChatIcon />}>
        Conversation {index + 1}
      </AppShell.MenuLink>
    )),
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CompassIcon } from '../icons/icons';
import { ShellAround, sampleStaff } from '../test/app-shell-examples';
import { AppShellMenuPanel } from './AppShellMenuPanel';
import { AppShell } from './index';

const meta = {
  title: 'Foundation/AppShell parts/AppShellMenuPanel',
  component: AppShellMenuPanel,
  tags: ['autodocs'],
  render: (args) => <ShellAround menu={<AppShell.MenuPanel {...args} />} />,
  args: {
    children: (
      <>
        <AppShell.MenuHeader />
        <AppShell.MenuNav>
          <AppShell.MenuLink href="/menu" icon={<CompassIcon />}>
            Discover
          </AppShell.MenuLink>
          <AppShell.AgentsSection isElkDisabled />
        </AppShell.MenuNav>
        <AppShell.Footer user={sampleStaff} onLogout={() => {}} />
      </>
    ),
  },
} satisfies Meta<typeof AppShellMenuPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The left panel: a complementary landmark named 'Menu'. */
export const Docked: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('complementary', { name: 'Menu' })).toHaveAttribute('data-state', 'open');
  },
};

/** Another accessible name. */
export const Labelled: Story = {
  args: { 'aria-label': 'Assistant menu' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('complementary', { name: 'Assistant menu' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CompassIcon } from '../icons/icons';
import { sampleAdmin } from '../test/app-shell-examples';
import { AppShellRoot } from './AppShellRoot';
import { AppShell } from './index';

const frame = (
  <>
    <AppShell.MenuPanel>
      <AppShell.MenuHeader />
      <AppShell.MenuNav>
        <AppShell.MenuLink href="/menu" icon={<CompassIcon />}>
          Discover
        </AppShell.MenuLink>
        <AppShell.AgentsSection />
        <AppShell.AdminSection />
      </AppShell.MenuNav>
      <AppShell.Footer user={sampleAdmin} onLogout={() => {}} />
    </AppShell.MenuPanel>
    <AppShell.Main>
      <AppShell.Header title="Users & Permissions" />
      <AppShell.Content>
        <div className="da-page">
          <p>Page content goes here.</p>
        </div>
      </AppShell.Content>
    </AppShell.Main>
  </>
);

const meta = {
  title: 'Foundation/AppShell parts/AppShellRoot',
  component: AppShellRoot,
  tags: ['autodocs'],
  args: {
    currentPath: '/users',
    menuMode: 'docked',
    defaultMenuOpen: true,
    onMenuOpenChange: fn(),
    children: frame,
  },
} satisfies Meta<typeof AppShellRoot>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Uncontrolled and docked: the menu beside the page, the current page's link marked. */
export const Docked: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Users & Permissions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('main')).toBeVisible();
  },
};

/** Starts collapsed; the toggle reports each change. */
export const StartsCollapsed: Story = {
  args: { defaultMenuOpen: false },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle menu' }));
    await expect(args.onMenuOpenChange).toHaveBeenCalledWith(true);
  },
};

/** As a drawer (narrow windows): a modal over the page, closed by Escape. */
export const Drawer: Story = {
  args: { menuMode: 'drawer', defaultMenuOpen: false },
  play: async ({ canvas, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle menu' }));
    await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  },
};

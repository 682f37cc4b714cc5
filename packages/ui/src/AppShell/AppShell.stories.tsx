import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CompassIcon } from '../icons/icons';
import { PageHeader } from '../PageHeader/PageHeader';
import type { ProfileUser } from '../ProfilePopup/ProfilePopup';
import type { AppShellMenuMode } from './AppShellContext';
import { AppShell } from './index';

const admin: ProfileUser = {
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'CORE_ADMINS',
  version: '0.1.0',
};
const staff: ProfileUser = { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF', version: '0.1.0' };

interface ShellExampleProps {
  /** Admin: Admin section shown, Elk Agent enabled. */
  isAdmin: boolean;
  /** Initial state of the menu panel. */
  defaultMenuOpen: boolean;
  /** Signed-in user. */
  user: ProfileUser;
  /** Current route. */
  currentPath: string;
  /** Title in the header. */
  pageTitle: string;
  /** Docked beside the page or a drawer over it (by default the window width decides). */
  menuMode?: AppShellMenuMode;
  onLogout: () => void;
  onMenuOpenChange: (isOpen: boolean) => void;
}

function ShellExample({
  isAdmin,
  defaultMenuOpen,
  user,
  currentPath,
  pageTitle,
  menuMode,
  onLogout,
  onMenuOpenChange,
}: ShellExampleProps) {
  const [isMenuOpen, setMenuOpen] = useState(defaultMenuOpen);
  return (
    <AppShell.Root
      isMenuOpen={isMenuOpen}
      onMenuOpenChange={(open) => {
        setMenuOpen(open);
        onMenuOpenChange(open);
      }}
      currentPath={currentPath}
      menuMode={menuMode}
    >
      <AppShell.MenuPanel>
        <AppShell.MenuHeader />
        <AppShell.MenuNav>
          <AppShell.MenuLink href="/menu" icon={<CompassIcon />}>
            Discover
          </AppShell.MenuLink>
          <AppShell.AgentsSection isElkDisabled={!isAdmin} />
          {isAdmin ? <AppShell.AdminSection /> : null}
        </AppShell.MenuNav>
        <AppShell.Footer user={user} onLogout={onLogout} />
      </AppShell.MenuPanel>
      <AppShell.Main>
        <AppShell.Header title={pageTitle} />
        <AppShell.Content>
          <div className="da-page">
            <PageHeader title={pageTitle} closeHref="/menu" />
            <p>Page content goes here.</p>
          </div>
        </AppShell.Content>
      </AppShell.Main>
    </AppShell.Root>
  );
}

const meta = {
  title: 'Foundation/AppShell',
  component: ShellExample,
  tags: ['autodocs'],
  args: {
    isAdmin: false,
    defaultMenuOpen: true,
    user: staff,
    currentPath: '/codereview',
    pageTitle: 'Code Review',
    menuMode: 'docked',
    onLogout: fn(),
    onMenuOpenChange: fn(),
  },
} satisfies Meta<typeof ShellExample>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff member: no Admin section, Elk Agent disabled. */
export const Staff: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { name: 'Admin' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Elk Agent' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('link', { name: 'Code Review' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Administrator: Admin section with Users & Permissions, File Status and Admin Chat. */
export const Admin: Story = {
  args: { isAdmin: true, user: admin, currentPath: '/users', pageTitle: 'Users & Permissions' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Admin' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Users & Permissions' })).toHaveAttribute('href', '/users');
    await expect(canvas.getByRole('link', { name: 'Elk Agent' })).not.toHaveAttribute('aria-disabled');
  },
};

/** Menu collapsed: nothing of the panel is left on screen, not even its border. */
export const Collapsed: Story = {
  args: { defaultMenuOpen: false },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('complementary', { hidden: true });
    await waitFor(() => expect(panel.getBoundingClientRect().width).toBe(0));
  },
};

/**
 * At 1000px and below the menu is a modal drawer below the header: the toggle stays uncovered,
 * a 'Close menu' button and Escape close it, and focus goes back to the toggle.
 */
export const Drawer: Story = {
  args: { isAdmin: true, user: admin, currentPath: '/users', defaultMenuOpen: false, menuMode: 'drawer' },
  play: async ({ canvas, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const toggle = canvas.getByRole('button', { name: 'Toggle menu' });
    await userEvent.click(toggle);
    const drawer = await body.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(drawer.getAnimations({ subtree: true })).toHaveLength(0));
    await expect(body.getByRole('button', { name: 'Close menu' })).toBeVisible();
    const box = toggle.getBoundingClientRect();
    const atToggle = canvasElement.ownerDocument.elementFromPoint(
      box.x + box.width / 2,
      box.y + box.height / 2,
    );
    await expect(drawer.contains(atToggle)).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    await waitFor(() => expect(toggle).toHaveFocus());
  },
};

/** Pressing 'Toggle menu' collapses and re-opens the panel. */
export const TogglesMenu: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('button', { name: 'Toggle menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onMenuOpenChange).toHaveBeenLastCalledWith(false);
    await expect(canvas.getByRole('complementary', { hidden: true })).toHaveAttribute('data-state', 'closed');
    await userEvent.click(toggle);
    await expect(args.onMenuOpenChange).toHaveBeenLastCalledWith(true);
  },
};

/** The footer button opens the profile popup; Logout signs out. */
export const ProfileOpen: Story = {
  args: { isAdmin: true, user: admin },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Ada Admin/ }));
    const popup = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Profile' });
    await waitFor(() => expect(within(popup).getByText('CORE_ADMINS')).toBeVisible());
    await expect(within(popup).getByText('admin@example.com')).toBeVisible();
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

/** A user without a name is shown by e-mail. */
export const UserWithoutName: Story = {
  args: { user: { email: 'no.name@example.com', name: '', role: 'STAFF', version: '0.1.0' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /no\.name@example\.com/ })).toBeVisible();
  },
};

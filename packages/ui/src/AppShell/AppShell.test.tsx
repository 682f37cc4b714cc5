import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileUser } from '../ProfilePopup/ProfilePopup';
import { accessibilityViolations } from '../test/axe';
import type { AppShellMenuMode } from './AppShellContext';
import { AppShell } from './index';

const admin: ProfileUser = {
  email: 'admin@example.com',
  name: 'Ada Lovelace King',
  role: 'CORE_ADMINS',
  version: '1.2.3',
};

function Shell({
  isAdmin = false,
  user = admin,
  onLogout = () => {},
  onMenuOpenChange,
  isMenuOpen,
  menuMode,
  currentPath = '/menu',
}: {
  isAdmin?: boolean;
  user?: ProfileUser;
  onLogout?: () => void;
  onMenuOpenChange?: (open: boolean) => void;
  isMenuOpen?: boolean;
  menuMode?: AppShellMenuMode;
  currentPath?: string;
}) {
  return (
    <AppShell.Root
      isMenuOpen={isMenuOpen}
      onMenuOpenChange={onMenuOpenChange}
      currentPath={currentPath}
      menuMode={menuMode}
    >
      <AppShell.MenuPanel>
        <AppShell.MenuHeader />
        <AppShell.MenuNav>
          <AppShell.MenuLink href="/menu">Discover</AppShell.MenuLink>
          <AppShell.AgentsSection isElkDisabled={!isAdmin} />
          {isAdmin ? <AppShell.AdminSection /> : null}
        </AppShell.MenuNav>
        <AppShell.Footer user={user} onLogout={onLogout} />
      </AppShell.MenuPanel>
      <AppShell.Main>
        <AppShell.Header title={<h1>Discover</h1>} />
        <AppShell.Content>
          <button type="button">A button of the page</button>
        </AppShell.Content>
      </AppShell.Main>
    </AppShell.Root>
  );
}

describe('AppShell', () => {
  it('links the logo and title to chat and Discover to the menu page', () => {
    render(<Shell />);
    expect(screen.getByRole('link', { name: 'Digital Assistant' })).toHaveAttribute('href', '/chat');
    const discover = screen.getByRole('link', { name: 'Discover' });
    expect(discover).toHaveAttribute('href', '/menu');
    expect(discover).toHaveAttribute('aria-current', 'page');
  });

  it('collapses and reopens the menu with the Toggle menu button', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    const panel = screen.getByRole('complementary', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveAttribute('data-state', 'closed');
    expect(panel).toHaveAttribute('inert');
    await user.click(toggle);
    expect(panel).toHaveAttribute('data-state', 'open');
  });

  it('reports toggles to a controlling parent without changing on its own', async () => {
    const user = userEvent.setup();
    const onMenuOpenChange = vi.fn();
    render(<Shell isMenuOpen={false} onMenuOpenChange={onMenuOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(onMenuOpenChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows staff the Agents section with Elk Agent disabled and no Admin section', () => {
    render(<Shell isAdmin={false} />);
    expect(screen.getByRole('link', { name: 'Code Review' })).toHaveAttribute('href', '/codereview');
    expect(screen.getByRole('link', { name: 'Elk Agent' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('region', { name: 'Admin' })).toBeNull();
  });

  it('shows admins the Admin section with its three pages', () => {
    render(<Shell isAdmin />);
    const section = screen.getByRole('region', { name: 'Admin' });
    expect(within(section).getByRole('link', { name: 'Users & Permissions' })).toHaveAttribute(
      'href',
      '/users',
    );
    expect(within(section).getByRole('link', { name: 'File Status' })).toHaveAttribute('href', '/status');
    expect(within(section).getByRole('link', { name: 'Admin Chat' })).toHaveAttribute('href', '/menu/chat');
    expect(screen.getByRole('link', { name: 'Elk Agent' })).not.toHaveAttribute('aria-disabled');
  });

  it("shows the user's initials (two letters) and name in the footer", () => {
    render(<Shell />);
    const footer = screen.getByRole('button', { name: /Ada Lovelace King/ });
    expect(footer).toHaveTextContent('AL');
  });

  it('falls back to the e-mail in the footer when the user has no name', () => {
    render(<Shell user={{ email: 'x@example.com', name: null, role: 'STAFF' }} />);
    expect(screen.getByRole('button', { name: /x@example\.com/ })).toBeInTheDocument();
  });

  it('opens the profile popup from the footer and logs out from it', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(<Shell onLogout={onLogout} />);
    await user.click(screen.getByRole('button', { name: /Ada Lovelace King/ }));
    const popup = await screen.findByRole('dialog', { name: 'Profile' });
    expect(within(popup).getByText('1.2.3')).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Profile' })).toBeNull();
  });

  it('throws a clear error when a part is used outside AppShell.Root', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<AppShell.Header />)).toThrow('AppShell.Header must be used within AppShell');
    expect(() => render(<AppShell.AdminSection />)).toThrow(
      'AppShell.AdminSection must be used within AppShell',
    );
    vi.restoreAllMocks();
  });

  it('has no accessibility violations, menu open or collapsed', async () => {
    const { unmount } = render(<Shell isAdmin />);
    expect(await accessibilityViolations()).toEqual([]);
    unmount();
    render(<Shell isAdmin isMenuOpen={false} />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});

/** The shell as the app uses it: a router that records where links lead, the path following it. */
function RoutedShell({
  initialPath = '/menu',
  initialMode = 'drawer',
  initiallyOpen = false,
}: {
  initialPath?: string;
  initialMode?: AppShellMenuMode;
  initiallyOpen?: boolean;
}) {
  const [path, setPath] = useState(initialPath);
  const [mode, setMode] = useState(initialMode);
  const [isOpen, setOpen] = useState(initiallyOpen);
  return (
    <RouterProvider navigate={setPath}>
      <output data-testid="path">{path}</output>
      <button type="button" onClick={() => setMode(mode === 'drawer' ? 'docked' : 'drawer')}>
        Change width
      </button>
      <Shell isAdmin isMenuOpen={isOpen} onMenuOpenChange={setOpen} menuMode={mode} currentPath={path} />
    </RouterProvider>
  );
}

describe('AppShell as a drawer (1000px and below)', () => {
  // While the drawer is open the page behind it, header included, is hidden from assistive technology.
  const toggle = () => screen.getByRole('button', { name: 'Toggle menu', hidden: true });
  const drawer = () => screen.queryByRole('dialog', { name: 'Menu' });

  it('is closed until the toggle opens it as a modal dialog with a visible close button', async () => {
    const user = userEvent.setup();
    render(<RoutedShell />);
    expect(drawer()).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Menu' })).toBeNull();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle());
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Users & Permissions' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(drawer()).toBeNull());
    await waitFor(() => expect(toggle()).toHaveFocus());
  });

  it('closes with Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    render(<RoutedShell />);
    toggle().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(drawer()).toBeNull());
    await waitFor(() => expect(toggle()).toHaveFocus());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside it', async () => {
    const user = userEvent.setup();
    render(<RoutedShell />);
    await user.click(toggle());
    await screen.findByRole('dialog', { name: 'Menu' });
    // The overlay behind the drawer is what a click beside it lands on.
    await user.click(document.querySelector('.da-menu-drawer-overlay') as HTMLElement);
    await waitFor(() => expect(drawer()).toBeNull());
  });

  it('keeps Tab inside while open: the page behind cannot be reached', async () => {
    const user = userEvent.setup();
    render(<RoutedShell />);
    await user.click(toggle());
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    for (let press = 0; press < 15; press++) {
      await user.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
    for (let press = 0; press < 15; press++) {
      await user.tab({ shift: true });
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes once a link has been followed, and the link still leads to its page', async () => {
    const user = userEvent.setup();
    render(<RoutedShell />);
    await user.click(toggle());
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Users & Permissions' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/users');
    await waitFor(() => expect(drawer()).toBeNull());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when it leads to the page already shown', async () => {
    const user = userEvent.setup();
    render(<RoutedShell initialPath="/users" />);
    await user.click(toggle());
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Users & Permissions' }));
    await waitFor(() => expect(drawer()).toBeNull());
  });

  it('closes when the window narrows with the docked menu open, and docks open again when it widens', async () => {
    render(<RoutedShell initialMode="docked" initiallyOpen />);
    const panel = screen.getByRole('complementary', { name: 'Menu' });
    expect(panel).toHaveAttribute('data-state', 'open');
    act(() => screen.getByRole('button', { name: 'Change width' }).click());
    expect(drawer()).toBeNull();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    act(() => screen.getByRole('button', { name: 'Change width' }).click());
    expect(screen.getByRole('complementary', { name: 'Menu' })).toHaveAttribute('data-state', 'open');
  });

  it('has no accessibility violations, open or closed', async () => {
    const user = userEvent.setup();
    render(<RoutedShell />);
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(toggle());
    await screen.findByRole('dialog', { name: 'Menu' });
    expect(await accessibilityViolations()).toEqual([]);
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileUser } from '../ProfilePopup/ProfilePopup';
import { accessibilityViolations } from '../test/axe';
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
}: {
  isAdmin?: boolean;
  user?: ProfileUser;
  onLogout?: () => void;
  onMenuOpenChange?: (open: boolean) => void;
  isMenuOpen?: boolean;
}) {
  return (
    <AppShell.Root isMenuOpen={isMenuOpen} onMenuOpenChange={onMenuOpenChange} currentPath="/menu">
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
        <AppShell.Content>content</AppShell.Content>
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

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TenantSettingsPage } from '../TenantSettingsPage/TenantSettingsPage';
import { accessibilityViolations } from '../test/axe';
import { AgentsLanding, DiscoverLanding } from './LandingPages';

describe('AgentsLanding', () => {
  it('shows staff the Code Enhancement and ELK agent cards', () => {
    render(<AgentsLanding isAdmin={false} />);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent(
      'Code Enhancement AgentUpload your python files as .zip to receive potential improvements, in both code & docstrings',
    );
    expect(cards[1]).toHaveTextContent(
      'ELK AgentGet ELK metrics for a specific environment/tenant over a period of time.',
    );
    expect(screen.getByRole('link', { name: /^Upload/ })).toHaveAttribute('href', '/codereview');
    expect(screen.getByRole('link', { name: /^Chat/ })).toHaveAttribute('href', '/elk');
    expect(screen.queryByText('Train Bot')).toBeNull();
  });

  it('adds Train Bot, Admin Chat, Users and Status for admins', async () => {
    const user = userEvent.setup();
    const onTrainBot = vi.fn();
    render(<AgentsLanding isAdmin onTrainBot={onTrainBot} />);
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByRole('link', { name: /Admin Chat/ })).toHaveAttribute('href', '/menu/chat');
    expect(screen.getByRole('link', { name: /Users$/ })).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: /Status$/ })).toHaveAttribute('href', '/status');
    await user.click(screen.getByRole('button', { name: /Train Bot/ }));
    expect(onTrainBot).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <AgentsLanding isAdmin />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('tells someone without the permission that the ELK agent needs it and whom to ask, not that it is coming soon', async () => {
    const note =
      'Your role group, STAFF, does not have the ELK chat permission (elk_chat). Ask an administrator (CORE_ADMINS) to add it.';
    render(
      <main>
        <AgentsLanding isAdmin={false} elkPermissionNote={note} />
      </main>,
    );
    const card = screen.getAllByRole('article')[1]!;
    expect(card).toHaveTextContent('Needs permission');
    expect(card).toHaveTextContent(note);
    expect(card).not.toHaveTextContent('Coming soon');
    expect(screen.getByRole('link', { name: /^Chat/ })).toHaveAttribute('aria-disabled', 'true');
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('DiscoverLanding', () => {
  it('is titled Discover and shows the same cards', () => {
    render(<DiscoverLanding isAdmin={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Discover' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});

describe('TenantSettingsPage', () => {
  it("shows the header 'Tenant Settings' and closes back to the landing page", async () => {
    render(
      <main>
        <TenantSettingsPage />
      </main>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Tenant Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/agents');
    expect(await accessibilityViolations()).toEqual([]);
  });
});

import { createClient, type User } from '@digital-assistant/sdk';
import { createDemoServer, type DemoServer } from '@digital-assistant/sdk/testing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';

const user = (role: string): User => ({
  email: `${role.toLowerCase()}@example.com`,
  name: role === 'CORE_ADMINS' ? 'Ada Admin' : 'Sam Staff',
  role,
  version: '0.1.0',
  is_active: true,
  is_bot_account: false,
});

const servers: DemoServer[] = [];

/**
 * The SDK's demo server (every answer checked against the contract) with this user signed in, or
 * nobody, and handing out this SSO address.
 */
function serverFor(signedIn: User | null) {
  const server = createDemoServer({
    signedIn,
    users: [],
    roles: {},
    identityProviderUrl: 'https://idp.example.com/auth?state=x',
  });
  servers.push(server);
  return server;
}

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderApp(path: string, signedIn: User | null) {
  const redirect = vi.fn();
  const client = createClient({ baseUrl: 'http://app.test', fetch: serverFor(signedIn).fetch });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App client={client} redirect={redirect} />
      <Location />
    </MemoryRouter>,
  );
  return { redirect, location: () => screen.getByTestId('location').textContent };
}

afterEach(() => {
  cleanup();
  for (const server of servers.splice(0)) server.assertNoViolations();
});

describe('the reference app', () => {
  it('sends a signed-out visitor to /login and starts single sign-on, to come back to the page asked for', async () => {
    const app = renderApp('/users', null);
    await waitFor(() =>
      expect(app.redirect).toHaveBeenCalledWith('https://idp.example.com/auth?state=x&returnTo=/users'),
    );
    expect(app.location()).toBe('/login?returnTo=%2Fusers');
  });

  it('sends a visitor of chat/Knowledge to /login alone, since sign-in leads there anyway', async () => {
    const app = renderApp('/chat/Knowledge', null);
    await waitFor(() => expect(app.redirect).toHaveBeenCalledWith('https://idp.example.com/auth?state=x'));
    expect(app.location()).toBe('/login');
  });

  it('keeps a staff member out of the admin pages', async () => {
    const app = renderApp('/users', user('STAFF'));
    await waitFor(() => expect(app.location()).toBe('/chat/Knowledge'));
    expect(screen.queryByRole('heading', { name: 'Admin' })).toBeNull();
  });

  it('opens Users & Permissions for an admin', async () => {
    const app = renderApp('/users', user('CORE_ADMINS'));
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(app.location()).toBe('/users');
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeTruthy();
  });

  it('sends empty and unknown paths to chat/Knowledge', async () => {
    const app = renderApp('/no/such/page', user('STAFF'));
    await waitFor(() => expect(app.location()).toBe('/chat/Knowledge'));
  });

  it('shows pong! on the health pages without asking who is signed in', async () => {
    renderApp('/healthz', null);
    expect(await screen.findByText('pong!')).toBeTruthy();
  });
});

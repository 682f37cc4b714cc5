import { createClient, type User } from '@digital-assistant/sdk';
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

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A server that knows who is signed in and hands out an SSO address; every other call is unknown. */
function serverFor(signedIn: User | null) {
  return async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/auth') {
      return signedIn
        ? json(200, { user: signedIn, features: [] })
        : json(401, { error: 'You are not signed in.', code: 'unauthenticated' });
    }
    if (pathname === '/api/auth/sso') return json(200, { authUrl: 'https://idp.example.com/auth?state=x' });
    if (pathname === '/api/users') return json(200, { user_profiles: [] });
    if (pathname === '/api/roles/allgroups') return json(200, { roles: [] });
    return json(404, { error: 'Not found', code: 'not_found' });
  };
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderApp(path: string, signedIn: User | null) {
  const redirect = vi.fn();
  const client = createClient({ baseUrl: 'http://app.test', fetch: serverFor(signedIn) });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App client={client} redirect={redirect} />
      <Location />
    </MemoryRouter>,
  );
  return { redirect, location: () => screen.getByTestId('location').textContent };
}

afterEach(cleanup);

describe('the reference app', () => {
  it('sends a signed-out visitor to /login and starts single sign-on', async () => {
    const app = renderApp('/users', null);
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

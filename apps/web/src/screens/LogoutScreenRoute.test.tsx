import { createClient, type User } from '@digital-assistant/sdk';
import { createDemoServer, type DemoServer } from '@digital-assistant/sdk/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';

const staff: User = {
  email: 'staff@example.com',
  name: 'Sam Staff',
  role: 'STAFF',
  version: '0.1.0',
  is_active: true,
  is_bot_account: false,
};

const servers: DemoServer[] = [];

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderApp(path: string, signedIn: User | null) {
  const server = createDemoServer({ signedIn });
  servers.push(server);
  const redirect = vi.fn();
  const client = createClient({ baseUrl: 'http://app.test', fetch: server.fetch });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App client={client} redirect={redirect} />
      <Location />
    </MemoryRouter>,
  );
  return { server, redirect };
}

afterEach(() => {
  cleanup();
  for (const server of servers.splice(0)) server.assertNoViolations();
});

describe('/logout opened directly', () => {
  it('signs the person out, as the Logout button does, then says so', async () => {
    const { server, redirect } = renderApp('/logout', staff);
    expect(await screen.findByText('You have successfully logged out.')).toBeTruthy();
    expect(server.callsTo('POST /api/users/logout').map((call) => call.body)).toEqual([
      { email: 'staff@example.com' },
    ]);
    expect(server.state.sessionUser).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/logout');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('says so without calling logout when nobody is signed in', async () => {
    const { server } = renderApp('/logout', null);
    expect(await screen.findByText('You have successfully logged out.')).toBeTruthy();
    expect(server.callsTo('POST /api/users/logout')).toHaveLength(0);
  });
});

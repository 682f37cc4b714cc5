// The whole app (router, providers, lazy screens) against the SDK's demo server, for screen tests:
// demo users, a renderer that tracks its servers, and the platform's upload classes.
import { createClient, type User } from '@digital-assistant/sdk';
import { createDemoServer, type DemoServer, type DemoServerOptions } from '@digital-assistant/sdk/testing';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { type Mock, vi } from 'vitest';
import { App } from '../App';

export const admin: User = {
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'CORE_ADMINS',
  version: '0.1.0',
  is_active: true,
  is_bot_account: false,
};
export const staff: User = { ...admin, email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' };
export const pgaMember: User = { ...admin, email: 'pga@example.com', name: 'Pat Pga', role: 'PGA' };

/** The current path with its query, for tests to read (`data-testid="location"`). */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

const servers: DemoServer[] = [];

/**
 * Renders the whole app at `path` on `server`, which `cleanupApps` then checks; `withLocation` adds
 * the current path (`data-testid="location"`). Its `redirect` spy (the app's way to leave for SSO).
 */
export function renderAppOn(
  server: DemoServer,
  path: string,
  { withLocation = false } = {},
): { redirect: Mock<(url: string) => void> } {
  servers.push(server);
  const redirect = vi.fn<(url: string) => void>();
  const client = createClient({ baseUrl: 'http://app.test', fetch: server.fetch });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App client={client} redirect={redirect} />
      {withLocation ? <Location /> : null}
    </MemoryRouter>,
  );
  return { redirect };
}

/** A `renderApp(path, options)` that signs `signedIn` in unless the options name someone else. */
export function appRenderer(signedIn: User) {
  return (path: string, options: DemoServerOptions = {}): DemoServer => {
    const server = createDemoServer({ signedIn, ...options });
    renderAppOn(server, path, { withLocation: true });
    return server;
  };
}

/** For afterEach: unmounts, and fails the test if a request broke the contract. */
export function cleanupApps(): void {
  cleanup();
  for (const server of servers.splice(0)) server.assertNoViolations();
}

/**
 * For beforeEach of upload tests: jsdom's FormData and File cannot be sent by the platform's fetch,
 * and uploads in a browser take XMLHttpRequest, which would leave the in-memory server; with the
 * platform's classes the SDK takes its fetch path (the one it uses outside browsers) to the demo
 * server. Undo with `vi.unstubAllGlobals()`.
 */
export async function usePlatformUploads(): Promise<void> {
  const form = await new Response('a=1', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }).formData();
  const nodeBuffer: string = 'node:buffer';
  const platform = (await import(/* @vite-ignore */ nodeBuffer)) as { File: typeof File; Blob: typeof Blob };
  vi.stubGlobal('FormData', form.constructor);
  vi.stubGlobal('File', platform.File);
  vi.stubGlobal('Blob', platform.Blob);
  vi.stubGlobal('XMLHttpRequest', undefined);
}

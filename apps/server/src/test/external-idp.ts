// Test support: a server whose single sign-on goes to an external OpenID provider, the built-in one
// on its own Fastify and port (the app only knows its issuer URL), both over real HTTP on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type Provider from 'oidc-provider';
import {
  BUILTIN_CLIENT_ID,
  createBuiltinProvider,
  mountBuiltinProvider,
} from '../features/identity/index.js';
import type { Config } from '../platform/config/config.js';
import { startTestServer, type TestServer } from './harness.js';

export interface ExternalIdpServer {
  server: TestServer;
  /** The server's local address, http://127.0.0.1:PORT. */
  origin: string;
  close: () => Promise<void>;
}

/**
 * A PGlite server with `overrides`, signing in through an external provider whose client redirects
 * to `${redirectBase ?? origin}/api/auth/sso/callback` (the server's public address, if it has one).
 */
export async function startWithExternalIdp(
  overrides: Partial<Config> = {},
  redirectBase?: string,
): Promise<ExternalIdpServer> {
  const idp = Fastify();
  let provider: Provider | undefined;
  await mountBuiltinProvider(idp, () => provider!);
  await idp.listen({ port: 0, host: '127.0.0.1' });
  const issuer = `http://127.0.0.1:${(idp.server.address() as AddressInfo).port}/oidc`;
  const server = await startTestServer('pglite', {
    oidc: { issuer, clientId: BUILTIN_CLIENT_ID, clientSecret: 'external-secret' },
    ...overrides,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  provider = createBuiltinProvider({
    issuer,
    clientSecret: 'external-secret',
    redirectUri: `${redirectBase ?? origin}/api/auth/sso/callback`,
  });
  return {
    server,
    origin,
    async close() {
      await server.close();
      await idp.close();
    },
  };
}

// Assembles the server: platform plugins (cookies, security headers, errors, authorization), the
// contract with every feature's handlers, the built-in identity provider when no external one is
// configured, and the web app. `buildApp` is what tests use with app.inject; main.ts listens.
import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type Provider from 'oidc-provider';
import { createAuditHandlers } from './features/audit/handlers.js';
import { createChatHandlers } from './features/chat/handlers.js';
import type { FeatureContext } from './features/context.js';
import { createFilesHandlers } from './features/files/handlers.js';
import { createHealthHandlers } from './features/health/handlers.js';
import {
  BUILTIN_CLIENT_ID,
  BUILTIN_MOUNT,
  createBuiltinProvider,
  mountBuiltinProvider,
} from './features/identity/builtin-provider.js';
import { seedDemoUsers } from './features/identity/demo-accounts.js';
import { createIdentityHandlers } from './features/identity/handlers.js';
import { SsoClient } from './features/identity/sso.js';
import { createRolesHandlers } from './features/roles/handlers.js';
import { createTokensHandlers } from './features/tokens/handlers.js';
import { createUsersHandlers } from './features/users/handlers.js';
import { registerAuthorization } from './platform/auth/authorize.js';
import { randomSecret } from './platform/auth/secrets.js';
import type { Config } from './platform/config/config.js';
import { openapiPath } from './platform/config/paths.js';
import type { Db } from './platform/db/db.js';
import { openDatabase } from './platform/db/open.js';
import {
  type Handlers,
  loadContract,
  type OpenApiDocument,
  registerContract,
} from './platform/http/contract.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerWeb } from './platform/http/web.js';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (tests); by default the configured one is opened and closed with the app. */
  db?: Db;
  /** The contract; by default openapi/openapi.yaml of the repository. */
  contract?: OpenApiDocument;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const ownsDb = !options.db;
  const db = options.db ?? (await openDatabase(config));
  if (ownsDb) app.addHook('onClose', async () => db.close());

  try {
    const publicUrl = (): string => {
      if (config.publicUrl) return config.publicUrl;
      const address = app.server.address() as AddressInfo | null;
      if (!address || typeof address !== 'object') {
        throw new Error('PUBLIC_URL is not configured and the server is not listening yet');
      }
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
    };
    const context: FeatureContext = { db, config, publicUrl, log: app.log };
    const isBuiltinIdp = !config.oidc.issuer;
    if (isBuiltinIdp) await seedDemoUsers(db);

    await app.register(cookie);
    await registerSecurityHeaders(app, { isHttps: (config.publicUrl ?? '').startsWith('https:') });
    await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 50 } });
    registerErrorHandler(app);
    registerAuthorization(app, db, config);

    const redirectUri = () => `${publicUrl()}/api/auth/sso/callback`;
    let sso: SsoClient;
    let provider: Provider | undefined;
    if (isBuiltinIdp) {
      const clientSecret = randomSecret(32);
      const issuer = () => `${publicUrl()}${BUILTIN_MOUNT}`;
      sso = new SsoClient({
        issuer,
        clientId: BUILTIN_CLIENT_ID,
        clientSecret,
        redirectUri,
        // Demo accounts are for switching between roles: ask which one every time.
        extraParameters: { prompt: 'login' },
      });
      await mountBuiltinProvider(app, () => {
        provider ??= createBuiltinProvider({
          issuer: issuer(),
          clientSecret,
          redirectUri: redirectUri(),
          trustProxy: config.trustProxy,
        });
        return provider;
      });
    } else {
      sso = new SsoClient({
        issuer: () => config.oidc.issuer!,
        clientId: config.oidc.clientId!,
        clientSecret: config.oidc.clientSecret,
        redirectUri,
      });
    }

    const handlers: Handlers = {
      ...createHealthHandlers(),
      ...createIdentityHandlers(context, sso),
      ...createUsersHandlers(context),
      ...createRolesHandlers(context),
      ...createTokensHandlers(context),
      ...createAuditHandlers(context),
      ...createFilesHandlers(),
      ...createChatHandlers(),
    };
    await registerContract(app, options.contract ?? loadContract(openapiPath()), handlers);
    await registerWeb(app, config.webDist);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => {});
    if (ownsDb) await db.close().catch(() => {});
    throw error;
  }
}

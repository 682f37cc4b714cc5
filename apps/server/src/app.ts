// Assembles the server: platform plugins (cookies, security headers, errors, authorization), the
// contract with every feature's handlers, the built-in identity provider when no external one is
// configured, and the web app. `buildApp` is what tests use with app.inject; main.ts listens.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type Provider from 'oidc-provider';
import type { FeatureContext } from './features/context.js';
import {
  BUILTIN_CLIENT_ID,
  BUILTIN_MOUNT,
  createBuiltinProvider,
  mountBuiltinProvider,
} from './features/identity/builtin-provider.js';
import { seedDemoUsers } from './features/identity/demo-accounts.js';
import { endUserSessions } from './features/identity/index.js';
import { SsoClient } from './features/identity/sso.js';
import { registerWidgetPopup } from './features/identity/widget-popup.js';
import { KnowledgeVectors } from './features/knowledge/index.js';
import { MODULES } from './modules.js';
import { registerAuthorization } from './platform/auth/authorize.js';
import { randomSecret } from './platform/auth/secrets.js';
import { DatabaseBlobs } from './platform/blobs/blobs.js';
import type { Config } from './platform/config/config.js';
import { openapiPath } from './platform/config/paths.js';
import type { Db } from './platform/db/db.js';
import { openDatabase } from './platform/db/open.js';
import { tracedDb } from './platform/db/traced.js';
import { createClientErrorHandler } from './platform/http/client-errors.js';
import { loadContract, type OpenApiDocument, registerContract } from './platform/http/contract.js';
import { registerCors } from './platform/http/cors.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { registerJsonBodyParser } from './platform/http/json-body.js';
import { registerRateLimit, signInRateLimit } from './platform/http/rate-limit.js';
import { registerSecurityHeaders, socketAnswerHeaders } from './platform/http/security-headers.js';
import { registerWeb } from './platform/http/web.js';
import { registerWidgetHelp } from './platform/http/widget-help.js';
import { registerWidgetScript } from './platform/http/widget-script.js';
import { Jobs } from './platform/jobs/jobs.js';
import { createConfiguredEmbedder } from './platform/llm/index.js';
import { collectHandlers, type FeatureModule, startModules } from './platform/modules.js';
import { registerApiReference } from './platform/operations/api-reference.js';
import { registerHealthRoutes } from './platform/operations/health.js';
import { registerLifecycle } from './platform/operations/lifecycle.js';
import { exposeMetrics, ServerMetrics } from './platform/operations/metrics.js';
import { startTracing, tracer } from './platform/operations/tracing.js';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database (tests); by default the configured one is opened and closed with the app. */
  db?: Db;
  /** The contract; by default openapi/openapi.yaml of the repository. */
  contract?: OpenApiDocument;
  /** The modules to build from; by default every module of the server (src/modules.ts). */
  modules?: readonly FeatureModule[];
  logger?: FastifyServerOptions['logger'];
}

/**
 * Every request answered inside its server span (continuing the caller's `traceparent`), named after
 * its route once routed. Node's request listener is wrapped rather than Fastify's server replaced
 * (serverFactory), which would change its timeouts and closing.
 */
function traceRequests(app: FastifyInstance): void {
  const listeners = app.server.listeners('request') as Array<
    (request: IncomingMessage, response: ServerResponse) => void
  >;
  for (const listener of listeners) {
    app.server.removeListener('request', listener);
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const current = tracer();
      if (current) current.serve(request, response, () => listener(request, response));
      else listener(request, response);
    });
  }
  app.addHook('onRequest', async (request) => {
    const span = tracer()?.activeSpan();
    const route = request.routeOptions.url;
    if (!span || !route) return;
    span.updateName(`${request.method} ${route}`);
    span.setAttributes({
      'http.route': route,
      'da.operation': request.routeOptions.config.operation?.operationId,
    });
  });
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const securityHeaders = {
    isHttps: (config.publicUrl ?? '').startsWith('https:'),
    hasWidgetOrigins: config.widgetOrigins.length > 0,
  };
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests Node's parser refuses (an over-long URL...) get the error body and the usual headers.
    clientErrorHandler: createClientErrorHandler(socketAnswerHeaders(securityHeaders)),
  });
  // Deep nesting is refused before the body is parsed (a 1 MiB body of `[` is cheap to send).
  registerJsonBodyParser(app);
  const modules = options.modules ?? MODULES;
  const ownsDb = !options.db;
  // Traces only with an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT): otherwise no OpenTelemetry
  // module is even loaded, and the requests and the database go unwrapped.
  const tracing = config.tracing ? await startTracing(config.tracing, config.appVersion) : undefined;
  if (tracing) traceRequests(app);
  const openedDb =
    options.db ??
    (await openDatabase(config, modules).catch(async (error: unknown) => {
      await tracing?.stop();
      throw error;
    }));
  const db = tracing ? tracedDb(openedDb) : openedDb;
  const metrics = new ServerMetrics(db, () => jobs, {
    hasProcessMetrics: config.metrics.port !== undefined || config.metrics.token !== undefined,
  });
  const jobs = new Jobs(db, { log: app.log, onAttemptEnd: (attempt) => metrics.jobAttemptEnded(attempt) });
  const lifecycle = registerLifecycle(app);
  metrics.registerHttpHooks(app);
  // A graceful shutdown hands running jobs back at once, for another instance to take.
  lifecycle.onShutdown(() => jobs.handBack());
  let stopModules = async () => {};
  let isShutDown = false;
  // Modules stop first (no new work), then running jobs finish or are left to expire, then the db.
  const shutDown = async () => {
    if (isShutDown) return;
    isShutDown = true;
    await stopModules();
    await jobs.stop();
    if (ownsDb) await db.close();
    // Last, so the spans of everything above are exported too.
    await tracing?.stop();
  };
  app.addHook('onClose', shutDown);

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
    const isBuiltinIdp = !config.oidc.issuer;
    if (isBuiltinIdp) await seedDemoUsers(db);

    await app.register(cookie);
    await registerSecurityHeaders(app, securityHeaders);
    const redis = await registerRateLimit(app, config);
    await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 50 } });
    registerErrorHandler(app);
    // After the error handler (its refusals use it) and before authorization (preflights carry no cookie).
    await registerCors(app, config.widgetOrigins);
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
      await mountBuiltinProvider(
        app,
        () => {
          provider ??= createBuiltinProvider({ issuer: issuer(), clientSecret, redirectUri: redirectUri() });
          return provider;
        },
        { rateLimit: signInRateLimit(config) },
      );
    } else {
      sso = new SsoClient({
        issuer: () => config.oidc.issuer!,
        clientId: config.oidc.clientId!,
        clientSecret: config.oidc.clientSecret,
        redirectUri,
      });
    }

    const blobs = new DatabaseBlobs(db);
    const embedder = createConfiguredEmbedder(config.llm);
    const knowledgeVectors = embedder
      ? new KnowledgeVectors(embedder, { minSimilarity: config.llm.embeddingMinSimilarity, log: app.log })
      : undefined;
    const context: FeatureContext = {
      db,
      config,
      publicUrl,
      log: app.log,
      jobs,
      blobs,
      sso,
      endUserSessions,
      metrics,
      ...(knowledgeVectors ? { knowledgeVectors } : {}),
    };
    const handlers = collectHandlers(modules, context);
    await registerContract(app, options.contract ?? loadContract(openapiPath()), handlers);
    registerWidgetScript(app, config.widgetDist);
    registerWidgetHelp(app);
    registerWidgetPopup(app, { db, config, sso, publicUrl });
    registerHealthRoutes(app, { db, jobs, lifecycle, ...(redis ? { redis } : {}) });
    await exposeMetrics(app, metrics, config.metrics);
    await registerApiReference(app, openapiPath());
    await registerWeb(app, config.webDist);
    await app.ready();
    await blobs.sweepAbandoned();
    stopModules = await startModules(modules, context);
    return app;
  } catch (error) {
    await app.close().catch(() => {});
    await shutDown().catch(() => {});
    throw error;
  }
}

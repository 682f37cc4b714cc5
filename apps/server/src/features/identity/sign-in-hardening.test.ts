// The anonymous sign-in surface: returnTo only as a path on this site, a rate limit per client
// address (counters in Redis when REDIS_URL is set, shared by every instance), and the built-in
// provider's URLs built from PUBLIC_URL whatever Host header a client forges.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../platform/config/config.js';
import { openTestDb, startTestServer, type TestServer, testConfig } from '../../test/harness.js';
import { isSameOriginPath } from './handlers.js';

const PUBLIC_URL = 'https://assistant.example.com';

describe('returnTo', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('is refused with 400 unless it is a path on this site', async () => {
    const refused = [
      '//evil.example/',
      'https://evil.example/',
      '/\\evil.example',
      '/%09/evil.example',
      '/%0A/evil.example',
      '/users%0D%0ASet-Cookie:%20x=1',
      'users',
      '',
      'javascript:alert(1)',
    ];
    for (const returnTo of refused) {
      const response = await server.app.inject({ method: 'GET', url: `/api/auth/sso?returnTo=${returnTo}` });
      expect(response.statusCode, returnTo).toBe(400);
      expect(response.json(), returnTo).toEqual({
        error: expect.stringContaining('returnTo'),
        code: 'validation_failed',
        details: expect.any(Array),
      });
    }
    const { rows } = await server.db.query('SELECT 1 FROM sso_states');
    expect(rows).toHaveLength(0);
  });

  it('is kept for after sign-in when it is a path on this site', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/auth/sso?returnTo=${encodeURIComponent('/users?tab=roles#top')}`,
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await server.db.query<{ return_to: string }>('SELECT return_to FROM sso_states');
    expect(rows.map((row) => row.return_to)).toEqual(['/users?tab=roles#top']);
  });

  it('reads paths the way a browser would', () => {
    expect(isSameOriginPath('/chat/IT?x=1')).toBe(true);
    expect(isSameOriginPath('/%2F%2Fevil.example')).toBe(true);
    for (const value of ['//a', '/\\a', '\\\\a', '/\ta', '/\u0085a', 'http:/a', '']) {
      expect(isSameOriginPath(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe.each([false, true])("the built-in provider's discovery (TRUST_PROXY %s)", (trustProxy) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { publicUrl: PUBLIC_URL, trustProxy });
  });
  afterAll(() => server.close());

  it('names the configured issuer and its endpoints whatever Host is sent', async () => {
    const forged = [
      { host: 'evil.example' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      { host: 'assistant.example.com:8443', forwarded: 'host=evil.example;proto=http' },
    ];
    for (const headers of forged) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        headers,
      });
      expect(response.statusCode).toBe(200);
      const discovery = response.json() as Record<string, unknown>;
      expect(discovery.issuer).toBe(`${PUBLIC_URL}/oidc`);
      for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'userinfo_endpoint']) {
        expect(String(discovery[endpoint]), `${endpoint} ${JSON.stringify(headers)}`).toMatch(
          new RegExp(`^${PUBLIC_URL}/oidc/`),
        );
      }
    }
  });
});

interface LimitedApp {
  app: FastifyInstance;
  close: () => Promise<void>;
}

async function limitedApp(overrides: Partial<Config>): Promise<LimitedApp> {
  const { db, cleanup } = await openTestDb('pglite');
  const app = await buildApp({
    config: testConfig({
      publicUrl: PUBLIC_URL,
      signInRateLimit: { max: 3, windowSeconds: 60 },
      ...overrides,
    }),
    db,
  });
  return {
    app,
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

const SIGN_IN_URLS = [
  '/api/auth/sso?returnTo=//refused',
  '/api/auth/sso/callback?state=unknown',
  '/oidc/interaction/unknown',
];

describe('the sign-in rate limit, counted in memory', () => {
  let limited: LimitedApp;

  beforeAll(async () => {
    limited = await limitedApp({});
  });
  afterAll(() => limited.close());

  it('answers 429 with the error body and Retry-After once an address goes over the limit', async () => {
    for (const url of SIGN_IN_URLS) {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const response = await limited.app.inject({ method: 'GET', url });
        expect(response.statusCode, `${url} #${attempt}`).not.toBe(429);
      }
      const refused = await limited.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({
        error: expect.stringContaining('Too many sign-in attempts'),
        code: 'too_many_requests',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['cache-control']).toBe(url.startsWith('/api') ? 'no-store' : undefined);
    }
  });

  it('counts each client address on its own, and leaves other endpoints alone', async () => {
    const other = await limited.app.inject({
      method: 'GET',
      url: SIGN_IN_URLS[0]!,
      remoteAddress: '192.0.2.10',
    });
    expect(other.statusCode).toBe(400);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await limited.app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
    }
  });
});

describe('the sign-in rate limit turned off (SIGN_IN_RATE_LIMIT=0)', () => {
  let unlimited: LimitedApp;

  beforeAll(async () => {
    unlimited = await limitedApp({ signInRateLimit: { max: 0, windowSeconds: 60 } });
  });
  afterAll(() => unlimited.close());

  it('never answers 429', async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await unlimited.app.inject({ method: 'GET', url: SIGN_IN_URLS[0]! });
      expect(response.statusCode).toBe(400);
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the sign-in rate limit, counted in Redis (TEST_REDIS_URL)', () => {
  const prefix = `da-test-${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let first: LimitedApp;
  let second: LimitedApp;

  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    first = await limitedApp({ redisUrl, redisKeyPrefix: prefix });
    second = await limitedApp({ redisUrl, redisKeyPrefix: prefix });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('shares the counters between server instances through Redis', async () => {
    const url = SIGN_IN_URLS[1]!;
    expect((await first.app.inject({ method: 'GET', url })).statusCode).not.toBe(429);
    expect((await second.app.inject({ method: 'GET', url })).statusCode).not.toBe(429);
    expect((await first.app.inject({ method: 'GET', url })).statusCode).not.toBe(429);
    const refused = await second.app.inject({ method: 'GET', url });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    const keys = await redis.keys(`${prefix}rate-limit:*`);
    expect(keys.some((key) => key.includes('/api/auth/sso/callback'))).toBe(true);
  });
});

describe('the sign-in rate limit with Redis unreachable', () => {
  let unreachable: LimitedApp;

  beforeAll(async () => {
    unreachable = await limitedApp({
      redisUrl: 'redis://127.0.0.1:1',
      redisKeyPrefix: 'da-test-unreachable:',
    });
  });
  afterAll(() => unreachable.close());

  it('lets sign-in through rather than locking everyone out', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await unreachable.app.inject({ method: 'GET', url: SIGN_IN_URLS[0]! });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('listening without PUBLIC_URL', () => {
  let server: TestServer;
  let origin: string;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('builds the discovery from the bound address, not the Host header', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'evil.example' },
    });
    expect(response.json().authorization_endpoint).toBe(`${origin}/oidc/auth`);
  });
});

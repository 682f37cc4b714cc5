// Liveness and readiness as a load balancer sees them: the real server over real HTTP, on PGlite
// and on PostgreSQL, with Redis reachable or not.
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from '../../test/harness.js';
import type { Config } from '../config/config.js';

interface Readiness {
  status: string;
  error?: string;
  code?: string;
  failing?: string[];
  checks: Record<string, { isReady: boolean; reason?: string }>;
}

describe.each(BACKENDS)('health endpoints on %s', (backend) => {
  // One server for the checks that end with the database closed, one for Redis (each start costs seconds).
  let server: TestServer | undefined;
  let url = '';
  afterAll(async () => {
    await server?.close().catch(() => {});
  });

  async function start(overrides: Partial<Config> = {}) {
    await server?.close().catch(() => {});
    server = await startTestServer(backend, overrides);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' ? address?.port : 0}`;
  }

  async function ready(): Promise<{ status: number; body: Readiness }> {
    const response = await fetch(`${url}/readyz`);
    return { status: response.status, body: (await response.json()) as Readiness };
  }

  it('answers live, and ready once the database answers and the job workers poll', async () => {
    await start();
    const live = await fetch(`${url}/livez`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ status: 'live' });
    await expect.poll(async () => (await ready()).status, { timeout: 15_000 }).toBe(200);
    const { body } = await ready();
    expect(body.status).toBe('ready');
    expect(body.checks).toEqual({
      server: { isReady: true },
      database: { isReady: true },
      jobs: { isReady: true },
    });
  });

  it('is not ready once a shutdown begins', async () => {
    server!.app.lifecycle!.isDraining = true;
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failing).toEqual(['server']);
    expect(body.checks.server).toEqual({ isReady: false, reason: 'The server is shutting down' });
    server!.app.lifecycle!.isDraining = false;
  });

  it('is not ready, naming the database, when the database is gone, while still live', async () => {
    expect((await ready()).status).toBe(200);
    await server!.db.close();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'not_ready', code: 'server_unavailable', failing: ['database'] });
    expect(body.error).toMatch(/^Not ready: database \(The database does not answer: /);
    expect((await fetch(`${url}/livez`)).status).toBe(200);
  });

  it('is not ready, naming Redis, when the configured Redis cannot be reached', async () => {
    await start({ redisUrl: 'redis://127.0.0.1:1' });
    const { status, body } = await ready();
    expect(status).toBe(503);
    // On a busy machine the job workers may also be late to poll; Redis must be named either way.
    expect(body.failing).toContain('redis');
    expect(body.checks.redis?.reason).toMatch(/^Redis is not connected/);
  });

  it.runIf(process.env.TEST_REDIS_URL)('checks a reachable Redis', async () => {
    await start({ redisUrl: process.env.TEST_REDIS_URL });
    await expect.poll(async () => (await ready()).status, { timeout: 15_000 }).toBe(200);
    expect((await ready()).body.checks.redis).toEqual({ isReady: true });
  });
});

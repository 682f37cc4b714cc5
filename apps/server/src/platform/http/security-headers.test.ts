import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openTestDb, sessionFor, type TestServer, testConfig } from '../../test/harness.js';

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  const permissions = String(headers['permissions-policy']);
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
    expect(permissions).toContain(feature);
  }
}

describe('security headers and the web app on one origin', () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'da-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app")');
    // The build's compressed copies (apps/web/vite.config.ts writes them beside each file).
    writeFileSync(path.join(webDist, 'assets', 'app.js.br'), brotliCompressSync('console.log("app")'));
    writeFileSync(path.join(webDist, 'assets', 'app.js.gz'), gzipSync('console.log("app")'));
    const { db, cleanup } = await openTestDb('pglite');
    const app = await buildApp({ config: testConfig({ webDist }), db });
    server = {
      app,
      db,
      async close() {
        await app.close();
        await cleanup();
      },
    };
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the CSP and nosniff on API answers, errors and pages', async () => {
    for (const url of ['/api/ping', '/api/auth', '/api/nothing-here', '/', '/chat/IT', '/assets/app.js']) {
      const response = await server.app.inject({ method: 'GET', url });
      expectSecurityHeaders(response.headers);
    }
  });

  it('tells browsers and proxies to store no /api answer, and lets pages and assets be cached', async () => {
    const admin = await sessionFor(server.db, 'admin@example.com');
    for (const url of [
      '/api/ping',
      '/api/auth',
      '/api/nothing-here',
      '/api/users/generatetoken',
      '/api?x=1',
    ]) {
      const response = await server.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await server.app.inject({ method: 'GET', url: '/api/auth' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await server.app.inject({ method: 'GET', url: '/apiary' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });

  it('does not send HSTS or upgrade-insecure-requests over plain HTTP', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(String(response.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('serves index.html at the origin and for client-side routes, and the assets as files', async () => {
    for (const url of ['/', '/users', '/chat/IT', '/login?email=a%40b.c&name=A']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('/assets/app.js');
    }
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's Brotli or gzip copy of an asset to a browser that accepts it, the file itself otherwise", async () => {
    const brotli = await server.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("app")');
    const gzip = await server.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log("app")');
    const plain = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
    // A file the build left uncompressed (index.html here) is sent as it is.
    const page = await server.app.inject({
      method: 'GET',
      url: '/chat',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toContain('/assets/app.js');
  });

  it('answers unknown API paths with a 404 error body, not the app', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'not_found' });
  });

  it('answers ping with pong!', async () => {
    const text = await server.app.inject({ method: 'GET', url: '/api/ping' });
    expect(text.body).toBe('pong!');
    const json = await server.app.inject({
      method: 'GET',
      url: '/api/ping',
      headers: { accept: 'application/json' },
    });
    expect(json.json()).toEqual({ message: 'pong!' });
  });

  it('never leaks internals on a server error', async () => {
    const { db, cleanup } = await openTestDb('pglite');
    const app = await buildApp({ config: testConfig(), db });
    const admin = await sessionFor(db, 'admin@example.com');
    await db.close();
    const response = await app.inject({ method: 'GET', url: '/api/auth', headers: admin.headers });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on the server.', code: 'internal' });
    expectSecurityHeaders(response.headers);
    await app.close();
    await cleanup().catch(() => {});
  });
});

describe('over HTTPS', () => {
  it('adds HSTS and upgrade-insecure-requests', async () => {
    const { db, cleanup } = await openTestDb('pglite');
    const app = await buildApp({ config: testConfig({ publicUrl: 'https://assistant.example.com' }), db });
    const response = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await app.close();
    await cleanup();
  });
});

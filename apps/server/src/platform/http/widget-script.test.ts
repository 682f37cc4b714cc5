// The widget's script-tag build at its versioned addresses: long caching for the exact version,
// an hour plus ETag revalidation for the major version, loadable by pages of other origins, and a
// 404 that says what to do when the build or the version is not there.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { IMMUTABLE_CACHE, MAJOR_CACHE } from './widget-script.js';

describe('the widget script', () => {
  let dist: string;
  let server: TestServer;
  let missing: TestServer;

  beforeAll(async () => {
    const packageDir = await mkdtemp(path.join(tmpdir(), 'widget-'));
    dist = path.join(packageDir, 'dist');
    await writeFile(path.join(packageDir, 'package.json'), JSON.stringify({ version: '1.4.2' }));
    await mkdir(dist);
    await writeFile(path.join(dist, 'widget.js'), 'console.log("widget 1");');
    await writeFile(path.join(dist, 'widget.js.map'), '{"version":3}');
    server = await startTestServer('pglite', { widgetDist: dist });
    missing = await startTestServer('pglite', { widgetDist: path.join(packageDir, 'nowhere') });
  });
  afterAll(async () => {
    await server.close();
    await missing.close();
    await rm(path.dirname(dist), { recursive: true, force: true });
  });

  it('serves the exact version immutable for a year, loadable from any origin', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/widget/1.4.2/widget.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("widget 1");');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the major version for an hour, then revalidated by its ETag', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/widget/v1/widget.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(MAJOR_CACHE);
    expect(response.headers['x-widget-version']).toBe('1.4.2');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await server.app.inject({
      method: 'GET',
      url: '/widget/v1/widget.js',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const head = await server.app.inject({ method: 'HEAD', url: '/widget/v1/widget.js' });
    expect(head.statusCode).toBe(200);
  });

  it('serves a rebuilt file without a restart, under a new ETag', async () => {
    const before = await server.app.inject({ method: 'GET', url: '/widget/v1/widget.js' });
    await writeFile(path.join(dist, 'widget.js'), 'console.log("widget 1, rebuilt");');
    const later = new Date(Date.now() + 5000);
    await utimes(path.join(dist, 'widget.js'), later, later);
    const after = await server.app.inject({
      method: 'GET',
      url: '/widget/v1/widget.js',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe('console.log("widget 1, rebuilt");');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('serves the source map beside it', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/widget/1.4.2/widget.js.map' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('says which addresses exist when another version is asked for', async () => {
    for (const url of ['/widget/2.0.0/widget.js', '/widget/v2/widget.js', '/widget/latest/widget.js']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error:
          'This server has chat widget 1.4.2: load /widget/v1/widget.js (follows v1.x) or /widget/1.4.2/widget.js.',
        code: 'not_found',
      });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves nothing else from the folder', async () => {
    for (const url of ['/widget/v1/package.json', '/widget/v1/..%2Fpackage.json', '/widget/v1/.env.js']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers 404 with what to do when the widget is not built', async () => {
    const response = await missing.app.inject({ method: 'GET', url: '/widget/v0/widget.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(
      /^The chat widget is not built: run `pnpm build` \(or set WIDGET_DIST/,
    );
  });
});

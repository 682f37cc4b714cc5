// The contract at its stable URL and the API reference page, over real HTTP: the page runs no inline
// script (the server's CSP refuses it) and loads only files this server serves.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openapiPath } from '../config/paths.js';

describe('the API reference', () => {
  let server: TestServer;
  let url = '';
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' ? address?.port : 0}`;
  });
  afterAll(() => server?.close());

  it('serves the contract itself at /api/openapi.yaml, to anyone', async () => {
    const response = await fetch(`${url}/api/openapi.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(await response.text()).toBe(readFileSync(openapiPath(), 'utf8'));
  });

  it('serves a page that loads only its own scripts and styles, under the server CSP', async () => {
    expect((await fetch(`${url}/api-reference`, { redirect: 'manual' })).headers.get('location')).toBe(
      '/api-reference/',
    );
    const page = await fetch(`${url}/api-reference/`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((script) => script[1]!.trim())).toEqual([
      'src="/api-reference/assets/swagger-ui-bundle.js"',
      'src="/api-reference/init.js"',
    ]);
    expect(scripts.every((script) => script[2] === '')).toBe(true);
    const linked = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(linked.every((link) => link.startsWith('/'))).toBe(true);
    for (const link of linked) {
      const asset = await fetch(`${url}${link}`);
      expect(asset.status, link).toBe(200);
    }
    const init = await fetch(`${url}/api-reference/init.js`);
    expect(init.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await init.text()).toContain("url: '/api/openapi.yaml'");
  });

  it("serves only the renderer's files it uses", async () => {
    expect((await fetch(`${url}/api-reference/assets/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await fetch(`${url}/api-reference/assets/index.html`)).status).toBe(404);
    expect((await fetch(`${url}/api-reference/assets/package.json`)).status).toBe(404);
    expect((await fetch(`${url}/api-reference/assets/../package.json`)).status).toBe(404);
  });
});

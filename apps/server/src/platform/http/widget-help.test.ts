// The README's embedding section on the server itself, where the widget's messages link to it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness.js';
import { readmeSection, registerWidgetHelp, WIDGET_HELP_PATH } from './widget-help.js';

describe('/widget/help', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('shows the README’s "Embedding the chat widget" section, with what to do for another site', async () => {
    const server = await startTestServer('pglite');
    try {
      const response = await server.app.inject({ method: 'GET', url: WIDGET_HELP_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1>Embedding the chat widget</h1>');
      expect(response.body).toContain('COOKIE_SAMESITE=none');
      expect(response.body).toContain('block third-party cookies');
      // The README's next section is not part of it.
      expect(response.body).not.toContain('Scaling out');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await server.close();
    }
  });

  it('renders no raw HTML, keeps links into the repository as text, and says where to look without a README', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'widget-help-'));
    folders.push(folder);
    const readme = path.join(folder, 'README.md');
    await writeFile(
      readme,
      '# Product\n\n## Embedding the chat widget\n\nSee [examples](examples/) and [the spec](https://example.com/spec).\n\n<script>alert(1)</script>\n\n## Next\n\nnot this\n',
    );
    const app = Fastify();
    registerWidgetHelp(app, readme);
    const page = await app.inject({ method: 'GET', url: WIDGET_HELP_PATH });
    expect(page.body).toContain('See examples and <a href="https://example.com/spec">the spec</a>.');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('not this');

    const none = Fastify();
    registerWidgetHelp(none, path.join(folder, 'nowhere.md'));
    const missing = await none.inject({ method: 'GET', url: WIDGET_HELP_PATH });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toContain('"Embedding the chat widget" in the Digital Assistant README');
  });

  it('finds a section up to the next heading of its level or above', () => {
    expect(readmeSection('## A\none\n### A.1\ntwo\n## B\nthree', 'A')).toBe('one\n### A.1\ntwo');
    expect(readmeSection('## B\nthree', 'A')).toBeUndefined();
  });
});

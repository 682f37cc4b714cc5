#!/usr/bin/env node
// A page to look at the built widget (dist/widget.js and the widget-panel.js it loads) against a
// running Digital Assistant server: it serves dev/*.html and those files, and proxies everything else (/api, sign-in) to the server, so
// the page and the API share one origin. `node scripts/dev-page.mjs --port 8315 --server http://localhost:8314`
import { createReadStream, existsSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const port = Number(option('port', '8315'));
const server = new URL(option('server', 'http://localhost:8080'));
const root = fileURLToPath(new URL('..', import.meta.url));
const files = Object.fromEntries(
  ['widget.js', 'widget.js.map', 'widget-panel.js', 'widget-panel.js.map'].map((file) => [
    `/${file}`,
    `dist/${file}`,
  ]),
);
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.map': 'application/json' };

createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://page').pathname;
  const local = files[path] ?? (path.startsWith('/dev/') ? path.slice(1) : undefined);
  if (local && existsSync(join(root, local))) {
    response.writeHead(200, { 'content-type': types[extname(local)] ?? 'application/octet-stream' });
    createReadStream(join(root, local)).pipe(response);
    return;
  }
  const proxied = httpRequest(
    {
      host: server.hostname,
      port: server.port,
      path: request.url,
      method: request.method,
      headers: { ...request.headers, host: server.host },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  proxied.on('error', (error) => {
    response.writeHead(502, { 'content-type': 'text/plain' });
    response.end(`The Digital Assistant server at ${server.origin} did not answer: ${error.message}`);
  });
  request.pipe(proxied);
}).listen(port, () => console.log(`Widget pages on http://localhost:${port}/dev/ (API: ${server.origin})`));

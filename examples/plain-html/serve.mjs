// Serves the plain HTML example on its own origin (another port than the Digital Assistant server),
// with the server's address filled in:
//   node examples/plain-html/serve.mjs --port 5501 --base-url http://localhost:8080
// The server must list this page's origin (http://localhost:5501) in WIDGET_ORIGINS.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5501' },
    host: { type: 'string', default: '127.0.0.1' },
    'base-url': { type: 'string', default: 'http://localhost:8080' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port}")`);
  process.exit(2);
}
let baseUrl;
try {
  baseUrl = new URL(values['base-url']).origin;
} catch {
  console.error(`--base-url must be the Digital Assistant server's address (got "${values['base-url']}")`);
  process.exit(2);
}

const page = readFileSync(new URL('./index.html', import.meta.url), 'utf8').replaceAll(
  '{{DA_BASE_URL}}',
  baseUrl,
);

createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://example.invalid').pathname;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
  } else if (path === '/' || path === '/index.html') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : page);
  } else {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
  }
}).listen(port, values.host, () => {
  console.log(`Plain HTML example on http://localhost:${port} (Digital Assistant at ${baseUrl})`);
});

// The API reference for developers who use the SDK or call the API directly: the contract itself at
// a stable URL (`GET /api/openapi.yaml`, the file the server registers its routes from), and a page
// rendering it (`GET /api-reference/`) with Swagger UI (swagger-ui-dist), its files served from
// this server (nothing from another site) under the server's own CSP: the page has no inline
// script, only its own start file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Digital Assistant API reference</title>
<link rel="icon" type="image/png" href="/api-reference/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api-reference/assets/swagger-ui.css">
</head>
<body>
<main id="api-reference"><noscript>The API reference needs JavaScript. The contract itself: <a href="/api/openapi.yaml">/api/openapi.yaml</a>.</noscript></main>
<script src="/api-reference/assets/swagger-ui-bundle.js"></script>
<script src="/api-reference/init.js"></script>
</body>
</html>
`;

/** Folder of swagger-ui-dist's files. */
function swaggerUiDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/** The page's start file: a script of its own (the CSP allows no inline script). */
const INIT = `window.addEventListener('load', () => {
  window.ui = window.SwaggerUIBundle({
    url: '/api/openapi.yaml',
    dom_id: '#api-reference',
    deepLinking: true,
    validatorUrl: 'none',
  });
});
`;

/** Registers GET /api/openapi.yaml and the reference page with its assets. */
export async function registerApiReference(app: FastifyInstance, contractFile: string): Promise<void> {
  const contract = readFileSync(contractFile, 'utf8');
  app.get('/api/openapi.yaml', async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').header('cache-control', 'no-cache').send(contract),
  );
  app.get('/api-reference', async (_request, reply) => reply.redirect('/api-reference/', 301));
  app.get('/api-reference/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get('/api-reference/init.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir(),
    prefix: '/api-reference/assets/',
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => ASSETS.includes(pathName.replace(/^\//, '')),
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });
}

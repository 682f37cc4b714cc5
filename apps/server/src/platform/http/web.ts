// The built reference app (apps/web) on the same origin as the API: files from WEB_DIST, and
// index.html for every other non-API GET so client-side routes (/login, /chat/IT...) load the app.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/oidc/'];

export async function registerWeb(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // The web build writes Brotli and gzip copies beside its files (apps/web/vite.config.ts):
      // a browser that accepts one gets it, anything else the file as it is.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints assets: cache them for good; anything else revalidates.
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static plugin answers a directory (the bare origin) with 403; the app's entry is index.html.
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url === '/oidc' || API_PREFIXES.some((prefix) => url.startsWith(prefix));
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (hasWeb) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply
        .code(404)
        .send({ error: 'The web app is not built: run `pnpm build` (or set WEB_DIST).', code: 'not_found' });
    }
    return reply.code(404).send({ error: `No such operation: ${request.method} ${url}`, code: 'not_found' });
  });
}

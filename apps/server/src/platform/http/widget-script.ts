// The embeddable chat widget's script-tag build, read from disk (WIDGET_DIST, by default
// packages/widget/dist; the server imports no front-end package) and served at two addresses:
//   /widget/{version}/widget.js   exact version: immutable, cached for a year
//   /widget/v{major}/widget.js    latest of a major version: cached an hour, then revalidated by ETag
// The version is the one in the package.json beside the build (WIDGET_DIST/package.json, or its
// parent's). Files are re-read when they change on disk, so a rebuild needs no restart.
// Other sites load it with a <script> tag (no CORS needed), so it carries
// Cross-Origin-Resource-Policy: cross-origin where everything else is same-origin; and
// `Access-Control-Allow-Origin: *` (no credentials) for pages that add `crossorigin` for integrity.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const WIDGET_FILE = 'widget.js';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const MAJOR_CACHE = 'public, max-age=3600, must-revalidate';

/** Files of the build that may be served: plain names in the folder itself. */
const SERVED_FILE = /^[\w-][\w.-]*\.(js|css|map)$/;
const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
};

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
}

/** Reads the build's version and files, keeping each until it changes on disk. */
class WidgetBuild {
  readonly #files = new Map<string, CachedFile>();

  constructor(readonly dist: string) {}

  async version(): Promise<string | undefined> {
    for (const file of [path.join(this.dist, 'package.json'), path.join(this.dist, '..', 'package.json')]) {
      const cached = await this.#read(file);
      if (!cached) continue;
      try {
        const version = (JSON.parse(cached.body.toString('utf8')) as { version?: unknown }).version;
        if (typeof version === 'string' && /^\d+\.\d+\.\d+([-+][\w.-]+)?$/.test(version)) return version;
      } catch {
        // Not JSON: no version from it.
      }
    }
    return undefined;
  }

  file(name: string): Promise<CachedFile | undefined> {
    return this.#read(path.join(this.dist, name));
  }

  async #read(file: string): Promise<CachedFile | undefined> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      this.#files.delete(file);
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const cached = this.#files.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(file);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const fresh = { mtimeMs: info.mtimeMs, size: info.size, body, etag };
    this.#files.set(file, fresh);
    return fresh;
  }
}

function notFound(reply: FastifyReply, message: string) {
  return reply.code(404).header('cache-control', 'no-store').send({ error: message, code: 'not_found' });
}

export function registerWidgetScript(app: FastifyInstance, widgetDist: string | null): void {
  const build = widgetDist ? new WidgetBuild(widgetDist) : undefined;

  app.get<{ Params: { version: string; file: string } }>(
    '/widget/:version/:file',
    async (request: FastifyRequest<{ Params: { version: string; file: string } }>, reply) => {
      const { version: asked, file } = request.params;
      if (!build) return notFound(reply, 'This server does not serve the chat widget (WIDGET_DIST=none).');
      if (!SERVED_FILE.test(file)) return notFound(reply, `The chat widget has no file ${file}.`);
      const version = await build.version();
      const body = await build.file(WIDGET_FILE);
      if (!version || !body) {
        return notFound(
          reply,
          `The chat widget is not built: run \`pnpm build\` (or set WIDGET_DIST to the folder holding ${WIDGET_FILE} and the widget's package.json; looked in ${build.dist}).`,
        );
      }
      const major = `v${version.split('.')[0]}`;
      const isExact = asked === version;
      if (!isExact && asked !== major) {
        return notFound(
          reply,
          `This server has chat widget ${version}: load /widget/${major}/${WIDGET_FILE} (follows ${major}.x) or /widget/${version}/${WIDGET_FILE}.`,
        );
      }
      const served = file === WIDGET_FILE ? body : await build.file(file);
      if (!served) return notFound(reply, `The chat widget ${version} has no file ${file}.`);
      reply
        .header('content-type', CONTENT_TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream')
        .header('cache-control', isExact ? IMMUTABLE_CACHE : MAJOR_CACHE)
        .header('etag', served.etag)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*');
      if (!isExact) reply.header('x-widget-version', version);
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(/\s*,\s*/).includes(served.etag)) {
        return reply.code(304).send();
      }
      return reply.send(served.body);
    },
  );
}

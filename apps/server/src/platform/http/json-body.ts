// JSON request bodies: nesting is refused before any parsing or walking. A body of 40,000 `[`
// costs nothing to send, and every walk over a parsed value (the input checks, the schema
// validator, the handlers) would pay for its depth; no operation of the contract nests deeper than
// a few levels, so anything deeper than MAX_JSON_DEPTH is a 400 at the door.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether the JSON text nests arrays/objects deeper than `limit`: one linear pass over the text,
 * brackets inside strings ignored. Malformed text is left to the parser's own message.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Replaces the JSON body parser with Fastify's own behind the depth check. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      const message = `the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`;
      done(badRequest(`Invalid request: ${message}.`, [{ in: 'body', path: '', message }]), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

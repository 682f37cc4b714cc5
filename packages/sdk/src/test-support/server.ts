/**
 * A real HTTP server for the SDK tests (node:http): every request is recorded, and each test decides
 * the answer. Not part of the published package.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DigitalAssistantError } from '../errors';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Parses a recorded multipart body with the platform's own parser. */
export async function readForm(request: RecordedRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.body), {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
}

export interface ServerOptions {
  /**
   * Answer CORS with credentials for any origin (jsdom's XMLHttpRequest keeps the page's first
   * origin after `jsdom.reconfigure`, so the browser tests need it).
   */
  cors?: boolean;
}

export async function startServer(handler: Handler, options: ServerOptions = {}): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    if (options.cors && incoming.headers.origin) {
      response.setHeader('access-control-allow-origin', incoming.headers.origin);
      response.setHeader('access-control-allow-credentials', 'true');
      if (incoming.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': incoming.headers['access-control-request-headers'] ?? '',
        });
        response.end();
        return;
      }
    }
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      Promise.resolve(handler(request, response)).catch((error: unknown) => {
        sendJson(response, 500, { error: String(error), code: 'internal' });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Awaits a promise that must reject with a DigitalAssistantError, and returns that error. */
export async function rejectionOf(promise: Promise<unknown>): Promise<DigitalAssistantError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DigitalAssistantError) return error;
    throw error;
  }
  throw new Error('Expected the call to reject with a DigitalAssistantError, but it resolved');
}

// Requests Node's HTTP parser refuses before Fastify sees them, sent over a real socket: the
// contract's error body and the headers of every answer, and a connection closed in order (the
// answer, then the end of the stream), not reset, however much of the request was still coming.
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How the connection ended: `end` (closed in order) or the socket error's code. */
  ending: string;
}

/** Sends `request` as is and reads until the server closes the connection. */
function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let ending: string | undefined;
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      ending ??= 'end';
      socket.end();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      ending ??= error.code ?? error.message;
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer (${ending}): ${text.slice(0, 200)}`));
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status, headers, body, ending: ending ?? 'close' });
    });
    socket.write(request);
  });
}

describe('requests the HTTP parser refuses', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => server?.close());

  const expectUsualHeaders = (headers: Record<string, string>) => {
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers.connection).toBe('close');
  };

  it('answers an over-long URL 431 with the error body and the usual headers, then closes in order', async () => {
    // 200 KB of address, far past the 16 KB header limit: most of it still arriving when refused.
    const answer = await rawRequest(
      port,
      `GET /api/ping?q=${'a'.repeat(200_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectUsualHeaders(answer.headers);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({
      error:
        "The request's address and headers are longer than this server accepts (16 KB in all): shorten the address, or send fewer or shorter cookies.",
      code: 'headers_too_large',
    });
    expect(answer.ending).toBe('end');
  });

  it('answers over-long headers the same, through fetch too', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/ping`, {
      headers: { cookie: `big=${'b'.repeat(20_000)}` },
    });
    expect(response.status).toBe(431);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toMatchObject({ code: 'headers_too_large' });
    // The server goes on answering.
    expect((await fetch(`http://127.0.0.1:${port}/api/ping`)).status).toBe(200);
  });

  it('answers a request that is not HTTP 400 with the error body and the usual headers', async () => {
    const answer = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expectUsualHeaders(answer.headers);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'The request is not valid HTTP.',
      code: 'validation_failed',
    });
    expect(answer.ending).toBe('end');
  });
});

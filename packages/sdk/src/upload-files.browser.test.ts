// @vitest-environment jsdom
/**
 * The browser path of uploads: jsdom's real XMLHttpRequest against a real server, on the same origin
 * as the page, so cookies and the XSRF header behave as in a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client';
import { rejectionOf, sendJson, startServer, type TestServer } from './test-support/server';
import { uploadCodeReviewZip } from './upload-files';

declare const jsdom: { reconfigure(options: { url: string }): void };

let server: TestServer;

beforeAll(async () => {
  // jsdom swaps in its own FormData/File globals, which the platform's multipart parser rejects, so
  // the server reads the file name from the raw body here.
  server = await startServer(
    (request, response) => {
      const name = /name="files"; filename="([^"]+)"/.exec(request.body.toString('latin1'))?.[1];
      if (name === 'slow.zip') return; // never answers
      sendJson(response, 200, { fileId: 'f9', name, status: 'pending', bytes: request.body.length });
    },
    { cors: true },
  );
  jsdom.reconfigure({ url: `${server.url}/codereview` });
  // biome-ignore lint/suspicious/noDocumentCookie: stands in for the server's Set-Cookie of the XSRF token.
  document.cookie = 'XSRF-TOKEN=browser-token; path=/';
});

afterAll(async () => {
  await server.close();
});

describe('uploadFiles in a browser', () => {
  it('uploads through XMLHttpRequest with the session cookie, the XSRF header and progress', async () => {
    expect(typeof XMLHttpRequest).toBe('function');
    const client = createClient();
    const zip = new File([new Uint8Array(256 * 1024)], 'browser.zip', { type: 'application/zip' });
    const progress: number[] = [];

    const { data } = await uploadCodeReviewZip(client, zip, {
      onProgress: (percent) => progress.push(percent),
    });

    expect(data).toMatchObject({ fileId: 'f9', name: 'browser.zip', status: 'pending' });
    expect((data as { bytes?: number }).bytes).toBeGreaterThan(256 * 1024);
    const [request] = server.requests;
    expect(request?.headers['x-xsrf-token']).toBe('browser-token');
    expect(request?.headers.cookie).toContain('XSRF-TOKEN=browser-token');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("carries the client's own headers and runs its middleware on the XMLHttpRequest path too", async () => {
    const client = createClient({ headers: { 'X-Team': 'support' } });
    client.use({
      onRequest({ request }) {
        request.headers.set('X-Trace', 'trace-3');
        return request;
      },
    });

    const { data } = await uploadCodeReviewZip(client, new File(['zip'], 'headers.zip'));

    expect(data).toMatchObject({ name: 'headers.zip' });
    expect(server.requests.at(-1)?.headers).toMatchObject({
      'x-team': 'support',
      'x-trace': 'trace-3',
      'x-xsrf-token': 'browser-token',
    });
  });

  it('rejects with a timeout error when the server does not answer in time', async () => {
    const client = createClient();
    const error = await rejectionOf(
      uploadCodeReviewZip(client, new File(['x'], 'slow.zip'), { timeoutMs: 150 }),
    );
    expect(error.code).toBe('timeout');
  });
});

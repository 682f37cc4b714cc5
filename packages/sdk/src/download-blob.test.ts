import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from './client';
import { downloadBlob, filenameFromContentDisposition } from './download-blob';
import { sendJson, startServer, type TestServer } from './test-support/server';

const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
let server: TestServer;

beforeEach(async () => {
  server = await startServer((request, response) => {
    const { fileId } = JSON.parse(request.body.toString('utf8')) as { fileId: string };
    if (fileId !== 'f1') return sendJson(response, 404, { error: 'File not found', code: 'not_found' });
    response.writeHead(200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="project enhanced.zip"; filename*=UTF-8''project%20enhanced%20%E2%9C%93.zip`,
    });
    response.end(zipBytes);
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

describe('downloadBlob', () => {
  it('POSTs the file id and gives the zip as a Blob with the file name from Content-Disposition', async () => {
    vi.stubGlobal('location', { origin: server.url, href: `${server.url}/codereview` });
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=xsrf-1' });
    const client = createClient({ baseUrl: server.url });

    const { data, error } = await downloadBlob(client, '/api/file/download', { fileId: 'f1' });

    expect(error).toBeUndefined();
    expect(data?.filename).toBe('project enhanced ✓.zip');
    expect(data?.blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await data!.blob.arrayBuffer())).toEqual(zipBytes);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['x-xsrf-token']).toBe('xsrf-1');
    expect(JSON.parse(request!.body.toString('utf8'))).toEqual({ fileId: 'f1' });
  });

  it('returns an error answer as a typed value', async () => {
    const client = createClient({ baseUrl: server.url });

    const { data, error, response } = await downloadBlob(client, '/api/file/download', { fileId: 'missing' });

    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error).toEqual({ error: 'File not found', code: 'not_found' });
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="review.zip"', 'review.zip'],
    ['attachment; filename=review.zip', 'review.zip'],
    ['attachment; filename="a \\"quoted\\" name.zip"', 'a "quoted" name.zip'],
    ["attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.zip", 'résumé.zip'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.zip; filename="fallback.zip"', 'fallback.zip'],
    ['attachment', undefined],
    [null, undefined],
  ])('reads %s as %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});

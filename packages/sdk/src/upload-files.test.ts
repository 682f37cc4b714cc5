import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient } from './client';
import { DigitalAssistantError } from './errors';
import { readForm, rejectionOf, sendJson, startServer, type TestServer } from './test-support/server';
import type { CodeReviewUploadResponse } from './types';
import { uploadCodeReviewZip, uploadFiles, uploadTrainingFiles, ZIP_UPLOAD_TIMEOUT_MS } from './upload-files';

let server: TestServer;

beforeEach(async () => {
  server = await startServer(async (request, response) => {
    const form = await readForm(request);
    const files = form.getAll('files') as File[];
    if (files[0]?.name === 'slow.zip') return; // never answers
    if (files.length === 0)
      return sendJson(response, 400, { error: 'No file provided', code: 'validation_failed' });
    if (request.path === '/api/file/code_analysis') {
      return sendJson(response, 200, { fileId: 'f1', name: files[0]?.name, status: 'pending' });
    }
    sendJson(response, 200, { message: 'Uploaded', files: files.map((file) => file.name) });
  });
});

afterEach(async () => {
  await server.close();
});

function zipOf(size: number, name = 'project.zip'): File {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = index % 251;
  return new File([bytes], name, { type: 'application/zip' });
}

describe('uploadFiles', () => {
  it('sends the zip in the files field and reports rising upload percentages up to 100', async () => {
    const client = createClient({ baseUrl: server.url, token: 'pat_1' });
    const zip = zipOf(512 * 1024);
    const progress: number[] = [];

    const { data, error } = await uploadCodeReviewZip(client, zip, {
      onProgress: (percent) => progress.push(percent),
    });

    expect(error).toBeUndefined();
    expect(data).toEqual({ fileId: 'f1', name: 'project.zip', status: 'pending' });
    expectTypeOf(data).toEqualTypeOf<CodeReviewUploadResponse | undefined>();
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((percent) => Number.isInteger(percent) && percent >= 0 && percent <= 100)).toBe(
      true,
    );

    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer pat_1');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const sent = (await readForm(request!)).get('files') as File;
    expect(sent.name).toBe('project.zip');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array(await zip.arrayBuffer()));
  });

  it("carries the client's own headers and runs its middleware, as every other call does", async () => {
    const client = createClient({ baseUrl: `${server.url}/`, headers: { 'X-Team': 'support' } });
    const seen: string[] = [];
    client.use({
      onRequest({ request }) {
        request.headers.set('X-Trace', 'trace-9');
        return request;
      },
      onResponse({ response }) {
        seen.push(`${response.status}`);
        return undefined;
      },
    });

    const { data } = await uploadTrainingFiles(client, [new File(['# Runbook'], 'runbook.md')]);

    expect(data).toMatchObject({ files: ['runbook.md'] });
    expect(server.requests[0]?.headers).toMatchObject({ 'x-team': 'support', 'x-trace': 'trace-9' });
    expect(seen).toEqual(['200']);
  });

  it('sends several training documents as repeated files fields', async () => {
    const client = createClient({ baseUrl: server.url });
    const documents = [new File(['a'], 'guide.docx'), new File(['b'], 'slides.ppt')];

    const { data } = await uploadTrainingFiles(client, documents);

    expect(data).toEqual({ message: 'Uploaded', files: ['guide.docx', 'slides.ppt'] });
  });

  it('sends the departments as repeated fields beside the training documents', async () => {
    const client = createClient({ baseUrl: server.url });

    await uploadTrainingFiles(client, [new File(['a'], 'runbook.md')], {
      fields: { department: ['it', 'pga'] },
    });

    const form = await readForm(server.requests[0]!);
    expect(form.getAll('department')).toEqual(['it', 'pga']);
    expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual(['runbook.md']);
  });

  it("rejects with 'No file provided' and sends nothing when no file is given", async () => {
    const client = createClient({ baseUrl: server.url });

    const error = await rejectionOf(uploadFiles(client, '/api/file/code_analysis', []));

    expect(error).toBeInstanceOf(DigitalAssistantError);
    expect(error.code).toBe('no_file');
    expect(error.message).toBe('No file provided');
    expect(server.requests).toHaveLength(0);
  });

  it("returns the server's error answer as a value", async () => {
    const client = createClient({ baseUrl: server.url });

    const { data, error, response } = await uploadFiles(
      client,
      '/api/file/success',
      [new File([], 'x.txt')],
      {
        fieldName: 'other',
      },
    );

    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error).toEqual({ error: 'No file provided', code: 'validation_failed' });
  });

  it('gives up with a timeout error when the server does not answer in time', async () => {
    const client = createClient({ baseUrl: server.url });
    const started = Date.now();

    const error = await rejectionOf(uploadCodeReviewZip(client, zipOf(10, 'slow.zip'), { timeoutMs: 150 }));

    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops with an aborted error when the signal fires', async () => {
    const client = createClient({ baseUrl: server.url });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const error = await rejectionOf(
      uploadCodeReviewZip(client, zipOf(10, 'slow.zip'), { signal: controller.signal }),
    );

    expect(error.code).toBe('aborted');
  });

  it('uses the spec timeout of 400000 ms for code-review zips', () => {
    expect(ZIP_UPLOAD_TIMEOUT_MS).toBe(400_000);
  });
});

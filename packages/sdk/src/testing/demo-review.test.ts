import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../client';
import { downloadBlob } from '../download-blob';
import { unwrap } from '../errors';
import { uploadCodeReviewZip } from '../upload-files';
import { createDemoServer, type DemoServer, demoStaff } from './demo-server';

const servers: DemoServer[] = [];

function setup() {
  const server = createDemoServer({ signedIn: demoStaff });
  servers.push(server);
  return { server, client: createClient({ baseUrl: 'http://api.test', fetch: server.fetch }) };
}

afterEach(() => {
  for (const server of servers.splice(0)) server.assertNoViolations();
});

const zip = (name: string) => new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])], name);

describe("the demo server's code review", () => {
  it('takes a zip, reviews it one file per listing, then serves its review, download and delete', async () => {
    const { client } = setup();
    const { data } = await uploadCodeReviewZip(client, zip('shop.zip'));
    expect(data).toEqual({ fileId: 'review-1', name: 'shop.zip', status: 'pending' });
    const deleting = await client.POST('/api/file/delete', { body: { fileId: 'review-1' } });
    expect(deleting.response.status).toBe(409);
    const statuses: string[] = [];
    for (let listing = 0; listing < 4; listing++) {
      const { files } = await unwrap(client.POST('/api/file/files', { body: {} }));
      statuses.push(`${files[0]?.status} ${files[0]?.progress ? `${files[0].progress.done}/3` : '-'}`);
    }
    expect(statuses).toEqual(['pending 0/3', 'pending 1/3', 'pending 2/3', 'success -']);
    const review = await unwrap(client.POST('/api/file/file', { body: { fileId: 'review-1' } }));
    expect(review.name).toBe('shop');
    const download = await downloadBlob(client, '/api/file/download', { fileId: 'review-1' });
    expect(download.data?.filename).toBe('shop-enhanced.zip');
    await unwrap(client.POST('/api/file/delete', { body: { fileId: 'review-1' } }));
    expect((await unwrap(client.POST('/api/file/files', { body: {} }))).files).toEqual([]);
  });

  it("refuses a missing file with 'No file provided' and a file that is not a zip", async () => {
    const { client } = setup();
    const notZip = await uploadCodeReviewZip(client, new File(['print(1)'], 'main.zip'));
    expect(notZip.error?.error).toMatch(/^The file is not a zip archive/);
    const form = new FormData();
    const empty = await client.POST('/api/file/code_analysis', {
      body: form as never,
      bodySerializer: (body: unknown) => body as FormData,
    });
    expect(empty.error).toMatchObject({ error: 'No file provided' });
  });
});

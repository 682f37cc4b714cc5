import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createClient,
  downloadBlob,
  type ReviewItem,
  unwrap,
  uploadCodeReviewZip,
} from '@digital-assistant/sdk';

const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });
const zipPath = process.argv[2] ?? 'project.zip'; // a .zip of Python files

// 1. Upload (the answer comes once the zip is checked and stored; the review runs in the background).
const zip = new File([await readFile(zipPath)], path.basename(zipPath), { type: 'application/zip' });
const uploaded = await uploadCodeReviewZip(client, zip);
if (uploaded.error) throw new Error(`Upload refused: ${uploaded.error.error}`);
const { fileId } = uploaded.data;
console.log(`Uploaded ${uploaded.data.name}: ${uploaded.data.status}`);

// 2. Wait for the result: the list tells each file's status (pending, success or failed).
let file = (await unwrap(client.POST('/api/file/files', { body: {} }))).files.find(
  (candidate) => candidate.fileId === fileId,
);
while (file?.status === 'pending') {
  await sleep(1000);
  const { files } = await unwrap(client.POST('/api/file/files', { body: {} }));
  file = files.find((candidate) => candidate.fileId === fileId);
}
if (file?.status !== 'success') {
  console.error(`The review failed: ${file?.reason ?? 'the file is gone'}`);
  process.exit(1);
}

// 3. The review: folders, files and functions, each with its suggestions.
const review = await unwrap(client.POST('/api/file/file', { body: { fileId } }));
const printFunctions = (items: ReviewItem[]): void => {
  for (const item of items) {
    if (item.type === 'folder') printFunctions(item.contents);
    else for (const fn of item.functions) console.log(`${item.path ?? item.name}: ${fn.name}()`);
  }
};
printFunctions(review.contents);

// 4. The enhanced zip (each function with its generated docstring).
const download = await downloadBlob(client, '/api/file/download', { fileId });
if (download.error) throw new Error(`Download failed: ${download.error.error}`);
const target = download.data.filename ?? 'reviewed.zip';
await writeFile(target, Buffer.from(await download.data.blob.arrayBuffer()));
console.log(`Saved ${target}`);

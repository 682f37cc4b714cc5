import { Readable } from 'node:stream';
import { type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { components } from '../../generated/contract.js';
import { DatabaseBlobs } from '../../platform/blobs/blobs.js';
import { BACKENDS, sessionFor } from '../../test/harness.js';
import { pollUntil } from '../../test/poll.js';
import {
  afterACrash,
  cleanupsAfterAll,
  insertCrashedJob,
  type RunningServer,
  serverProcessEnvironment,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-processes.js';
import { createReviewModule } from './module.js';
import { REVIEW_QUEUE } from './pipeline.js';

type ReviewFile = components['schemas']['ReviewFile'];

/** A package of `files` modules with `functions` functions each. */
function generatedPackage(files: number, functions: number): Uint8Array {
  const entries: Zippable = {};
  for (let file = 0; file < files; file++) {
    let source = '';
    for (let fn = 0; fn < functions; fn++) {
      source += `def function_${fn}(items, limit=10):\n    total = ''\n    for i in range(len(items)):\n        if items[i] in [1, 2, 3]:\n            total += str(items[i])\n    return sorted(items)[0], total\n\n\n`;
    }
    entries[`pkg/module_${file}.py`] = new TextEncoder().encode(source);
  }
  return zipSync(entries);
}

async function post(running: RunningServer, url: string, body: unknown) {
  return fetch(`${running.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function listOver(running: RunningServer): Promise<ReviewFile[]> {
  const response = await post(running, '/api/file/files', {});
  expect(response.status).toBe(200);
  return ((await response.json()) as { files: ReviewFile[] }).files;
}

describe.each(BACKENDS)('a server killed with SIGKILL during a review, on %s', (backend) => {
  const cleanups = cleanupsAfterAll();

  it('ends the review `success` after a restart, with every function', async () => {
    const env = await serverProcessEnvironment(backend, cleanups, {
      // A dead server's review is taken up again after at most this long.
      REVIEW_LEASE_SECONDS: '5',
    });
    const first = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(first, 'SIGKILL'));
    const form = new FormData();
    form.append('files', new Blob([generatedPackage(60, 20)]), 'big.zip');
    const uploaded = await fetch(`${first.url}/api/file/code_analysis`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(uploaded.status).toBe(200);
    const { fileId } = (await uploaded.json()) as { fileId: string };

    // Killed once the review has made progress.
    const fileOn = async (running: RunningServer) =>
      (await listOver(running)).find((entry) => entry.fileId === fileId);
    let file = await pollUntil(
      () => fileOn(first),
      (file) => (file?.progress?.done ?? 0) > 0,
      { timeoutMs: 120_000, intervalMs: 20 },
    );
    expect(file).toMatchObject({ status: 'pending', progress: { total: 60 } });
    await stopServerProcess(first, 'SIGKILL');

    const second = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(second, 'SIGTERM'));
    file = await pollUntil(
      () => fileOn(second),
      (file) => file?.status !== 'pending',
      { timeoutMs: 300_000, intervalMs: 200 },
    );
    expect(file).toMatchObject({ status: 'success', progress: null });
    const view = await post(second, '/api/file/file', { fileId });
    const review = (await view.json()) as components['schemas']['ReviewFileJson'];
    const [pkg] = review.contents;
    expect(pkg?.type === 'folder' && pkg.contents.length).toBe(60);
    await stopServerProcess(second, 'SIGTERM');
  }, 600_000);
});

describe.each(BACKENDS)('a review whose every attempt crashed the server, on %s', (backend) => {
  const crash = afterACrash(backend);

  it('ends `failed` with the reason instead of staying pending', async () => {
    const db = await crash.openDb();
    const app = await crash.start(createReviewModule({ reconcileIntervalMs: 100 }));
    const blob = await new DatabaseBlobs(db).put(Readable.from([Buffer.from(generatedPackage(1, 1))]));
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO review_files (owner_id, name, zip_blob_id, size, sha256)
       SELECT id, 'crashes.zip', $1, $2, $3 FROM users WHERE email = 'staff@example.com' RETURNING id`,
      [blob.id, blob.size, blob.sha256],
    );
    const fileId = rows[0]!.id;
    await insertCrashedJob(db, {
      queue: REVIEW_QUEUE,
      payload: { reviewId: fileId },
      dedupeKey: fileId,
      attempts: 3,
    });
    const staff = await sessionFor(db, 'staff@example.com');
    const file = await pollUntil(
      async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/file/files',
          headers: staff.headers,
          payload: {},
        });
        return (response.json() as { files: ReviewFile[] }).files.find((entry) => entry.fileId === fileId);
      },
      (file) => file?.status !== 'pending',
      { timeoutMs: 45_000, intervalMs: 50 },
    );
    expect(file).toMatchObject({ status: 'failed' });
    expect(file?.reason).toMatch(
      /The review did not finish: The server stopped while working on it, 3 time\(s\) out of 3/,
    );
    // The job's own last error is for the log, not the person who uploaded the zip.
    expect(file?.reason).not.toContain('last error');
  }, 90_000);
});

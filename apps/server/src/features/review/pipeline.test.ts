// The review job's own work (runReview) when the database fails while the download or the review
// JSON (stored while the files are reviewed) is being stored: the error is the database's (not an
// abort or a closed stream, which is all the zip writer would otherwise see of it), and nothing of
// the review stays stored. And what the review's owner reads when it fails on an unexpected error:
// what failed, in words; the error itself goes to the server's log.
import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../modules.js';
import { DatabaseBlobs } from '../../platform/blobs/blobs.js';
import { type Db, openPglite, type Queryable } from '../../platform/db/db.js';
import { migrate } from '../../platform/db/migrations.js';
import type { JobContext } from '../../platform/jobs/jobs.js';
import { createReviewHandler, type ReviewPayload, runReview } from './pipeline.js';
import { findReview } from './store.js';

const DISK_FULL = 'could not extend file: No space left on device';

describe('runReview', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, MODULES);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Chunk inserts that fail, as on a full disk: every one, or only those of the review JSON's blob. */
  const failures = {
    'the download': (text: string) => text.includes('INSERT INTO blob_chunks'),
    'the review JSON': (text: string, params: unknown[]) =>
      text.includes('INSERT INTO blob_chunks') && params[0] === 'application/json',
  };
  for (const [what, fails] of Object.entries(failures)) {
    it(`fails with the database's error when ${what} cannot be stored`, async () => {
      const files: Record<string, Uint8Array> = {};
      for (let index = 0; index < 40; index++)
        files[`pkg/module_${index}.py`] = new TextEncoder().encode(
          `def total_${index}(items):\n    result = 0\n    for item in items:\n        result += item\n    return result\n`,
        );
      const zip = await new DatabaseBlobs(db).put(Readable.from([Buffer.from(zipSync(files))]));
      const blobCount = async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blobs')).rows[0]!.n;
      const before = await blobCount();
      // The same database, whose blob chunk inserts fail from now on; small chunks, so the
      // download's first chunk is stored while the zip is still being written.
      const asyncCommit: Queryable = {
        query: (async (text: string, params: unknown[] = [], ...rest: unknown[]) => {
          if (fails(text, params)) throw new Error(DISK_FULL);
          return (db.asyncCommit.query as (...args: unknown[]) => unknown)(text, params, ...rest);
        }) as Queryable['query'],
      } as Queryable;
      const failing = new Proxy(db, {
        get: (target, name) => (name === 'asyncCommit' ? asyncCommit : Reflect.get(target, name, target)),
      });
      const failure = await runReview(
        failing,
        new DatabaseBlobs(failing, { chunkBytes: 1024 }),
        { id: '00000000-0000-0000-0000-000000000000', name: 'pkg.zip', zipBlobId: zip.id },
        { maxEntries: 1000, maxUncompressedBytes: 1024 ** 3, maxRatio: 1000 },
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe(DISK_FULL);
      // Nothing of the review is left stored, the upload is kept.
      expect(await blobCount()).toBe(before);
      expect(await new DatabaseBlobs(db).info(zip.id)).toBeDefined();
    }, 60_000);
  }

  it('says what failed in words when an unexpected error stops the review, and logs the error', async () => {
    const zip = await new DatabaseBlobs(db).put(
      Readable.from([Buffer.from(zipSync({ 'a.py': new TextEncoder().encode('x = 1\n') }))]),
    );
    await db.query("INSERT INTO role_groups (name) VALUES ('owners') ON CONFLICT DO NOTHING");
    await db.query(
      "INSERT INTO users (email, name, role) VALUES ('owner@example.com', 'Owner', 'owners') ON CONFLICT DO NOTHING",
    );
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO review_files (owner_id, name, zip_blob_id, size, sha256)
       SELECT id, 'pkg.zip', $1, 0, '' FROM users WHERE email = 'owner@example.com' RETURNING id`,
      [zip.id],
    );
    const reviewId = rows[0]!.id;
    // What a server on a Node.js without Promise.withResolvers threw on every review.
    const internal = new TypeError('Promise.withResolvers is not a function');
    const blobs = new Proxy(new DatabaseBlobs(db), {
      get: (target, name) =>
        name === 'open'
          ? async () =>
              new Readable({
                read() {
                  this.destroy(internal);
                },
              })
          : Reflect.get(target, name, target),
    });
    const logged: Array<{ object: object; message: string }> = [];
    const handler = createReviewHandler(db, blobs, {
      limits: { maxEntries: 1000, maxUncompressedBytes: 1024 ** 3, maxRatio: 1000 },
      log: { error: (object, message) => logged.push({ object, message }) },
    });
    const job: JobContext<ReviewPayload> = {
      id: 'job-1',
      queue: 'review.analyze',
      payload: { reviewId },
      attempt: 3,
      maxAttempts: 3,
      signal: new AbortController().signal,
    };
    await expect(handler(job)).rejects.toThrow('Promise.withResolvers is not a function');
    const review = await findReview(db, reviewId);
    expect(review?.status).toBe('failed');
    expect(review?.reason).toBe(
      "The review failed 3 times while reading the uploaded zip: an unexpected error in the server (the details are in the server's log). Upload the zip again to retry; if it fails again, tell your administrator.",
    );
    expect(review?.reason).not.toContain('withResolvers');
    expect(logged).toEqual([
      {
        object: expect.objectContaining({ err: internal, review: reviewId }),
        message: 'code review failed while reading the uploaded zip',
      },
    ]);
  });
});

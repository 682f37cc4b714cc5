// The review job's own work (runReview) against storage that fails: the reason the review gives is
// the store's, not the zip writer's view of its closed stream, and nothing of the review stays stored.
import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../modules.js';
import { type Blobs, DatabaseBlobs, type PutOptions } from '../../platform/blobs/blobs.js';
import { type Db, openPglite } from '../../platform/db/db.js';
import { migrate } from '../../platform/db/migrations.js';
import { runReview } from './pipeline.js';
import { ZipStreamClosedError } from './zip-writer.js';

/**
 * Stores everything but the download, which fails after its first piece, as a full disk would:
 * leaving a `for await` over the stream (which destroys it with an AbortError), or destroying it
 * without an error first, as DatabaseBlobs does.
 */
class FailingDownloads implements Blobs {
  constructor(
    private readonly inner: Blobs,
    private readonly ending: 'leave the loop' | 'destroy',
  ) {}

  async put(source: AsyncIterable<Uint8Array | string> | Readable, options?: PutOptions) {
    if (options?.contentType !== 'application/zip') return this.inner.put(source, options);
    for await (const _piece of source) {
      if (this.ending === 'destroy' && source instanceof Readable) source.destroy();
      throw new Error('could not extend file: No space left on device');
    }
    throw new Error('could not extend file: No space left on device');
  }

  info(id: string) {
    return this.inner.info(id);
  }

  open(id: string) {
    return this.inner.open(id);
  }

  delete(id: string) {
    return this.inner.delete(id);
  }
}

describe('runReview', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, MODULES);
  });
  afterAll(async () => {
    await db?.close();
  });

  it.each(['leave the loop', 'destroy'] as const)(
    "fails with the store's error when the download cannot be stored (%s)",
    async (ending) => {
      const stored = new DatabaseBlobs(db);
      const files: Record<string, Uint8Array> = {};
      for (let index = 0; index < 40; index++)
        files[`pkg/module_${index}.py`] = new TextEncoder().encode(
          `def total_${index}(items):\n    result = 0\n    for item in items:\n        result += item\n    return result\n`,
        );
      const zip = await stored.put(Readable.from([Buffer.from(zipSync(files))]));
      const blobCount = async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blobs')).rows[0]!.n;
      const before = await blobCount();
      const failure = await runReview(
        db,
        new FailingDownloads(stored, ending),
        { id: '00000000-0000-0000-0000-000000000000', name: 'pkg.zip', zipBlobId: zip.id },
        { maxEntries: 1000, maxUncompressedBytes: 1024 ** 3, maxRatio: 1000 },
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(ZipStreamClosedError);
      expect((failure as Error).message).toBe('could not extend file: No space left on device');
      // Nothing of the review is left stored (its JSON was being written too), the upload is kept.
      expect(await blobCount()).toBe(before);
      expect(await stored.info(zip.id)).toBeDefined();
    },
    60_000,
  );
});

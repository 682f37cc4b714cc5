import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { MODULES } from '../../modules.js';
import { BACKENDS, openTestDb, testConfig } from '../../test/harness.js';
import type { Db } from '../db/db.js';
import { BlobTooLargeError, DatabaseBlobs, DEFAULT_CHUNK_BYTES } from './blobs.js';
import { createBlobsModule } from './module.js';

const MB = 1024 * 1024;

/** `total` bytes of a repeatable pattern, produced `pieceBytes` at a time (never all at once). */
function* pattern(total: number, pieceBytes = 64 * 1024): Generator<Buffer> {
  for (let offset = 0; offset < total; offset += pieceBytes) {
    const piece = Buffer.allocUnsafe(Math.min(pieceBytes, total - offset));
    for (let index = 0; index < piece.length; index++) piece[index] = (offset + index) % 251;
    yield piece;
  }
}

function sha256Of(total: number): string {
  const hash = createHash('sha256');
  for (const piece of pattern(total)) hash.update(piece);
  return hash.digest('hex');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

describe.each(BACKENDS)('blobs on %s', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let blobs: DatabaseBlobs;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb(backend));
    blobs = new DatabaseBlobs(db);
  });
  afterAll(() => cleanup());

  it('stores a stream and gives back the same bytes, with their size and sha256', async () => {
    const text = 'Quarterly VPN guide\n'.repeat(1000);
    const info = await blobs.put(Readable.from([text]), { contentType: 'text/plain' });
    expect(info).toMatchObject({
      size: Buffer.byteLength(text),
      sha256: createHash('sha256').update(text).digest('hex'),
      contentType: 'text/plain',
    });
    expect(await blobs.info(info.id)).toEqual(info);
    const stream = await blobs.open(info.id);
    expect((await readAll(stream!)).toString()).toBe(text);
  });

  it('stores text compressed on PostgreSQL (lz4) and as is on PGlite, and gives it back whole', async () => {
    const text = '{"name":"report.py","functions":[{"code":"D103","message":"Missing docstring"}]}\n'.repeat(
      20_000,
    );
    const info = await blobs.put(Readable.from([text]), { contentType: 'application/json' });
    const { rows } = await db.query<{ stored: number }>(
      'SELECT sum(pg_column_size(data))::int AS stored FROM blob_chunks WHERE blob_id = $1',
      [info.id],
    );
    const size = Buffer.byteLength(text);
    if (backend === 'postgres') expect(rows[0]!.stored).toBeLessThan(size / 10);
    else expect(rows[0]!.stored).toBeGreaterThanOrEqual(size);
    expect((await readAll((await blobs.open(info.id))!)).toString()).toBe(text);
  });

  it('streams a 20 MB blob in and out in 1 MB chunks, never the whole of it at once', async () => {
    const total = 20 * MB;
    let produced = 0;
    let mostAheadOfStorage = 0;
    const source = Readable.from(
      (function* () {
        for (const piece of pattern(total)) {
          produced += piece.length;
          yield piece;
        }
      })(),
    );
    // How far the producer runs ahead of what is stored tells whether put buffers the whole blob.
    const watch = setInterval(() => {
      void db
        .query<{ stored: string }>('SELECT coalesce(sum(length(data)), 0)::bigint AS stored FROM blob_chunks')
        .then(({ rows }) => {
          mostAheadOfStorage = Math.max(mostAheadOfStorage, produced - Number(rows[0]!.stored));
        });
    }, 20);
    const info = await blobs.put(source).finally(() => clearInterval(watch));

    expect(info.size).toBe(total);
    expect(info.sha256).toBe(sha256Of(total));
    const chunks = await db.query<{ seq: number; bytes: number }>(
      'SELECT seq, length(data) AS bytes FROM blob_chunks WHERE blob_id = $1 ORDER BY seq',
      [info.id],
    );
    expect(chunks.rows).toHaveLength(20);
    expect(chunks.rows.every((row, index) => row.seq === index && row.bytes === DEFAULT_CHUNK_BYTES)).toBe(
      true,
    );
    // Each 1 MB chunk is stored before much more is read (with margin for the stream's buffers,
    // and for blobs of earlier tests counted in the sum).
    expect(mostAheadOfStorage).toBeLessThan(4 * MB);

    // Reading: pieces of one chunk, fetched as the consumer asks; the stream holds one ahead at most.
    const stream = (await blobs.open(info.id))!;
    const hash = createHash('sha256');
    let read = 0;
    let largestPiece = 0;
    let mostBuffered = 0;
    for await (const piece of stream) {
      const bytes = piece as Buffer;
      hash.update(bytes);
      read += bytes.length;
      largestPiece = Math.max(largestPiece, bytes.length);
      mostBuffered = Math.max(mostBuffered, stream.readableLength);
    }
    expect(read).toBe(total);
    expect(hash.digest('hex')).toBe(info.sha256);
    expect(largestPiece).toBe(DEFAULT_CHUNK_BYTES);
    expect(mostBuffered).toBeLessThanOrEqual(2 * MB);
    // 20 MB through PGlite's WASM takes seconds, more on a busy machine.
  }, 120_000);

  it('splits and joins pieces across chunk boundaries exactly', async () => {
    const small = new DatabaseBlobs(db, { chunkBytes: 1000 });
    const total = 10_500;
    const info = await small.put(Readable.from(pattern(total, 777)));
    const { rows } = await db.query<{ bytes: number }>(
      'SELECT length(data) AS bytes FROM blob_chunks WHERE blob_id = $1 ORDER BY seq',
      [info.id],
    );
    expect(rows.map((row) => row.bytes)).toEqual([...Array(10).fill(1000), 500]);
    const back = await readAll((await small.open(info.id))!);
    expect(back.equals(Buffer.concat([...pattern(total)]))).toBe(true);
  });

  it('stores an empty stream as an empty blob', async () => {
    const info = await blobs.put(Readable.from([]));
    expect(info.size).toBe(0);
    expect(info.sha256).toBe(createHash('sha256').digest('hex'));
    expect(await readAll((await blobs.open(info.id))!)).toHaveLength(0);
  });

  it('refuses a stream past maxBytes and keeps nothing of it', async () => {
    const before = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM blob_chunks');
    await expect(blobs.put(Readable.from(pattern(3 * MB)), { maxBytes: 2 * MB })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    const after = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM blob_chunks');
    expect(after.rows[0]!.count).toBe(before.rows[0]!.count);
    const writing = await db.query("SELECT 1 FROM blobs WHERE state = 'writing'");
    expect(writing.rows).toHaveLength(0);
  });

  it('keeps nothing of a stream that fails midway', async () => {
    const failing = Readable.from(
      (function* () {
        yield* pattern(2 * MB);
        throw new Error('client went away');
      })(),
    );
    await expect(blobs.put(failing)).rejects.toThrow('client went away');
    const writing = await db.query("SELECT 1 FROM blobs WHERE state = 'writing'");
    expect(writing.rows).toHaveLength(0);
  });

  it('deletes a blob with its chunks; an unknown or deleted id reads as absent', async () => {
    const info = await blobs.put(Readable.from(pattern(2 * MB + 5)));
    expect(await blobs.delete(info.id)).toBe(true);
    expect(await blobs.info(info.id)).toBeUndefined();
    expect(await blobs.open(info.id)).toBeUndefined();
    const { rows } = await db.query('SELECT 1 FROM blob_chunks WHERE blob_id = $1', [info.id]);
    expect(rows).toHaveLength(0);
    expect(await blobs.delete(info.id)).toBe(false);
  });

  it('sweeps writes abandoned by a process that died, not writes in progress', async () => {
    await db.query(
      "INSERT INTO blobs (state, created_at) VALUES ('writing', now() - interval '2 hours'), ('writing', now())",
    );
    expect(await blobs.sweepAbandoned()).toBe(1);
    const { rows } = await db.query("SELECT 1 FROM blobs WHERE state = 'writing'");
    expect(rows).toHaveLength(1);
    await db.query("DELETE FROM blobs WHERE state = 'writing'");
  });

  it('are swept by a running server every few minutes, without waiting for a restart', async () => {
    const modules = MODULES.map((module) =>
      module.name === 'blobs' ? createBlobsModule({ sweepIntervalMs: 50 }) : module,
    );
    const app = await buildApp({ config: testConfig(), db, modules });
    try {
      // A write left by a process that died an hour and a half ago, and one in progress.
      const { rows } = await db.query<{ id: string; state: string }>(
        `INSERT INTO blobs (state, created_at) VALUES ('writing', now() - interval '90 minutes'), ('writing', now())
         RETURNING id`,
      );
      const [abandoned, inProgress] = rows.map((row) => row.id);
      for (;;) {
        const left = await db.query<{ id: string }>("SELECT id FROM blobs WHERE state = 'writing'");
        if (!left.rows.some((row) => row.id === abandoned)) {
          expect(left.rows.map((row) => row.id)).toEqual([inProgress]);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await app.close();
      await db.query("DELETE FROM blobs WHERE state = 'writing'");
    }
  });
});

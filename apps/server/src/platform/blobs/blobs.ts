// Uploaded bytes, stored where every server instance can read them: in the database by default
// (PGlite and PostgreSQL alike, nothing else to run), as rows of at most `chunkBytes` (1 MB) in
// blob_chunks. Writing consumes a Readable and inserts each chunk as soon as it is full (a blob
// that fits in one chunk is one statement); reading answers a Readable that fetches one chunk at a
// time when the consumer asks for it (the first with the blob's size when it is opened). So a blob is
// never held whole in memory, whatever its size; size and sha256 are computed while streaming.
//
// A write does not run in one transaction: on PGlite (one connection) a transaction held open
// while a slow client uploads would stall every other request. The blob row is `writing` until the
// last chunk is in (a one-chunk blob is written `ready` with its bytes at once), failed writes
// delete what they wrote, and `sweepAbandoned` (at start and every few minutes, see module.ts)
// removes the rest of a write the process did not live to finish. Its commits do not wait for the disk (`Db.asyncCommit`): a blob is of use once its id
// is recorded somewhere, and the commit recording it comes later in the log, so a database crash
// never keeps the record without the bytes.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/db.js';

export interface BlobInfo {
  id: string;
  size: number;
  /** Hex sha256 of the bytes. */
  sha256: string;
  contentType: string | null;
  createdAt: Date;
}

export interface PutOptions {
  contentType?: string;
  /** Refuse (BlobTooLargeError, nothing kept) once the stream goes past this many bytes. */
  maxBytes?: number;
}

/** Where uploaded bytes live. */
export interface Blobs {
  /** Stores the stream's bytes; answers their id, size and sha256 once all are stored. */
  put(source: AsyncIterable<Uint8Array | string> | Readable, options?: PutOptions): Promise<BlobInfo>;
  info(id: string): Promise<BlobInfo | undefined>;
  /** The bytes as a stream read from storage as it is consumed; undefined when there is no such blob. */
  open(id: string): Promise<Readable | undefined>;
  /** True when it existed. */
  delete(id: string): Promise<boolean>;
  /** Removes writes begun longer than `olderThanMs` ago (default an hour) that never finished; answers how many. */
  sweepAbandoned(olderThanMs?: number): Promise<number>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${maxBytes} bytes.`);
    this.name = 'BlobTooLargeError';
  }
}

interface BlobRow {
  id: string;
  size: string | number;
  sha256: string;
  content_type: string | null;
  created_at: Date | string;
}

function toInfo(row: BlobRow): BlobInfo {
  return {
    id: row.id,
    size: Number(row.size),
    sha256: row.sha256,
    contentType: row.content_type,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  };
}

function toBuffer(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  throw new Error('Unexpected bytea value');
}

export interface DatabaseBlobsOptions {
  /** Bytes per stored row. @default 1 MiB */
  chunkBytes?: number;
}

export const DEFAULT_CHUNK_BYTES = 1024 * 1024;

/** Blobs in the database: `blobs` (one row per blob) and `blob_chunks` (its bytes, in order). */
export class DatabaseBlobs implements Blobs {
  readonly chunkBytes: number;
  // PGlite converts bytea parameters and results byte by byte in JavaScript (about 1.7 s per MB
  // written, 0.5 s read, measured); as base64 text decoded by the database it is 7-15 times faster.
  private readonly isBase64: boolean;

  constructor(
    private readonly db: Db,
    options: DatabaseBlobsOptions = {},
  ) {
    this.chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    this.isBase64 = db.kind === 'pglite';
  }

  async put(
    source: AsyncIterable<Uint8Array | string> | Readable,
    options: PutOptions = {},
  ): Promise<BlobInfo> {
    const contentType = options.contentType ?? null;
    const data = (bytes: Buffer) => (this.isBase64 ? bytes.toString('base64') : bytes);
    const dataParameter = (index: number) => (this.isBase64 ? `decode($${index}, 'base64')` : `$${index}`);
    /** The blob's row, inserted with the first full chunk (none yet for a blob that fits in one). */
    let id: string | undefined;
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    // One chunk being filled; pieces larger than the room left are split across chunks.
    let chunk = Buffer.allocUnsafe(this.chunkBytes);
    let filled = 0;
    const flush = async () => {
      if (filled === 0) return;
      const bytes = chunk.subarray(0, filled);
      if (id === undefined) {
        const { rows } = await this.db.asyncCommit.query<{ id: string }>(
          `WITH blob AS (INSERT INTO blobs (content_type, state) VALUES ($1, 'writing') RETURNING id)
           INSERT INTO blob_chunks (blob_id, seq, data) SELECT id, 0, ${dataParameter(2)} FROM blob
           RETURNING blob_id AS id`,
          [contentType, data(bytes)],
        );
        id = rows[0]!.id;
        seq = 1;
      } else {
        await this.db.asyncCommit.query(
          `INSERT INTO blob_chunks (blob_id, seq, data) VALUES ($1, $2, ${dataParameter(3)})`,
          [id, seq++, data(bytes)],
        );
      }
      // The driver may still reference the sent bytes: fill a fresh buffer, not the same one.
      chunk = Buffer.allocUnsafe(this.chunkBytes);
      filled = 0;
    };
    // A stream is not destroyed by leaving the loop (which would tell whoever feeds it only that it
    // was aborted): on a failure it is destroyed below with the failure itself.
    const pieces = source instanceof Readable ? source.iterator({ destroyOnReturn: false }) : source;
    try {
      for await (const piece of pieces) {
        const bytes = typeof piece === 'string' ? Buffer.from(piece) : toBuffer(piece);
        size += bytes.length;
        if (options.maxBytes !== undefined && size > options.maxBytes) {
          throw new BlobTooLargeError(options.maxBytes);
        }
        hash.update(bytes);
        let offset = 0;
        while (offset < bytes.length) {
          const taken = Math.min(this.chunkBytes - filled, bytes.length - offset);
          bytes.copy(chunk, filled, offset, offset + taken);
          filled += taken;
          offset += taken;
          if (filled === this.chunkBytes) await flush();
        }
      }
      const sha256 = hash.digest('hex');
      if (id === undefined) {
        // It fits in one chunk (most documents): the row and its bytes in one statement.
        const { rows } = await this.db.asyncCommit.query<BlobRow>(
          `WITH blob AS (
             INSERT INTO blobs (content_type, state, size, sha256) VALUES ($1, 'ready', $2, $3)
             RETURNING id, size, sha256, content_type, created_at
           ), stored AS (
             INSERT INTO blob_chunks (blob_id, seq, data) SELECT id, 0, ${dataParameter(4)} FROM blob WHERE $2 > 0
           )
           SELECT * FROM blob`,
          [contentType, size, sha256, data(chunk.subarray(0, filled))],
          { name: 'blobs_put_whole' },
        );
        return toInfo(rows[0]!);
      }
      await flush();
      const done = await this.db.asyncCommit.query<BlobRow>(
        `UPDATE blobs SET size = $2, sha256 = $3, state = 'ready' WHERE id = $1
         RETURNING id, size, sha256, content_type, created_at`,
        [id, size, sha256],
      );
      return toInfo(done.rows[0]!);
    } catch (error) {
      if (source instanceof Readable && !source.destroyed) {
        // Its writer learns why it stopped being read (e.g. the review's zip writer); nothing else
        // listens, so the error event itself is consumed here.
        source.once('error', () => {});
        source.destroy(error instanceof Error ? error : new Error(String(error)));
      }
      if (id !== undefined) await this.db.query('DELETE FROM blobs WHERE id = $1', [id]).catch(() => {});
      throw error;
    }
  }

  async info(id: string): Promise<BlobInfo | undefined> {
    const { rows } = await this.db.query<BlobRow>(
      "SELECT id, size, sha256, content_type, created_at FROM blobs WHERE id = $1 AND state = 'ready'",
      [id],
    );
    return rows[0] ? toInfo(rows[0]) : undefined;
  }

  async open(id: string): Promise<Readable | undefined> {
    const { db, isBase64 } = this;
    const dataColumn = isBase64 ? "encode(c.data, 'base64')" : 'c.data';
    // The size and the first chunk in one query (most documents are one chunk); the others are
    // fetched as the consumer asks, up to the size, so no query looks for a chunk past the last.
    const { rows } = await db.query<{ size: string | number; data: unknown }>(
      `SELECT b.size, ${dataColumn} AS data FROM blobs b
       LEFT JOIN blob_chunks c ON c.blob_id = b.id AND c.seq = 0
       WHERE b.id = $1 AND b.state = 'ready'`,
      [id],
      { name: 'blobs_open' },
    );
    if (!rows[0]) return undefined;
    const size = Number(rows[0].size);
    const decode = (value: unknown) => (isBase64 ? Buffer.from(value as string, 'base64') : toBuffer(value));
    const first = rows[0].data === null ? undefined : decode(rows[0].data);
    async function* chunks(): AsyncGenerator<Buffer> {
      if (!first) return;
      yield first;
      for (let seq = 1, read = first.length; read < size; seq++) {
        const { rows } = await db.query<{ data: unknown }>(
          `SELECT ${dataColumn} AS data FROM blob_chunks c WHERE c.blob_id = $1 AND c.seq = $2`,
          [id, seq],
        );
        if (!rows[0]) return;
        const bytes = decode(rows[0].data);
        read += bytes.length;
        yield bytes;
      }
    }
    // highWaterMark 1: read one chunk ahead at most.
    return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM blobs WHERE id = $1', [id]);
    return rowCount > 0;
  }

  /** Removes blobs whose write started longer than `olderThanMs` ago and never finished. */
  async sweepAbandoned(olderThanMs = 60 * 60_000): Promise<number> {
    const { rowCount } = await this.db.query(
      "DELETE FROM blobs WHERE state = 'writing' AND created_at < now() - $1 * interval '1 millisecond'",
      [olderThanMs],
    );
    return rowCount;
  }
}

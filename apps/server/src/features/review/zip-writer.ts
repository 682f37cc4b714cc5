// The review's download, written as a zip stream (PKWARE APPNOTE 6.3: local headers, central
// directory, ZIP64 records when an offset, a size or the entry count outgrows 32/16 bits).
//
// Why not yazl (used before): it deflates every buffer with an asynchronous zlib stream of its own,
// and a review adds two small buffers per Python file (the enhanced text, its REVIEW.md). For a
// package of 1,000 files that was ~2,000 zlib contexts of ~256 KB native memory each on the thread
// pool: about three times the CPU of deflating the same bytes in one call each, and the native
// memory's turnover made V8 collect garbage for most of a second. Here a small entry is deflated in
// one synchronous call (well under a millisecond for a source file; large ones go to the thread pool),
// its size and CRC are known before its local header is written, and a file the review does not
// change is copied compressed, byte for byte, from the uploaded zip (no inflate and deflate again).
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/** Entries larger than this are deflated on the thread pool rather than on this thread. */
const SYNC_DEFLATE_BYTES = 256 * 1024;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_FLAG = 0x0800;
/** Version made by: Unix (3), APPNOTE 4.5 (ZIP64). */
const MADE_BY = (3 << 8) | 45;
const FILE_MODE = 0o100644;
const DIRECTORY_MODE = 0o40755;

export interface ZipWriterOptions {
  /** zlib's level for the deflated entries (default zlib's own, 6). */
  level?: number;
  /** The entries' modification time (default: when the writer was made). */
  date?: Date;
  /** 'always' writes ZIP64 fields for every entry and the end records (for tests); default 'auto'. */
  zip64?: 'auto' | 'always';
}

/** An entry already compressed elsewhere (a file of the uploaded zip), with its directory's facts. */
export interface RawEntry {
  /** 0 (stored) or 8 (deflated), or any method the reader of the download must know. */
  compressionMethod: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
}

interface CentralRecord {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  mode: number;
  isDirectory: boolean;
}

export class ZipWriter {
  /** The zip's bytes as they are written (a blob store reads it while entries are added). */
  readonly stream: Readable;
  private readonly output: PassThrough;
  private readonly records: CentralRecord[] = [];
  private offset = 0;
  private readonly level: number;
  private readonly time: number;
  private readonly day: number;
  private readonly forceZip64: boolean;

  constructor(options: ZipWriterOptions = {}) {
    // Up to 4 MiB wait in memory for the reader before an add waits for it.
    this.output = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
    this.stream = this.output;
    // Its reader sees a failure through its own listeners; without one it must not end the process.
    this.output.on('error', () => {});
    this.level = options.level ?? constants.Z_DEFAULT_COMPRESSION;
    const date = options.date ?? new Date();
    this.time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
    this.day = (Math.max(0, date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
    this.forceZip64 = options.zip64 === 'always';
  }

  /** A folder entry (`path` with or without its trailing slash). */
  addDirectory(path: string): Promise<void> {
    const name = path.endsWith('/') ? path : `${path}/`;
    const facts = { method: STORED, crc: 0, compressedSize: 0, size: 0 };
    return this.entry(name, { ...facts, mode: DIRECTORY_MODE, isDirectory: true }, []);
  }

  /** A file from its bytes, deflated (or stored when deflating does not make it smaller). */
  async addBuffer(path: string, data: Uint8Array): Promise<void> {
    const crc = crc32(data);
    let compressed: Uint8Array =
      data.length > SYNC_DEFLATE_BYTES
        ? await deflateRawAsync(data, { level: this.level })
        : deflateRawSync(data, { level: this.level });
    let method = DEFLATED;
    if (compressed.length >= data.length) {
      compressed = data;
      method = STORED;
    }
    const facts = { method, crc, compressedSize: compressed.length, size: data.length };
    await this.entry(path, { ...facts, mode: FILE_MODE, isDirectory: false }, [compressed]);
  }

  /** A file copied as it was compressed elsewhere: `data` gives exactly `entry.compressedSize` bytes. */
  async addRaw(
    path: string,
    entry: RawEntry,
    data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<void> {
    const facts = {
      method: entry.compressionMethod,
      crc: entry.crc32,
      compressedSize: entry.compressedSize,
      size: entry.uncompressedSize,
    };
    await this.entry(path, { ...facts, mode: FILE_MODE, isDirectory: false }, data);
  }

  /** Writes the central directory and ends the stream. */
  async end(): Promise<void> {
    const start = this.offset;
    for (const record of this.records) await this.write(this.centralHeader(record));
    const size = this.offset - start;
    const count = this.records.length;
    if (this.forceZip64 || count >= MAX16 || start >= MAX32 || size >= MAX32) {
      const end64 = Buffer.alloc(56 + 20);
      end64.writeUInt32LE(0x06064b50, 0);
      end64.writeBigUInt64LE(44n, 4);
      end64.writeUInt16LE(MADE_BY, 12);
      end64.writeUInt16LE(45, 14);
      end64.writeBigUInt64LE(BigInt(count), 24);
      end64.writeBigUInt64LE(BigInt(count), 32);
      end64.writeBigUInt64LE(BigInt(size), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      // The ZIP64 end record's locator.
      end64.writeUInt32LE(0x07064b50, 56);
      end64.writeBigUInt64LE(BigInt(this.offset), 64);
      end64.writeUInt32LE(1, 72);
      await this.write(end64);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(count, MAX16), 8);
    end.writeUInt16LE(Math.min(count, MAX16), 10);
    end.writeUInt32LE(Math.min(size, MAX32), 12);
    end.writeUInt32LE(Math.min(start, MAX32), 16);
    await this.write(end);
    this.output.end();
  }

  /** Ends the stream with `error` (its reader fails with it). */
  destroy(error: Error): void {
    this.output.destroy(error);
  }

  private async entry(
    path: string,
    facts: Omit<CentralRecord, 'name' | 'offset'>,
    data: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  ): Promise<void> {
    const name = Buffer.from(path, 'utf8');
    if (name.length > MAX16) throw new Error(`The path '${path.slice(0, 80)}...' is too long for a zip.`);
    const record: CentralRecord = { ...facts, name, offset: this.offset };
    const { method, crc, compressedSize, size } = facts;
    const zip64 = this.forceZip64 || compressedSize >= MAX32 || size >= MAX32;
    const header = Buffer.alloc(30 + name.length + (zip64 ? 20 : 0));
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(zip64 ? 45 : 20, 4);
    header.writeUInt16LE(UTF8_FLAG, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(this.time, 10);
    header.writeUInt16LE(this.day, 12);
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(zip64 ? MAX32 : compressedSize, 18);
    header.writeUInt32LE(zip64 ? MAX32 : size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(zip64 ? 20 : 0, 28);
    name.copy(header, 30);
    if (zip64) {
      const extra = 30 + name.length;
      header.writeUInt16LE(0x0001, extra);
      header.writeUInt16LE(16, extra + 2);
      header.writeBigUInt64LE(BigInt(size), extra + 4);
      header.writeBigUInt64LE(BigInt(compressedSize), extra + 12);
    }
    await this.write(header);
    let written = 0;
    for await (const chunk of data) {
      written += chunk.length;
      await this.write(chunk);
    }
    if (written !== compressedSize) {
      throw new Error(`The zip entry '${path}' gave ${written} bytes where ${compressedSize} were expected.`);
    }
    this.records.push(record);
  }

  private centralHeader(record: CentralRecord): Buffer {
    // ZIP64 extra field: the sizes and the offset that do not fit 32 bits, in this order.
    const big: bigint[] = [];
    const all = this.forceZip64;
    if (all || record.size >= MAX32) big.push(BigInt(record.size));
    if (all || record.compressedSize >= MAX32) big.push(BigInt(record.compressedSize));
    if (all || record.offset >= MAX32) big.push(BigInt(record.offset));
    const extraLength = big.length > 0 ? 4 + 8 * big.length : 0;
    const header = Buffer.alloc(46 + record.name.length + extraLength);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(MADE_BY, 4);
    header.writeUInt16LE(big.length > 0 ? 45 : 20, 6);
    header.writeUInt16LE(UTF8_FLAG, 8);
    header.writeUInt16LE(record.method, 10);
    header.writeUInt16LE(this.time, 12);
    header.writeUInt16LE(this.day, 14);
    header.writeUInt32LE(record.crc >>> 0, 16);
    header.writeUInt32LE(all || record.compressedSize >= MAX32 ? MAX32 : record.compressedSize, 20);
    header.writeUInt32LE(all || record.size >= MAX32 ? MAX32 : record.size, 24);
    header.writeUInt16LE(record.name.length, 28);
    header.writeUInt16LE(extraLength, 30);
    // Comment length, disk number start, internal attributes: 0.
    header.writeUInt32LE(((record.mode << 16) | (record.isDirectory ? 0x10 : 0)) >>> 0, 38);
    header.writeUInt32LE(all || record.offset >= MAX32 ? MAX32 : record.offset, 42);
    record.name.copy(header, 46);
    if (big.length > 0) {
      let at = 46 + record.name.length;
      header.writeUInt16LE(0x0001, at);
      header.writeUInt16LE(8 * big.length, at + 2);
      at += 4;
      for (const value of big) {
        header.writeBigUInt64LE(value, at);
        at += 8;
      }
    }
    return header;
  }

  private async write(chunk: Uint8Array): Promise<void> {
    this.offset += chunk.length;
    if (this.output.destroyed) throw this.output.errored ?? new Error('The zip stream was closed.');
    if (!this.output.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          this.output.off('drain', onDrain);
          this.output.off('close', onClose);
          if (error) reject(error);
          else resolve();
        };
        const onDrain = () => done();
        const onClose = () => done(this.output.errored ?? new Error('The zip stream was closed.'));
        this.output.once('drain', onDrain);
        this.output.once('close', onClose);
      });
    }
  }
}

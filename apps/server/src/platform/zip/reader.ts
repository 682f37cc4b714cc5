// The one reader of zips from outside (training uploads' .docx and .pptx in features/knowledge, code
// review's uploads in features/review), over a random-access source: the bytes in memory of a
// document, or the file on disk a review zip is spooled to. It trusts nothing it has not counted:
//
// - it walks the central directory (what every unzip tool follows; ZIP64 included), refusing more
//   entries, more declared bytes or a higher compression ratio than the limits allow, local headers
//   that are not where the directory says or data past the file's end, and entries sharing their
//   bytes (how a non-recursive zip bomb multiplies a small file);
// - while inflating an entry it stops as soon as the bytes produced pass what the entry declares, or
//   the running total over every read passes the budget.
//
// Its errors are ZipReadError with a `reason` and the facts behind it, never words for people: each
// feature says them its own way (and adds its own policy: review's paths and Python files, the
// Office parts a document needs).
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';
import { isCompressedPastRatio, type ZipLimits } from './limits.js';

/** Random access to a zip's bytes. */
export interface ZipSource {
  readonly size: number;
  /** Up to `length` bytes from `position` (fewer at the end). */
  read(position: number, length: number): Promise<Uint8Array>;
  close?(): Promise<void>;
}

/** A zip held in memory. */
export function bytesSource(bytes: Uint8Array): ZipSource {
  return {
    size: bytes.length,
    read: async (position, length) =>
      bytes.subarray(Math.min(position, bytes.length), Math.min(position + length, bytes.length)),
  };
}

/** How much of a file one read takes at least: the entries of a zip are read in the order they are stored. */
const READ_BLOCK_BYTES = 256 * 1024;

/**
 * A zip in a file, read through `handle` (closed with the source), with the last block read kept:
 * one read of the file serves many small entries.
 */
export function fileSource(handle: FileHandle, size: number): ZipSource {
  let block: { position: number; bytes: Buffer } | undefined;
  return {
    size,
    async read(position, length) {
      if (block && position >= block.position && position + length <= block.position + block.bytes.length) {
        const start = position - block.position;
        return block.bytes.subarray(start, start + length);
      }
      const wanted = Math.max(0, Math.min(Math.max(length, READ_BLOCK_BYTES), size - position));
      const buffer = Buffer.allocUnsafe(wanted);
      const { bytesRead } = wanted > 0 ? await handle.read(buffer, 0, wanted, position) : { bytesRead: 0 };
      block = { position, bytes: buffer.subarray(0, bytesRead) };
      return block.bytes.subarray(0, Math.min(length, bytesRead));
    },
    async close() {
      block = undefined;
      await handle.close();
    },
  };
}

/** Why a zip or one of its entries was refused; `entry` is the entry's name when one is at fault. */
export type ZipReadReason =
  /** No end of central directory record: not a zip, or a truncated one. */
  | 'not_zip'
  /** The directory is damaged or points outside the file. */
  | 'damaged_directory'
  /** An entry's local header is not where the directory says. */
  | 'damaged_entry'
  /** An entry's data runs past the file's end. */
  | 'truncated_entry'
  | 'too_many_entries'
  /** More bytes declared over all entries than `maxUncompressedBytes`. */
  | 'declared_too_large'
  /** An entry declares more than `maxRatio` times its compressed size. */
  | 'ratio'
  | 'overlap'
  | 'encrypted'
  | 'unsupported_method'
  /** An entry inflates to more than it declares. */
  | 'inflates_past'
  /** An entry inflates to less than it declares. */
  | 'inflates_short'
  /** The deflate data is damaged; `detail` is zlib's message. */
  | 'inflate_failed'
  /** The inflated bytes over all reads passed `maxUncompressedBytes`. */
  | 'inflated_too_large';

export class ZipReadError extends Error {
  constructor(
    readonly reason: ZipReadReason,
    readonly facts: { entry?: ZipEntry; count?: number; detail?: string } = {},
  ) {
    super(
      `${reason}${facts.entry ? ` (${facts.entry.name})` : ''}${facts.detail ? `: ${facts.detail}` : ''}`,
    );
    this.name = 'ZipReadError';
  }
}

/** An entry as the central directory lists it (folders included). */
export interface ZipEntry {
  /** The path, decoded as unzip tools do: Info-ZIP's Unicode path field, UTF-8 when flagged, else CP437. */
  name: string;
  /** 0 (stored), 8 (deflated), or another the reader does not inflate. */
  compressionMethod: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  isEncrypted: boolean;
  /** The upper 16 bits are a Unix mode when `madeOnUnix`. */
  externalFileAttributes: number;
  madeOnUnix: boolean;
  localHeaderOffset: number;
  /** Where the stored bytes start (after the local header). */
  dataStart: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** Entries up to this size (compressed and expanded) are inflated in one synchronous call. */
const WHOLE_ENTRY_BYTES = 1024 * 1024;
const STREAM_CHUNK_BYTES = 256 * 1024;

/** An open zip whose directory was checked against the limits; entries are inflated within them. */
export class ZipReader {
  private inflated = 0;

  private constructor(
    private readonly source: ZipSource,
    /** Every entry, in the directory's order. */
    readonly entries: readonly ZipEntry[],
    private readonly limits: ZipLimits,
  ) {}

  /** Reads and checks the directory of the zip in `source`; throws ZipReadError when refused. */
  static async open(source: ZipSource, limits: ZipLimits): Promise<ZipReader> {
    return new ZipReader(source, await readDirectory(source, limits), limits);
  }

  /**
   * The entry's bytes, inflated within the limits: never more than it declares (what the limits were
   * checked against), and the total over every read never more than `maxUncompressedBytes`.
   */
  async read(entry: ZipEntry): Promise<Buffer> {
    refuseUnreadable(entry);
    const stored = entry.compressedSize;
    if (
      entry.compressionMethod === 0 ||
      (stored <= WHOLE_ENTRY_BYTES && entry.uncompressedSize <= WHOLE_ENTRY_BYTES)
    ) {
      const data = await this.source.read(entry.dataStart, stored);
      if (data.length < stored) throw new ZipReadError('truncated_entry', { entry });
      const content = entry.compressionMethod === 0 ? Buffer.from(data) : inflateWhole(entry, data);
      if (content.length > entry.uncompressedSize) throw new ZipReadError('inflates_past', { entry });
      this.count(content.length);
      if (content.length < entry.uncompressedSize) throw new ZipReadError('inflates_short', { entry });
      return content;
    }
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.inflate(entry)) {
      parts.push(chunk);
      size += chunk.length;
    }
    return Buffer.concat(parts, size);
  }

  /** The entry's bytes as the zip stores them (not inflated, so not counted against the budget). */
  async *raw(entry: ZipEntry): AsyncGenerator<Buffer> {
    for (let at = 0; at < entry.compressedSize; ) {
      const length = Math.min(STREAM_CHUNK_BYTES, entry.compressedSize - at);
      const chunk = await this.source.read(entry.dataStart + at, length);
      if (chunk.length < length) throw new ZipReadError('truncated_entry', { entry });
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      at += length;
    }
  }

  /** A large deflated entry inflated on zlib's thread pool, counted chunk by chunk. */
  private async *inflate(entry: ZipEntry): AsyncGenerator<Buffer> {
    const inflater = createInflateRaw();
    // Settled when the inflater is done or destroyed; its errors reach the loop below.
    const fed = pipeline(Readable.from(this.raw(entry)), inflater).catch(() => {});
    let produced = 0;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        produced += chunk.length;
        // Stopped at the first chunk past what the entry declares: a bomb is never inflated further.
        if (produced > entry.uncompressedSize) throw new ZipReadError('inflates_past', { entry });
        this.count(chunk.length);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof ZipReadError) throw error;
      throw new ZipReadError('inflate_failed', { entry, detail: (error as Error).message });
    } finally {
      inflater.destroy();
      await fed;
    }
    if (produced < entry.uncompressedSize) throw new ZipReadError('inflates_short', { entry });
  }

  /** Counts inflated bytes against the total budget; throws past it. */
  private count(bytes: number): void {
    this.inflated += bytes;
    if (this.inflated > this.limits.maxUncompressedBytes) throw new ZipReadError('inflated_too_large');
  }

  async close(): Promise<void> {
    await this.source.close?.();
  }
}

function refuseUnreadable(entry: ZipEntry): void {
  if (entry.isEncrypted) throw new ZipReadError('encrypted', { entry });
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new ZipReadError('unsupported_method', { entry });
  }
}

/** A small deflated entry in one call, stopped one byte past its declared size. */
function inflateWhole(entry: ZipEntry, data: Uint8Array): Buffer {
  try {
    return inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ZipReadError('inflates_past', { entry });
    }
    throw new ZipReadError('inflate_failed', { entry, detail: (error as Error).message });
  }
}

interface End {
  entryCount: number;
  directorySize: number;
  directoryOffset: number;
  /** Where the end records start: the directory must end before. */
  endsAt: number;
}

async function readEnd(source: ZipSource): Promise<End> {
  const tailStart = Math.max(0, source.size - 22 - MAX16);
  const tail = await source.read(tailStart, source.size - tailStart);
  const view = viewOf(tail);
  let eocd = -1;
  for (let position = tail.length - 22; position >= 0; position--) {
    if (view.getUint32(position, true) === EOCD_SIGNATURE) {
      eocd = position;
      break;
    }
  }
  if (eocd < 0) throw new ZipReadError('not_zip');
  const end: End = {
    entryCount: view.getUint16(eocd + 10, true),
    directorySize: view.getUint32(eocd + 12, true),
    directoryOffset: view.getUint32(eocd + 16, true),
    endsAt: tailStart + eocd,
  };
  // ZIP64: a locator just before the end record points to the ZIP64 end record.
  const locator = eocd - 20;
  if (locator >= 0 && view.getUint32(locator, true) === ZIP64_LOCATOR_SIGNATURE) {
    const recordAt = Number(view.getBigUint64(locator + 8, true));
    const record = await source.read(recordAt, 56);
    const recordView = viewOf(record);
    if (record.length < 56 || recordView.getUint32(0, true) !== ZIP64_EOCD_SIGNATURE) {
      throw new ZipReadError('damaged_directory', { detail: 'no ZIP64 end of central directory record' });
    }
    return {
      entryCount: Number(recordView.getBigUint64(32, true)),
      directorySize: Number(recordView.getBigUint64(40, true)),
      directoryOffset: Number(recordView.getBigUint64(48, true)),
      endsAt: recordAt,
    };
  }
  return end;
}

async function readDirectory(source: ZipSource, limits: ZipLimits): Promise<ZipEntry[]> {
  const end = await readEnd(source);
  if (end.entryCount > limits.maxEntries) {
    throw new ZipReadError('too_many_entries', { count: end.entryCount });
  }
  if (end.directoryOffset + end.directorySize > end.endsAt) {
    throw new ZipReadError('damaged_directory', { detail: 'the central directory points outside the file' });
  }
  const directory = await source.read(end.directoryOffset, end.directorySize);
  const view = viewOf(directory);
  const entries: ZipEntry[] = [];
  let declared = 0;
  let position = 0;
  for (let index = 0; index < end.entryCount; index++) {
    if (position + 46 > directory.length || view.getUint32(position, true) !== CENTRAL_SIGNATURE) {
      throw new ZipReadError('damaged_directory', {
        detail: 'invalid central directory file header signature',
      });
    }
    const versionMadeBy = view.getUint16(position + 4, true);
    const flags = view.getUint16(position + 8, true);
    const nameLength = view.getUint16(position + 28, true);
    const extraLength = view.getUint16(position + 30, true);
    const commentLength = view.getUint16(position + 32, true);
    const nameStart = position + 46;
    const extraStart = nameStart + nameLength;
    const next = extraStart + extraLength + commentLength;
    if (next > directory.length) {
      throw new ZipReadError('damaged_directory', {
        detail: 'a file header runs past the central directory',
      });
    }
    const rawName = directory.subarray(nameStart, extraStart);
    const extra = directory.subarray(extraStart, extraStart + extraLength);
    let uncompressedSize = view.getUint32(position + 24, true);
    let compressedSize = view.getUint32(position + 20, true);
    let localHeaderOffset = view.getUint32(position + 42, true);
    if (uncompressedSize === MAX32 || compressedSize === MAX32 || localHeaderOffset === MAX32) {
      const zip64 = extraField(extra, 0x0001);
      if (!zip64)
        throw new ZipReadError('damaged_directory', {
          detail: 'expected a ZIP64 extended information field',
        });
      const zip64View = viewOf(zip64);
      let at = 0;
      const next64 = (): number => {
        if (at + 8 > zip64.length) {
          throw new ZipReadError('damaged_directory', {
            detail: 'the ZIP64 extended information field is too short',
          });
        }
        const value = Number(zip64View.getBigUint64(at, true));
        at += 8;
        return value;
      };
      if (uncompressedSize === MAX32) uncompressedSize = next64();
      if (compressedSize === MAX32) compressedSize = next64();
      if (localHeaderOffset === MAX32) localHeaderOffset = next64();
    }
    const entry: ZipEntry = {
      name: decodeName(flags, rawName, extra),
      compressionMethod: view.getUint16(position + 10, true),
      crc32: view.getUint32(position + 16, true),
      compressedSize,
      uncompressedSize,
      isEncrypted: (flags & 1) === 1,
      externalFileAttributes: view.getUint32(position + 38, true),
      madeOnUnix: versionMadeBy >> 8 === 3,
      localHeaderOffset,
      dataStart: 0,
    };
    position = next;
    declared += uncompressedSize;
    if (declared > limits.maxUncompressedBytes) throw new ZipReadError('declared_too_large', { entry });
    if (isCompressedPastRatio(limits, entry)) throw new ZipReadError('ratio', { entry });
    entries.push(entry);
  }
  await locateData(source, entries);
  return entries;
}

/** Reads every entry's local header (where its data starts) and refuses entries sharing bytes. */
async function locateData(source: ZipSource, entries: ZipEntry[]): Promise<void> {
  const ranges: Array<[number, number]> = [];
  for (const entry of [...entries].sort((left, right) => left.localHeaderOffset - right.localHeaderOffset)) {
    const header = await source.read(entry.localHeaderOffset, 30);
    if (header.length < 30 || viewOf(header).getUint32(0, true) !== LOCAL_SIGNATURE) {
      throw new ZipReadError('damaged_entry', { entry, detail: 'invalid local file header signature' });
    }
    const view = viewOf(header);
    entry.dataStart = entry.localHeaderOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
    const dataEnd = entry.dataStart + entry.compressedSize;
    if (dataEnd > source.size) throw new ZipReadError('truncated_entry', { entry });
    ranges.push([entry.localHeaderOffset, dataEnd]);
  }
  // Sorted by start: an entry starting before the previous one ends shares its bytes.
  for (let index = 1; index < ranges.length; index++) {
    if (ranges[index]![0] < ranges[index - 1]![1]) throw new ZipReadError('overlap');
  }
}

function extraField(extra: Uint8Array, id: number): Uint8Array | undefined {
  const view = viewOf(extra);
  for (let at = 0; at + 4 <= extra.length; ) {
    const length = view.getUint16(at + 2, true);
    if (view.getUint16(at, true) === id)
      return extra.subarray(at + 4, Math.min(at + 4 + length, extra.length));
    at += 4 + length;
  }
  return undefined;
}

const CP437 =
  '\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼ !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~⌂ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■ ';

/** The entry's name as unzip tools read it: Info-ZIP's Unicode path field, UTF-8 when flagged, else CP437. */
function decodeName(flags: number, raw: Uint8Array, extra: Uint8Array): string {
  const unicode = extraField(extra, 0x7075);
  if (
    unicode &&
    unicode.length >= 6 &&
    unicode[0] === 1 &&
    viewOf(unicode).getUint32(1, true) === crc32(raw)
  ) {
    return Buffer.from(unicode.subarray(5)).toString('utf8');
  }
  if ((flags & 0x0800) !== 0) return Buffer.from(raw).toString('utf8');
  let name = '';
  for (const byte of raw) name += CP437[byte];
  return name;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

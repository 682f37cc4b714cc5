// Reading uploaded review zips with limits, through yauzl (random access to a file on disk: the
// central directory is read first, what every unzip tool follows; entries are inflated as streams
// whose size yauzl checks against the directory). Nothing is trusted before it is counted:
//
// - not a zip, damaged, encrypted, an unknown compression method: 400;
// - more entries, more declared bytes or a higher compression ratio than allowed: 413 (a zip bomb);
//   while inflating, more bytes than an entry declares stop it (a lying header: the review then fails
//   once, saying so) and the running total over all entries is capped too;
// - a path that is absolute, has a drive letter or leaves the root through `..`, and symbolic links:
//   400 (zip slip: a later unzip of the download must never write outside its folder).
//
// The zip is kept in a temporary file while it is read: the upload is streamed there, and a review
// job copies the stored blob there, so a zip is never held whole in memory.
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { formatBytes } from '../../platform/format-bytes.js';
import { isCompressedPastRatio, type ZipLimits } from '../../platform/zip/limits.js';

/** Why a zip is refused: `status` 400 (not a usable zip, unsafe paths) or 413 (too big, a bomb). */
export class ReviewZipError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'ReviewZipError';
  }
}

export interface ZipItem {
  /** The path inside the zip, `/`-separated, without a leading `./`. */
  path: string;
  isDirectory: boolean;
  size: number;
  /** Python source the review reads (not under __MACOSX/, not an AppleDouble `._` file). */
  isPython: boolean;
  entry: yauzl.Entry;
}

/** Most folders one path may go down (a project's rarely pass 20; Linux paths stop at 4,096 bytes). */
const MAX_FOLDER_DEPTH = 100;
/** Entries up to this size (compressed and expanded) are read in one piece (CheckedZip.readWhole). */
const WHOLE_ENTRY_BYTES = 1024 * 1024;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
/** How much of the zip's file one read takes for small entries (CheckedZip.bytesAt). */
const READ_BLOCK_BYTES = 256 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** The entry's path, decoded (UTF-8 when flagged or valid, else CP437 as yauzl reads it). */
function decodeName(entry: yauzl.Entry): string {
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
}

/** A path that stays inside the archive's root, or a ReviewZipError saying why not. */
export function safeZipPath(raw: string): string {
  const shown = raw.length > 120 ? `${raw.slice(0, 120)}…` : raw;
  if ([...raw].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) {
    throw new ReviewZipError(
      400,
      `The zip holds a path with control characters ('${JSON.stringify(shown)}').`,
    );
  }
  const slashed = raw.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) {
    throw new ReviewZipError(
      400,
      `The zip holds an absolute path ('${shown}'): zip the project folder with relative paths.`,
    );
  }
  const segments = slashed.split('/');
  if (segments.includes('..')) {
    throw new ReviewZipError(
      400,
      `The zip holds a path that leaves its folder ('${shown}'): paths with '..' are not accepted.`,
    );
  }
  const kept = segments.filter(
    (segment, index) => segment !== '.' && (segment !== '' || index === segments.length - 1),
  );
  // Folders inside folders are walked (the review JSON's tree, the screen's): bounded here.
  if (kept.length - 1 > MAX_FOLDER_DEPTH) {
    throw new ReviewZipError(
      400,
      `The zip holds a path ${kept.length - 1} folders deep ('${shown}'), more than the ${MAX_FOLDER_DEPTH} the review reads: zip the project from a folder nearer to it.`,
    );
  }
  return kept.join('/');
}

function isPythonPath(path: string): boolean {
  if (!path.endsWith('.py')) return false;
  if (path.startsWith('__MACOSX/')) return false;
  const base = path.slice(path.lastIndexOf('/') + 1);
  return !base.startsWith('._') && base.length > 3;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) {
          reject(
            new ReviewZipError(
              400,
              `The file is not a zip archive, or a damaged one (${error?.message ?? 'unreadable'}). Upload a .zip of your Python files.`,
            ),
          );
        } else {
          resolve(zip);
        }
      },
    );
  });
}

/** An open zip whose entries were all checked against the limits. */
export class CheckedZip {
  private inflated = 0;
  /** The zip's file, opened on the first read of a small entry (readWhole). */
  private handle: Promise<FileHandle> | undefined;
  /** The last block of the file read for small entries: the next entries are usually in it. */
  private block: { position: number; bytes: Buffer } | undefined;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly items: readonly ZipItem[],
    private readonly limits: ZipLimits,
    private readonly file: string,
  ) {}

  /** Opens `file` and checks every entry; throws ReviewZipError when the zip is refused. */
  static async open(file: string, limits: ZipLimits): Promise<CheckedZip> {
    const zip = await openZip(file);
    try {
      const items = await readDirectory(zip, limits);
      return new CheckedZip(zip, items, limits, file);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  get pythonItems(): ZipItem[] {
    return this.items.filter((item) => item.isPython);
  }

  /**
   * The entry's bytes, inflated within the limits: never more than its header declares (what the
   * limits were checked against). An entry that inflates to more, or does not inflate, is a
   * ReviewZipError saying so, never the zip library's own words.
   */
  async read(item: ZipItem): Promise<Buffer> {
    const whole = await this.readWhole(item);
    if (whole) {
      this.count(whole.length);
      return whole;
    }
    try {
      const stream = await this.openStream(item);
      const parts: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        parts.push(chunk);
      }
      return Buffer.concat(parts, size);
    } catch (error) {
      throw unreadableEntry(item, error);
    }
  }

  /** The entry's bytes as a stream, counted against the total budget as they are inflated. */
  private async openStream(item: ZipItem): Promise<Readable> {
    const stream = await this.entryStream(item);
    stream.on('data', (chunk: Buffer) => {
      try {
        this.count(chunk.length);
      } catch (error) {
        stream.destroy(error as Error);
      }
    });
    // yauzl checks the inflated size against the directory and fails the stream past it.
    return stream;
  }

  /**
   * The entry's bytes as the zip stores them (compressed, not counted against the budget: nothing is
   * inflated), to copy a file into another zip as it is (ZipWriter.addRaw).
   */
  openRaw(item: ZipItem): Promise<Readable> {
    // decodeFileData: false (yauzl 3): the stored bytes, whatever the compression method.
    return this.entryStream(item, { decodeFileData: false } as unknown as yauzl.ZipFileOptions);
  }

  /** yauzl's stream of an entry (inflated unless `options` say otherwise). */
  private entryStream(
    item: ZipItem,
    options: yauzl.ZipFileOptions = {} as yauzl.ZipFileOptions,
  ): Promise<Readable> {
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(item.entry, options, (error, stream) => {
        if (error || !stream) {
          reject(new ReviewZipError(400, `The zip entry '${item.path}' cannot be read (${error?.message}).`));
        } else {
          resolve(stream as Readable);
        }
      });
    });
  }

  /** Counts inflated bytes against the total budget; throws past it. */
  private count(bytes: number): void {
    this.inflated += bytes;
    if (this.inflated > this.limits.maxUncompressedBytes) {
      throw new ReviewZipError(
        413,
        `The zip expands to more than ${formatBytes(this.limits.maxUncompressedBytes)}: it looks like a zip bomb.`,
      );
    }
  }

  /**
   * A small entry (the usual source file) read in one piece: its local header and compressed bytes
   * in one read of the file, inflated in one synchronous call (at most WHOLE_ENTRY_BYTES, so the event
   * loop waits well under a millisecond for a source file). yauzl's stream per entry (a read stream,
   * a zlib stream on the thread pool, a byte counter) cost ~0.5-1 ms of CPU per entry, more than all
   * the rest of reading a package of small files. Anything unexpected (a header that is not where the
   * directory says, bytes past the file's end, deflate data that does not inflate to exactly the
   * declared size) gives undefined: the stream then reads the entry and reports what is wrong as
   * before.
   */
  private async readWhole(item: ZipItem): Promise<Buffer | undefined> {
    const { entry } = item;
    if (
      entry.isEncrypted() ||
      (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) ||
      entry.compressedSize > WHOLE_ENTRY_BYTES ||
      entry.uncompressedSize > WHOLE_ENTRY_BYTES
    )
      return undefined;
    try {
      const at = entry.relativeOffsetOfLocalHeader;
      // The local header repeats the name and extra field of the directory, usually at the same lengths.
      let bytes = await this.bytesAt(
        at,
        30 + entry.fileNameLength + entry.extraFieldLength + entry.compressedSize,
      );
      if (bytes.length < 30 || bytes.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) return undefined;
      const dataStart = 30 + bytes.readUInt16LE(26) + bytes.readUInt16LE(28);
      const dataEnd = dataStart + entry.compressedSize;
      if (dataEnd > bytes.length) bytes = await this.bytesAt(at, dataEnd);
      if (dataEnd > bytes.length) return undefined;
      const data = bytes.subarray(dataStart, dataEnd);
      let content: Buffer;
      if (entry.compressionMethod === 0) content = Buffer.from(data);
      else {
        try {
          content = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 });
        } catch (error) {
          // Stopped one byte past the declared size: it would inflate to more (a lying header, a bomb).
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw inflatesPast(item);
          return undefined;
        }
      }
      return content.length === entry.uncompressedSize ? content : undefined;
    } catch (error) {
      if (error instanceof ReviewZipError) throw error;
      return undefined;
    }
  }

  /**
   * Up to `length` bytes of the zip's file from `position` (fewer at its end), from the last block read
   * when it holds them, else from a new block of at least READ_BLOCK_BYTES: the entries of a zip are
   * read in the order they are stored, so one read of the file serves many small entries.
   */
  private async bytesAt(position: number, length: number): Promise<Buffer> {
    const block = this.block;
    if (block && position >= block.position && position + length <= block.position + block.bytes.length) {
      const start = position - block.position;
      return block.bytes.subarray(start, start + length);
    }
    this.handle ??= open(this.file, 'r');
    const bytes = await readAt(await this.handle, position, Math.max(length, READ_BLOCK_BYTES));
    this.block = { position, bytes };
    return bytes.subarray(0, length);
  }

  close(): void {
    this.block = undefined;
    this.zip.close();
    const handle = this.handle;
    this.handle = undefined;
    handle?.then((opened) => opened.close()).catch(() => {});
  }
}

function inflatesPast(item: ZipItem): ReviewZipError {
  return new ReviewZipError(
    413,
    `The zip entry '${item.path}' expands to more than the ${formatBytes(item.size)} its header declares: the zip is damaged or a zip bomb. Create it again and upload it.`,
  );
}

/** Why an entry could not be read, in words (yauzl's and zlib's own messages are not for people). */
function unreadableEntry(item: ZipItem, error: unknown): ReviewZipError {
  if (error instanceof ReviewZipError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // yauzl's AssertByteCountStream: the inflated bytes went past the size the directory declares.
  if (message.startsWith('too many bytes in the stream')) return inflatesPast(item);
  if (message.startsWith('not enough bytes in the stream')) {
    return new ReviewZipError(
      400,
      `The zip entry '${item.path}' expands to less than the ${formatBytes(item.size)} its header declares: the zip is damaged. Create it again and upload it.`,
    );
  }
  return new ReviewZipError(
    400,
    `The zip entry '${item.path}' cannot be read (${message}): the zip is damaged. Create it again and upload it.`,
  );
}

/** Up to `length` bytes of the file from `position` (fewer at its end). */
async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function readDirectory(zip: yauzl.ZipFile, limits: ZipLimits): Promise<ZipItem[]> {
  if (zip.entryCount > limits.maxEntries) {
    return Promise.reject(
      new ReviewZipError(
        413,
        `The zip holds ${zip.entryCount} entries, more than the ${limits.maxEntries} allowed: split the project or leave out generated files.`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const items: ZipItem[] = [];
    const seen = new Set<string>();
    let declared = 0;
    let isDone = false;
    const fail = (error: unknown) => {
      if (isDone) return;
      isDone = true;
      reject(
        error instanceof ReviewZipError
          ? error
          : new ReviewZipError(
              400,
              `The zip is damaged (${error instanceof Error ? error.message : String(error)}). Create it again and upload it.`,
            ),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (isDone) return;
      isDone = true;
      resolve(items);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        const raw = decodeName(entry);
        const path = safeZipPath(raw);
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
        const madeOnUnix = entry.versionMadeBy >> 8 === 3;
        if (madeOnUnix && mode === S_IFLNK) {
          throw new ReviewZipError(
            400,
            `The zip holds a symbolic link ('${path}'): links are not accepted; zip the files themselves.`,
          );
        }
        if (entry.isEncrypted()) {
          throw new ReviewZipError(
            400,
            `The zip is password-protected ('${path}'): upload it without a password.`,
          );
        }
        if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
          throw new ReviewZipError(
            400,
            `The zip entry '${path}' uses a compression method this server does not read (${entry.compressionMethod}); use standard (deflate) compression.`,
          );
        }
        const isDirectory = path.endsWith('/') || path === '';
        if (!isDirectory) {
          if (seen.has(path)) {
            throw new ReviewZipError(400, `The zip holds '${path}' twice: keep one copy.`);
          }
          seen.add(path);
        }
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) {
          throw new ReviewZipError(
            413,
            `The zip expands to more than ${formatBytes(limits.maxUncompressedBytes)}: it looks like a zip bomb, or the project is too large to review at once.`,
          );
        }
        if (isCompressedPastRatio(limits, entry)) {
          throw new ReviewZipError(
            413,
            `The zip entry '${path}' is compressed more than ${limits.maxRatio}:1: the zip looks like a zip bomb.`,
          );
        }
        if (!(isDirectory && path === '')) {
          items.push({
            path,
            isDirectory,
            size: entry.uncompressedSize,
            isPython: !isDirectory && isPythonPath(path),
            entry,
          });
        }
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    zip.readEntry();
  });
}

/** A temporary folder for one zip; `cleanup` removes it. */
export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'da-review-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes a stream to `file`. */
export async function spool(source: AsyncIterable<Uint8Array> | Readable, file: string): Promise<void> {
  await pipeline(source, createWriteStream(file));
}

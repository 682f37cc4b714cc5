// Reading uploaded review zips with limits, through the platform's one zip reader
// (platform/zip/reader.ts, over the file on disk: the central directory is read first, what every
// unzip tool follows; entries are inflated within what they declare and the total budget). Nothing is
// trusted before it is counted:
//
// - not a zip, damaged, encrypted, an unknown compression method: 400;
// - more entries, more declared bytes or a higher compression ratio than allowed, entries sharing
//   their bytes: 413 (a zip bomb); while inflating, more bytes than an entry declares stop it (a lying
//   header: the review then fails once, saying so) and the running total over all entries is capped too;
// - a path that is absolute, has a drive letter or leaves the root through `..`, and symbolic links:
//   400 (zip slip: a later unzip of the download must never write outside its folder).
//
// The zip is kept in a temporary file while it is read: the upload is streamed there, and a review
// job copies the stored blob there, so a zip is never held whole in memory.
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '../../platform/format-bytes.js';
import type { ZipLimits } from '../../platform/zip/limits.js';
import { fileSource, type ZipEntry, ZipReadError, ZipReader } from '../../platform/zip/reader.js';

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
  entry: ZipEntry;
}

/** Most folders one path may go down (a project's rarely pass 20; Linux paths stop at 4,096 bytes). */
const MAX_FOLDER_DEPTH = 100;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

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

/** An open zip whose entries were all checked against the limits. */
export class CheckedZip {
  private constructor(
    private readonly reader: ZipReader,
    readonly items: readonly ZipItem[],
    private readonly limits: ZipLimits,
  ) {}

  /** Opens `file` and checks every entry; throws ReviewZipError when the zip is refused. */
  static async open(file: string, limits: ZipLimits): Promise<CheckedZip> {
    const handle = await open(file, 'r');
    let reader: ZipReader;
    try {
      reader = await ZipReader.open(fileSource(handle, (await handle.stat()).size), limits);
    } catch (error) {
      await handle.close();
      throw refusal(error, limits);
    }
    try {
      return new CheckedZip(reader, checkedItems(reader.entries), limits);
    } catch (error) {
      await reader.close();
      throw error;
    }
  }

  get pythonItems(): ZipItem[] {
    return this.items.filter((item) => item.isPython);
  }

  /**
   * The entry's bytes, inflated within the limits: never more than its header declares (what the
   * limits were checked against). An entry that inflates to more, or does not inflate, is a
   * ReviewZipError saying so, never the zip reader's or zlib's own words.
   */
  async read(item: ZipItem): Promise<Buffer> {
    try {
      return await this.reader.read(item.entry);
    } catch (error) {
      throw unreadableEntry(item, error, this.limits);
    }
  }

  /**
   * The entry's bytes as the zip stores them (compressed, not counted against the budget: nothing is
   * inflated), to copy a file into another zip as it is (ZipWriter.addRaw).
   */
  async openRaw(item: ZipItem): Promise<Readable> {
    return Readable.from(this.reader.raw(item.entry), { objectMode: false });
  }

  close(): void {
    this.reader.close().catch(() => {});
  }
}

function inflatesPast(item: ZipItem): ReviewZipError {
  return new ReviewZipError(
    413,
    `The zip entry '${item.path}' expands to more than the ${formatBytes(item.size)} its header declares: the zip is damaged or a zip bomb. Create it again and upload it.`,
  );
}

function expandsPastBudget(limits: ZipLimits): ReviewZipError {
  return new ReviewZipError(
    413,
    `The zip expands to more than ${formatBytes(limits.maxUncompressedBytes)}: it looks like a zip bomb.`,
  );
}

/** Why an entry could not be read, in words (the reader's and zlib's own messages are not for people). */
function unreadableEntry(item: ZipItem, error: unknown, limits: ZipLimits): ReviewZipError {
  if (error instanceof ReviewZipError) return error;
  if (error instanceof ZipReadError) {
    if (error.reason === 'inflates_past') return inflatesPast(item);
    if (error.reason === 'inflated_too_large') return expandsPastBudget(limits);
    if (error.reason === 'inflates_short') {
      return new ReviewZipError(
        400,
        `The zip entry '${item.path}' expands to less than the ${formatBytes(item.size)} its header declares: the zip is damaged. Create it again and upload it.`,
      );
    }
  }
  const message =
    error instanceof ZipReadError
      ? (error.facts.detail ?? describe(error))
      : error instanceof Error
        ? error.message
        : String(error);
  return new ReviewZipError(
    400,
    `The zip entry '${item.path}' cannot be read (${message}): the zip is damaged. Create it again and upload it.`,
  );
}

/** What the reader found wrong, in a few words for the messages that quote it. */
function describe(error: ZipReadError): string {
  switch (error.reason) {
    case 'not_zip':
      return 'end of central directory record signature not found';
    case 'truncated_entry':
      return 'its data runs past the end of the file';
    default:
      return error.facts.detail ?? error.reason.replaceAll('_', ' ');
  }
}

/** The reader's refusal of the zip as a whole, in the review's words. */
function refusal(error: unknown, limits: ZipLimits): unknown {
  if (!(error instanceof ZipReadError)) return error;
  const path = error.facts.entry?.name;
  switch (error.reason) {
    case 'not_zip':
      return new ReviewZipError(
        400,
        `The file is not a zip archive, or a damaged one (${describe(error)}). Upload a .zip of your Python files.`,
      );
    case 'too_many_entries':
      return new ReviewZipError(
        413,
        `The zip holds ${error.facts.count} entries, more than the ${limits.maxEntries} allowed: split the project or leave out generated files.`,
      );
    case 'declared_too_large':
      return new ReviewZipError(
        413,
        `The zip expands to more than ${formatBytes(limits.maxUncompressedBytes)}: it looks like a zip bomb, or the project is too large to review at once.`,
      );
    case 'ratio':
      return new ReviewZipError(
        413,
        `The zip entry '${path}' is compressed more than ${limits.maxRatio}:1: the zip looks like a zip bomb.`,
      );
    case 'overlap':
      return new ReviewZipError(413, 'The zip entries share their bytes: the zip looks like a zip bomb.');
    default:
      return new ReviewZipError(
        400,
        `The zip is damaged (${describe(error)}). Create it again and upload it.`,
      );
  }
}

/** The review's policy over the directory: safe paths, no links, readable entries, no duplicates. */
function checkedItems(entries: readonly ZipEntry[]): ZipItem[] {
  const items: ZipItem[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const path = safeZipPath(entry.name);
    const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (entry.madeOnUnix && mode === S_IFLNK) {
      throw new ReviewZipError(
        400,
        `The zip holds a symbolic link ('${path}'): links are not accepted; zip the files themselves.`,
      );
    }
    if (entry.isEncrypted) {
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
    if (!(isDirectory && path === '')) {
      items.push({
        path,
        isDirectory,
        size: entry.uncompressedSize,
        isPython: !isDirectory && isPythonPath(path),
        entry,
      });
    }
  }
  return items;
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

// Bounded reading of the zips that .docx and .pptx files are. A zip bomb declares or hides far more
// bytes than it stores; this reader trusts nothing it has not counted: it walks the central
// directory (what every zip library follows), refuses overlapping entries, too many entries, too
// many declared bytes or a suspicious compression ratio, and while inflating an entry it stops as
// soon as the bytes actually produced exceed what was declared or the total budget.
import { Inflate } from 'fflate';
import { formatBytes } from '../../../../platform/format-bytes.js';
import { isCompressedPastRatio, type ZipLimits } from '../../../../platform/zip/limits.js';

/** The limits of a document's zip: 5000 entries, 200 MiB expanded, 200:1 past 1 MiB. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxRatio: 200,
};

/** Why a zip could not be read; `code` tells a bomb (`zip_limits`) from a broken file (`corrupt`). */
export class ZipError extends Error {
  constructor(
    readonly code: 'corrupt' | 'zip_limits' | 'encrypted',
    message: string,
  ) {
    super(message);
    this.name = 'ZipError';
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  dataStart: number;
  isEncrypted: boolean;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const INFLATE_CHUNK = 64 * 1024;

/** A zip opened from bytes, its entries listed from the central directory and checked against the limits. */
export class BoundedZip {
  readonly entries: ReadonlyMap<string, ZipEntry>;
  private inflatedTotal = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  ) {
    this.entries = readCentralDirectory(bytes, limits);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes, inflated within the limits; undefined when there is no such entry. */
  read(name: string): Uint8Array | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    if (entry.isEncrypted) throw new ZipError('encrypted', 'The file is password-protected.');
    const stored = this.bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (entry.method === 0) {
      this.count(entry, stored.length);
      refuseDocumentType(name, stored);
      return stored;
    }
    if (entry.method !== 8) {
      throw new ZipError(
        'corrupt',
        `The part ${name} uses an unsupported compression method (${entry.method}).`,
      );
    }
    const parts: Uint8Array[] = [];
    let produced = 0;
    const inflater = new Inflate((chunk) => {
      produced += chunk.length;
      // Throwing here leaves push() at once: a bomb is never inflated past the budget.
      this.count(entry, produced, chunk.length);
      parts.push(chunk);
    });
    try {
      for (let offset = 0; offset < stored.length; offset += INFLATE_CHUNK) {
        const end = Math.min(offset + INFLATE_CHUNK, stored.length);
        inflater.push(stored.subarray(offset, end), end === stored.length);
      }
    } catch (error) {
      if (error instanceof ZipError) throw error;
      throw new ZipError('corrupt', `The part ${name} is damaged (${(error as Error).message}).`);
    }
    if (produced !== entry.uncompressedSize) {
      throw new ZipError('corrupt', `The part ${name} is damaged (its size does not match the directory).`);
    }
    const bytes = concat(parts, produced);
    refuseDocumentType(name, bytes);
    return bytes;
  }

  /** The entry as UTF-8 text. */
  readText(name: string): string | undefined {
    const bytes = this.read(name);
    return bytes === undefined ? undefined : new TextDecoder('utf-8').decode(bytes);
  }

  private count(entry: ZipEntry, producedForEntry: number, added = producedForEntry): void {
    if (producedForEntry > entry.uncompressedSize) {
      throw new ZipError(
        'zip_limits',
        `The part ${entry.name} expands beyond the size it declares: the file looks like a zip bomb.`,
      );
    }
    this.inflatedTotal += added;
    if (this.inflatedTotal > this.limits.maxUncompressedBytes) {
      throw new ZipError(
        'zip_limits',
        `The file expands to more than ${formatBytes(this.limits.maxUncompressedBytes)}: it looks like a zip bomb.`,
      );
    }
  }
}

const DOCUMENT_TYPE = ['utf8', 'utf16le'].map((encoding) =>
  Buffer.from('<!DOCTYPE', encoding as BufferEncoding),
);
DOCUMENT_TYPE.push(Buffer.from(DOCUMENT_TYPE[1]!).swap16());

/**
 * Office files' XML never declares a document type (the Open Packaging Conventions forbid it): one
 * that does is refused before any XML parser sees it, as its entities are how XML bombs (billion
 * laughs) multiply a few bytes into gigabytes.
 */
function refuseDocumentType(name: string, bytes: Uint8Array): void {
  if (!/\.(xml|rels)$/i.test(name)) return;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (DOCUMENT_TYPE.some((pattern) => buffer.includes(pattern))) {
    throw new ZipError(
      'zip_limits',
      `The part ${name} declares a document type (<!DOCTYPE>), which Office files never do: the file looks like an XML bomb. Open it in its program, save it again and upload that.`,
    );
  }
}

function readCentralDirectory(bytes: Uint8Array, limits: ZipLimits): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0)
    throw new ZipError('corrupt', 'The file is not a complete zip archive (no central directory).');
  const entryCount = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) {
    throw new ZipError('corrupt', 'ZIP64 archives are not supported for documents.');
  }
  if (entryCount > limits.maxEntries) {
    throw new ZipError(
      'zip_limits',
      `The file holds ${entryCount} parts, more than the ${limits.maxEntries} allowed: it looks like a zip bomb.`,
    );
  }
  if (directoryOffset + directorySize > eocd) {
    throw new ZipError('corrupt', 'The zip central directory points outside the file.');
  }

  const entries = new Map<string, ZipEntry>();
  const ranges: Array<[number, number]> = [];
  let declaredTotal = 0;
  let position = directoryOffset;
  const decoder = new TextDecoder('utf-8');
  for (let index = 0; index < entryCount; index++) {
    if (position + 46 > bytes.length || view.getUint32(position, true) !== CENTRAL_SIGNATURE) {
      throw new ZipError('corrupt', 'The zip central directory is damaged.');
    }
    const flags = view.getUint16(position + 8, true);
    const method = view.getUint16(position + 10, true);
    const compressedSize = view.getUint32(position + 20, true);
    const uncompressedSize = view.getUint32(position + 24, true);
    const nameLength = view.getUint16(position + 28, true);
    const extraLength = view.getUint16(position + 30, true);
    const commentLength = view.getUint16(position + 32, true);
    const localOffset = view.getUint32(position + 42, true);
    const name = decoder.decode(bytes.subarray(position + 46, position + 46 + nameLength));
    position += 46 + nameLength + extraLength + commentLength;

    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) {
      throw new ZipError('corrupt', 'ZIP64 archives are not supported for documents.');
    }
    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxUncompressedBytes) {
      throw new ZipError(
        'zip_limits',
        `The file declares more than ${formatBytes(limits.maxUncompressedBytes)} once expanded: it looks like a zip bomb.`,
      );
    }
    if (isCompressedPastRatio(limits, { compressedSize, uncompressedSize })) {
      throw new ZipError(
        'zip_limits',
        `The part ${name} is compressed more than ${limits.maxRatio}:1: the file looks like a zip bomb.`,
      );
    }
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) {
      throw new ZipError('corrupt', `The zip entry ${name} is damaged.`);
    }
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataStart + compressedSize > bytes.length) {
      throw new ZipError('corrupt', `The zip entry ${name} is cut short (the file is truncated).`);
    }
    ranges.push([localOffset, dataStart + compressedSize]);
    if (!name.endsWith('/')) {
      entries.set(name, {
        name,
        method,
        compressedSize,
        uncompressedSize,
        dataStart,
        isEncrypted: (flags & 1) === 1,
      });
    }
  }
  // Entries sharing bytes are how non-recursive zip bombs multiply a small file.
  ranges.sort((left, right) => left[0] - right[0]);
  for (let index = 1; index < ranges.length; index++) {
    if (ranges[index]![0] < ranges[index - 1]![1]) {
      throw new ZipError('zip_limits', 'The zip entries overlap each other: the file looks like a zip bomb.');
    }
  }
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  const earliest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let position = view.byteLength - 22; position >= earliest; position--) {
    if (view.getUint32(position, true) === EOCD_SIGNATURE) return position;
  }
  return -1;
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const result = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

// The zips that .docx and .pptx files are, read through the platform's one zip reader
// (platform/zip/reader.ts: the central directory walked and checked against the limits, entries
// inflated within them). What is the document's own: its limits, the words of its refusals, and
// XML parts declaring a document type refused before any parser sees them.
import { formatBytes } from '../../../../platform/format-bytes.js';
import type { ZipLimits } from '../../../../platform/zip/limits.js';
import { bytesSource, type ZipEntry, ZipReadError, ZipReader } from '../../../../platform/zip/reader.js';

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

/** A document's zip opened from its bytes, its parts (folders left out) by name. */
export class BoundedZip {
  readonly entries: ReadonlyMap<string, ZipEntry>;

  private constructor(
    private readonly reader: ZipReader,
    private readonly limits: ZipLimits,
  ) {
    this.entries = new Map(
      reader.entries.filter((entry) => !entry.name.endsWith('/')).map((entry) => [entry.name, entry]),
    );
  }

  /** Opens the zip in `bytes`, its directory checked against the limits; throws ZipError when refused. */
  static async open(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<BoundedZip> {
    try {
      return new BoundedZip(await ZipReader.open(bytesSource(bytes), limits), limits);
    } catch (error) {
      throw documentError(error, limits);
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes, inflated within the limits; undefined when there is no such entry. */
  async read(name: string): Promise<Uint8Array | undefined> {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    let bytes: Uint8Array;
    try {
      bytes = await this.reader.read(entry);
    } catch (error) {
      throw documentError(error, this.limits);
    }
    refuseDocumentType(name, bytes);
    return bytes;
  }

  /** The entry as UTF-8 text. */
  async readText(name: string): Promise<string | undefined> {
    const bytes = await this.read(name);
    return bytes === undefined ? undefined : new TextDecoder('utf-8').decode(bytes);
  }
}

/** The reader's refusal in the words a document's reason gives. */
function documentError(error: unknown, limits: ZipLimits): unknown {
  if (!(error instanceof ZipReadError)) return error;
  const name = error.facts.entry?.name;
  const bomb = (message: string) => new ZipError('zip_limits', message);
  const corrupt = (message: string) => new ZipError('corrupt', message);
  switch (error.reason) {
    case 'not_zip':
      return corrupt('The file is not a complete zip archive (no central directory).');
    case 'damaged_directory':
      return corrupt(
        error.facts.detail === 'the central directory points outside the file'
          ? 'The zip central directory points outside the file.'
          : 'The zip central directory is damaged.',
      );
    case 'damaged_entry':
      return corrupt(`The zip entry ${name} is damaged.`);
    case 'truncated_entry':
      return corrupt(`The zip entry ${name} is cut short (the file is truncated).`);
    case 'too_many_entries':
      return bomb(
        `The file holds ${error.facts.count} parts, more than the ${limits.maxEntries} allowed: it looks like a zip bomb.`,
      );
    case 'declared_too_large':
      return bomb(
        `The file declares more than ${formatBytes(limits.maxUncompressedBytes)} once expanded: it looks like a zip bomb.`,
      );
    case 'ratio':
      return bomb(
        `The part ${name} is compressed more than ${limits.maxRatio}:1: the file looks like a zip bomb.`,
      );
    case 'overlap':
      return bomb('The zip entries overlap each other: the file looks like a zip bomb.');
    case 'encrypted':
      return new ZipError('encrypted', 'The file is password-protected.');
    case 'unsupported_method':
      return corrupt(
        `The part ${name} uses an unsupported compression method (${error.facts.entry?.compressionMethod}).`,
      );
    case 'inflates_past':
      return bomb(`The part ${name} expands beyond the size it declares: the file looks like a zip bomb.`);
    case 'inflates_short':
      return corrupt(`The part ${name} is damaged (its size does not match the directory).`);
    case 'inflate_failed':
      return corrupt(`The part ${name} is damaged (${error.facts.detail}).`);
    case 'inflated_too_large':
      return bomb(
        `The file expands to more than ${formatBytes(limits.maxUncompressedBytes)}: it looks like a zip bomb.`,
      );
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

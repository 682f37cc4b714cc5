// What a file's bytes say it is, whatever its name says. Extensions are easy to get wrong (a
// screenshot saved as .pdf, notes renamed .docx); reading the first bytes lets ingestion say so
// plainly instead of failing deep inside a parser with a message nobody can act on.

/** What the first bytes of a file look like. */
export type SniffedKind =
  | 'pdf'
  | 'zip'
  | 'ole'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'mp4'
  | 'text'
  | 'binary'
  | 'empty';

const KIND_NAMES: Record<SniffedKind, string> = {
  pdf: 'a PDF document',
  zip: 'a zip archive',
  ole: 'a legacy Microsoft Office file (or a password-protected one)',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  mp4: 'an MP4 video',
  text: 'plain text',
  binary: 'binary data of an unknown kind',
  empty: 'empty',
};

/** "a PNG image", "plain text"... for reasons shown to people. */
export function describeKind(kind: SniffedKind): string {
  return KIND_NAMES[kind];
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** Reads the signature of a file; text is a start without NUL bytes and with few control characters. */
export function sniff(bytes: Uint8Array): SniffedKind {
  if (bytes.length === 0) return 'empty';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'mp4';
  // PDF readers accept the header anywhere in the first kilobyte.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  return looksLikeText(bytes.subarray(0, 8192)) ? 'text' : 'binary';
}

function looksLikeText(head: Uint8Array): boolean {
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return true;
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++;
  }
  return controls <= head.length / 100;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a file: UTF-8 (with or without BOM), UTF-16 with a BOM, else Windows-1252 when the
 * bytes hold no NUL and few control characters. Undefined when the bytes are not text.
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0)) return undefined;
  try {
    return UTF8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return looksLikeText(bytes) ? new TextDecoder('windows-1252').decode(bytes) : undefined;
  }
}

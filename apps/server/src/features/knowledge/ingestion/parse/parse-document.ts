// One entry point from an uploaded file to the text blocks to index, or to the reason there are
// none. The extension picks the parser only after the content has been checked to be what the
// extension says; every failure comes back as a value with a reason a person can act on.
import { parseCsv } from './csv.js';
import { parseDocx } from './docx.js';
import { htmlToSections } from './html.js';
import { failed, parseBounds, readInput, refuseExtension, tooLargeFile } from './input.js';
import { parseMarkdown } from './markdown.js';
import { PdfError, parsePdf } from './pdf.js';
import { parsePptx } from './pptx.js';
import { decodeText, describeKind, type SniffedKind, sniff } from './sniff.js';
import { parseText } from './text.js';
import {
  extensionOf,
  isAcceptedExtension,
  type ParseInput,
  type ParseLimits,
  type ParseResult,
  type Section,
} from './types.js';
import { BoundedZip, ZipError } from './zip.js';

export { DEFAULT_PARSE_LIMITS } from './input.js';

const IMAGE_KINDS: ReadonlySet<SniffedKind> = new Set(['png', 'jpeg', 'gif']);

/**
 * Parses an uploaded file into sections (text blocks under their headings, with page or slide).
 *
 * @example
 * const result = await parseDocument({ name: 'vpn-guide.docx', bytes });
 * if (result.kind === 'text') chunkSections(result.sections);
 */
export async function parseDocument(
  input: ParseInput,
  limits: Partial<ParseLimits> = {},
): Promise<ParseResult> {
  const bounds = parseBounds(limits);
  const refused = refuseExtension(input.name);
  if (refused) return refused;
  const bytes = await readInput(input, bounds.maxBytes);
  if (bytes === undefined) return tooLargeFile(bounds);
  return parseBytes(input.name, bytes, bounds);
}

/**
 * `parseDocument` once the file is read (at most `bounds.maxBytes`) and its extension accepted:
 * what the ingestion's parse thread runs (parse-worker.ts).
 */
export async function parseBytes(name: string, bytes: Uint8Array, bounds: ParseLimits): Promise<ParseResult> {
  const extension = extensionOf(name);
  if (!isAcceptedExtension(extension)) return refuseExtension(name) ?? failed('unsupported_type', name);
  if (bytes.length === 0) return failed('empty', 'The file is empty.');

  const kind = sniff(bytes);
  const mismatch = (detail?: string) =>
    failed(
      'content_mismatch',
      `The file is named .${extension} but its content is ${detail ?? describeKind(kind)}. Check that it is the right file, or give it the extension of what it is.`,
    );

  try {
    let sections: Section[];
    switch (extension) {
      case 'jpg':
      case 'jpeg':
      case 'png':
      case 'gif':
        if (!IMAGE_KINDS.has(kind)) return mismatch();
        return { kind: 'no_text', reason: 'Images have no text to index; the file is kept.' };
      case 'mp4':
        if (kind !== 'mp4') return mismatch();
        return { kind: 'no_text', reason: 'Videos have no text to index; the file is kept.' };
      case 'ppt':
      case 'pptx': {
        if (kind === 'ole') {
          if (isEncryptedOffice(bytes)) return failed('encrypted', passwordReason);
          return extension === 'ppt'
            ? {
                kind: 'unsupported_legacy',
                reason:
                  'Legacy PowerPoint (.ppt) files cannot be indexed. Open it in PowerPoint or LibreOffice, save it as .pptx and upload that.',
              }
            : mismatch('a legacy PowerPoint (.ppt) presentation: save it as .pptx and upload again');
        }
        if (kind !== 'zip') return mismatch();
        const zip = await BoundedZip.open(bytes, bounds.zip);
        if (!zip.has('ppt/presentation.xml')) return mismatch(describeZip(zip));
        sections = await parsePptx(zip);
        break;
      }
      case 'docx': {
        if (kind === 'ole') {
          if (isEncryptedOffice(bytes)) return failed('encrypted', passwordReason);
          return mismatch('a legacy Word (.doc) document: save it as .docx and upload again');
        }
        if (kind !== 'zip') return mismatch();
        const zip = await BoundedZip.open(bytes, bounds.zip);
        if (!zip.has('word/document.xml')) return mismatch(describeZip(zip));
        sections = await parseDocx(zip);
        break;
      }
      case 'pdf':
        if (kind !== 'pdf') return mismatch();
        sections = await parsePdf(bytes, { maxPages: bounds.maxPdfPages });
        if (sections.length === 0) {
          return {
            kind: 'no_text',
            reason: 'The PDF has no text layer to index (scanned pages?). Upload a PDF with selectable text.',
          };
        }
        break;
      default: {
        const text = kind === 'text' ? decodeText(bytes) : undefined;
        if (text === undefined) return mismatch(kind === 'text' ? describeKind('binary') : undefined);
        if (text.length > bounds.maxTextChars) return tooMuchText(bounds);
        if (extension === 'md') sections = parseMarkdown(text);
        else if (extension === 'html') sections = htmlToSections(text);
        else if (extension === 'csv') sections = parseCsv(text);
        else sections = parseText(text);
      }
    }
    let total = 0;
    const cleaned: Section[] = [];
    for (const section of sections) {
      // PostgreSQL text cannot hold NUL; other control characters are noise in snippets.
      const text = stripControlCharacters(section.text).trim();
      if (!text) continue;
      total += text.length;
      cleaned.push({ ...section, text });
    }
    if (total > bounds.maxTextChars) return tooMuchText(bounds);
    return { kind: 'text', sections: cleaned };
  } catch (error) {
    if (error instanceof ZipError || error instanceof PdfError) return failed(error.code, error.message);
    const message = error instanceof Error ? error.message : String(error);
    return failed('corrupt', `The .${extension} file could not be read (${message}).`);
  }
}

/** Drops C0 control characters except tab, line feed, form feed and carriage return. */
function stripControlCharacters(text: string): string {
  let result = '';
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) {
      result += text.slice(start, index);
      start = index + 1;
    }
  }
  return start === 0 ? text : result + text.slice(start);
}

const passwordReason = 'The file is password-protected: upload a copy without a password.';

function tooMuchText(bounds: ParseLimits): ParseResult {
  return failed(
    'too_large',
    `The file holds more than ${bounds.maxTextChars.toLocaleString('en')} characters of text; split it into smaller documents.`,
  );
}

function describeZip(zip: BoundedZip): string {
  if (zip.has('word/document.xml')) return 'a Word document (.docx)';
  if (zip.has('ppt/presentation.xml')) return 'a PowerPoint presentation (.pptx)';
  if (zip.has('xl/workbook.xml')) return 'an Excel workbook (.xlsx)';
  return 'a zip archive';
}

/** Encrypted .docx/.pptx files are OLE containers holding an "EncryptionInfo" stream. */
function isEncryptedOffice(bytes: Uint8Array): boolean {
  const marker = new Uint8Array([...'EncryptionInfo'].flatMap((character) => [character.charCodeAt(0), 0]));
  const limit = Math.min(bytes.length, 1024 * 1024);
  outer: for (let index = 0; index + marker.length <= limit; index++) {
    for (let offset = 0; offset < marker.length; offset++) {
      if (bytes[index + offset] !== marker[offset]) continue outer;
    }
    return true;
  }
  return false;
}

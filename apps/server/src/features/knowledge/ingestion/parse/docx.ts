// Word documents: mammoth turns the document body into semantic HTML (Heading 1-6 styles become
// h1-h6, lists, tables), which the shared HTML splitter cuts under its headings. mammoth only ever
// sees a zip rebuilt from parts this module inflated within the limits, and never reads images.
import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import { htmlToSections } from './html.js';
import type { Section } from './types.js';
import { type BoundedZip, ZipError } from './zip.js';

const MEDIA = /^word\/(media|embeddings)\//;

export async function parseDocx(zip: BoundedZip): Promise<Section[]> {
  const parts: Record<string, Uint8Array> = {};
  for (const name of zip.entries.keys()) {
    if (MEDIA.test(name)) continue;
    parts[name] = (await zip.read(name))!;
  }
  const rebuilt = zipSync(parts, { level: 0 });
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(rebuilt.buffer, rebuilt.byteOffset, rebuilt.byteLength) },
      {
        // Images carry no text; reading them would only cost memory.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        externalFileAccess: false,
      },
    );
    html = result.value;
  } catch (error) {
    throw new ZipError('corrupt', `The Word document could not be read (${(error as Error).message}).`);
  }
  return htmlToSections(html);
}

// PDF through unpdf (PDF.js built for servers, no native canvas needed for text): text items are
// put back into lines, lines into paragraphs, and lines set clearly larger than the body text are
// taken as headings (levels by size), so a PDF keeps a heading path as well as its page numbers.
import { extractTextItems, getDocumentProxy } from 'unpdf';
import type { Section } from './types.js';

interface Line {
  text: string;
  size: number;
  y: number;
}

export class PdfError extends Error {
  constructor(
    readonly code: 'corrupt' | 'encrypted' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'PdfError';
  }
}

export async function parsePdf(bytes: Uint8Array, options: { maxPages: number }): Promise<Section[]> {
  let pages: Line[][];
  try {
    // PDF.js may transfer (detach) the buffer it is given: hand it a copy.
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      if (document.numPages > options.maxPages) {
        throw new PdfError(
          'too_large',
          `The PDF has ${document.numPages} pages; at most ${options.maxPages} can be indexed. Split it into smaller documents.`,
        );
      }
      const { items } = await extractTextItems(document);
      pages = items.map((pageItems) => toLines(pageItems));
    } finally {
      await document.loadingTask.destroy();
    }
  } catch (error) {
    if (error instanceof PdfError) throw error;
    const name = (error as Error)?.name;
    if (name === 'PasswordException') {
      throw new PdfError('encrypted', 'The PDF is password-protected: upload a copy without a password.');
    }
    throw new PdfError('corrupt', `The PDF is damaged or not a PDF (${(error as Error)?.message ?? error}).`);
  }
  return linesToSections(pages);
}

function toLines(
  items: ReadonlyArray<{ str: string; y: number; fontSize: number; hasEOL: boolean; height: number }>,
): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const item of items) {
    const size = Math.round(item.fontSize || item.height || 0);
    const sameLine = current && Math.abs(current.y - item.y) < Math.max(2, size * 0.4);
    if (!current || !sameLine) {
      if (current) lines.push(current);
      current = { text: '', size: 0, y: item.y };
    }
    if (item.str) {
      const needsSpace = current.text && !/\s$/.test(current.text) && !/^\s/.test(item.str);
      current.text += (needsSpace ? ' ' : '') + item.str;
      current.size = Math.max(current.size, size);
    }
    if (item.hasEOL) {
      lines.push(current);
      current = undefined;
    }
  }
  if (current) lines.push(current);
  return lines
    .map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text);
}

function linesToSections(pages: Line[][]): Section[] {
  // The body size is the one most characters are set in.
  const weight = new Map<number, number>();
  for (const line of pages.flat()) weight.set(line.size, (weight.get(line.size) ?? 0) + line.text.length);
  const body = [...weight.entries()].sort((left, right) => right[1] - left[1])[0]?.[0] ?? 0;
  const isHeading = (line: Line) => body > 0 && line.size >= body * 1.15 && line.text.length <= 150;
  const headingSizes = [
    ...new Set(
      pages
        .flat()
        .filter(isHeading)
        .map((line) => line.size),
    ),
  ].sort((left, right) => right - left);

  const sections: Section[] = [];
  const headings: Array<{ level: number; text: string }> = [];
  pages.forEach((lines, index) => {
    const page = index + 1;
    let paragraph: string[] = [];
    let previous: Line | undefined;
    const flush = () => {
      const text = paragraph.join(' ').trim();
      paragraph = [];
      if (text) sections.push({ headingPath: headings.map((entry) => entry.text), page, text });
    };
    for (const line of lines) {
      if (isHeading(line)) {
        flush();
        const level = headingSizes.indexOf(line.size) + 1;
        const last = headings.at(-1);
        // A heading set on two lines continues the same heading.
        if (last && last.level === level && previous && isHeading(previous)) last.text += ` ${line.text}`;
        else {
          while (headings.length > 0 && headings.at(-1)!.level >= level) headings.pop();
          headings.push({ level, text: line.text });
        }
      } else {
        // A gap wider than one and a half lines ends a paragraph.
        if (previous && !isHeading(previous) && Math.abs(previous.y - line.y) > line.size * 1.8) flush();
        paragraph.push(line.text);
      }
      previous = line;
    }
    flush();
  });
  return sections;
}

// HTML to sections, keeping the heading path: h1-h6 open (and close) levels, block elements
// (paragraphs, list items, table rows, preformatted text...) become blocks. Word documents
// (through mammoth) and Markdown (through markdown-it) are read as HTML too, so every format with
// headings shares this one splitter.
import { Parser } from 'htmlparser2';
import type { Section } from './types.js';

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'svg',
  'math',
  'iframe',
  'object',
  'nav',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'aside',
  'header',
  'footer',
  'blockquote',
  'pre',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'hr',
  'br',
  'address',
  'details',
  'summary',
  'form',
  'fieldset',
  'caption',
  'body',
  'html',
  'table',
]);
const HEADING = /^h([1-6])$/;

export interface HtmlOptions {
  /** Headings above every block, e.g. a document title. */
  baseHeadingPath?: string[];
}

/** Splits HTML into blocks under their headings. */
export function htmlToSections(html: string, options: HtmlOptions = {}): Section[] {
  const sections: Section[] = [];
  const headings: Array<{ level: number; text: string }> = [];
  const base = options.baseHeadingPath ?? [];
  let buffer = '';
  let skipDepth = 0;
  let preDepth = 0;
  let heading: { level: number; text: string } | undefined;
  // Tables: rows of cells; the first row of th cells names the columns.
  const tables: Array<{
    rows: Array<{ cells: string[]; isHeader: boolean }>;
    cell?: string;
    rowIsHeader: boolean;
  }> = [];

  const headingPath = () => [...base, ...headings.map((entry) => entry.text)];
  const flush = () => {
    const text = preDepth > 0 ? buffer.replace(/^\n+|\s+$/g, '') : normalize(buffer);
    buffer = '';
    if (text) sections.push({ headingPath: headingPath(), text });
  };
  const append = (text: string) => {
    const table = tables.at(-1);
    if (heading) heading.text += text;
    else if (table && table.cell !== undefined) table.cell += text;
    else buffer += text;
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (skipDepth > 0 || SKIPPED.has(name)) {
          skipDepth++;
          return;
        }
        const level = HEADING.exec(name)?.[1];
        if (level) {
          flush();
          heading = { level: Number(level), text: '' };
          return;
        }
        const table = tables.at(-1);
        if (name === 'table') {
          flush();
          tables.push({ rows: [], rowIsHeader: true });
        } else if (table && name === 'tr') {
          table.rows.push({ cells: [], isHeader: true });
        } else if (table && (name === 'td' || name === 'th')) {
          table.cell = '';
          const row = table.rows.at(-1);
          if (row && name === 'td') row.isHeader = false;
        } else if (name === 'br') {
          append(preDepth > 0 ? '\n' : ' ');
        } else if (name === 'pre') {
          flush();
          preDepth++;
        } else if (BLOCKS.has(name)) {
          if (!table || table.cell === undefined) flush();
          else table.cell += ' ';
        }
      },
      ontext(text) {
        if (skipDepth > 0) return;
        append(text);
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (heading && HEADING.test(name)) {
          const text = normalize(heading.text);
          const level = heading.level;
          heading = undefined;
          if (!text) return;
          while (headings.length > 0 && headings.at(-1)!.level >= level) headings.pop();
          headings.push({ level, text });
          return;
        }
        const table = tables.at(-1);
        if (table && (name === 'td' || name === 'th')) {
          table.rows.at(-1)?.cells.push(normalize(table.cell ?? ''));
          table.cell = undefined;
        } else if (table && name === 'table') {
          tables.pop();
          for (const text of renderTable(table.rows)) sections.push({ headingPath: headingPath(), text });
        } else if (name === 'pre') {
          flush();
          preDepth = Math.max(0, preDepth - 1);
        } else if (BLOCKS.has(name) && (!table || table.cell === undefined)) {
          flush();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return sections;
}

/**
 * Table rows as text: with a header row, each row reads "Column: value" per cell (so a row found
 * alone still says what its values mean); without one, cells joined by " | ".
 */
function renderTable(rows: Array<{ cells: string[]; isHeader: boolean }>): string[] {
  const filled = rows.filter((row) => row.cells.some((cell) => cell));
  const header = filled[0] && (filled[0].isHeader || looksLikeHeader(filled)) ? filled[0].cells : undefined;
  const body = header ? filled.slice(1) : filled;
  if (header && body.length === 0) return [header.join(' | ')];
  return body.map((row) =>
    header
      ? row.cells
          .map((cell, index) => (header[index] ? `${header[index]}: ${cell}` : cell))
          .filter((line) => line.trim())
          .join('\n')
      : row.cells.filter(Boolean).join(' | '),
  );
}

/**
 * Tables from Word rarely mark their header row (mammoth writes td cells throughout): a first row
 * of short, non-numeric labels over further rows is taken as one.
 */
function looksLikeHeader(rows: Array<{ cells: string[]; isHeader: boolean }>): boolean {
  const [first, ...rest] = rows;
  if (!first || rest.length === 0 || rows.some((row) => row.isHeader)) return false;
  return first.cells.every((cell) => cell.length > 0 && cell.length <= 40 && !/^[\d\s.,:%€$£-]+$/.test(cell));
}

export function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

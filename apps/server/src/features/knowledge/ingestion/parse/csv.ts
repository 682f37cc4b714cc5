// CSV: each row becomes one block of "Column: value" lines, so a row retrieved on its own still
// says what its values mean. csv-parse detects nothing on its own: the delimiter is guessed from
// the header line (comma, semicolon or tab).
import { parse } from 'csv-parse/sync';
import type { Section } from './types.js';

export function parseCsv(text: string): Section[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const rows = parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
  }) as string[][];
  const [header, ...body] = rows;
  if (!header) return [];
  const names = header.map((name, index) => name || `Column ${index + 1}`);
  if (body.length === 0) return [{ headingPath: [], text: names.join(', ') }];
  return body
    .map((row) =>
      row
        .map((value, index) => (value ? `${names[index] ?? `Column ${index + 1}`}: ${value}` : ''))
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .map((text) => ({ headingPath: [], text }));
}

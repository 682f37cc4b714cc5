// Plain text: paragraphs are separated by blank lines. A short line underlined with = (level 1)
// or - (level 2), or a line in capitals on its own (level 2), is taken as a heading, since
// plain-text guides often mark their sections that way.
import type { Section } from './types.js';

export function parseText(text: string): Section[] {
  const sections: Section[] = [];
  const headings: Array<{ level: number; text: string }> = [];
  const enter = (level: number, title: string) => {
    while (headings.length > 0 && headings.at(-1)!.level >= level) headings.pop();
    headings.push({ level, text: title });
  };
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = paragraph.split('\n').filter((line) => line.trim());
    if (lines.length === 0) continue;
    const first = lines[0]!.trim();
    const underline = lines[1]?.trim();
    if (underline && /^(=+|-+)$/.test(underline) && first.length <= 120) {
      enter(underline.startsWith('=') ? 1 : 2, first);
      lines.splice(0, 2);
    } else if (lines.length === 1 && isCapitalHeading(first)) {
      enter(2, first);
      continue;
    }
    const body = lines.join('\n').trim();
    if (body) {
      sections.push({ headingPath: headings.map((entry) => entry.text), text: body.replace(/[ \t]+/g, ' ') });
    }
  }
  return sections;
}

function isCapitalHeading(line: string): boolean {
  return (
    line.length >= 3 &&
    line.length <= 80 &&
    /[A-Z]/.test(line) &&
    line === line.toUpperCase() &&
    !/[.!?:]$/.test(line)
  );
}

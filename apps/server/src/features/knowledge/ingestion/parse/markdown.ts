// Markdown through markdown-it (CommonMark with tables) to HTML, then the shared heading-aware
// splitter. Raw HTML inside the Markdown is read as HTML: this output is indexed, never rendered.
import MarkdownIt from 'markdown-it';
import { htmlToSections } from './html.js';
import type { Section } from './types.js';

const markdown = new MarkdownIt({ html: true, linkify: false });

export function parseMarkdown(text: string): Section[] {
  return htmlToSections(markdown.render(text));
}

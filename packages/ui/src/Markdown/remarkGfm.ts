/**
 * GitHub-flavoured markdown (tables, task lists, strikethrough, autolinks, footnotes) for parsing
 * only: what `remark-gfm` adds to the parser, without the markdown writer it also brings (the UI
 * renders markdown, it never writes it). The block splitter parses with the same options, so blocks
 * are cut where the renderer sees them.
 */
import { type Options as FromMarkdownOptions, fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** `fromMarkdown` options for GitHub-flavoured markdown. */
export const gfmParseOptions: FromMarkdownOptions = {
  extensions: [gfm()],
  mdastExtensions: [gfmFromMarkdown()],
};

/** Parses GitHub-flavoured markdown into a syntax tree (mdast) with positions. */
export function parseGfm(markdown: string) {
  return fromMarkdown(markdown, gfmParseOptions);
}

interface ParserData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

/** Remark plugin: the parser reads GitHub-flavoured markdown. */
export function remarkGfm(this: { data(): object }) {
  const data = this.data() as ParserData;
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), ...(gfmParseOptions.extensions ?? [])];
  data.fromMarkdownExtensions = [
    ...(data.fromMarkdownExtensions ?? []),
    ...(gfmParseOptions.mdastExtensions ?? []),
  ];
}

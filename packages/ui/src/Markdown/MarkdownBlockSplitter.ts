// Streaming answers grow at the end only, so the markdown before the last few blocks never changes
// meaning: the splitter parses only from the first unsettled block onwards (with the renderer's own
// parser, micromark with GitHub-flavoured markdown) and keeps the settled blocks as they were, so a
// renderer can memoise them by their text.
import { parseGfm } from './remarkGfm';

/** An answer cut into top-level markdown blocks. */
export interface MarkdownBlocks {
  /** Source text of each block, in order; a block keeps the blank lines that follow it. */
  readonly blocks: readonly string[];
  /**
   * Link reference definitions (`[label]: url`) found anywhere in the text, one per line. A block
   * rendered on its own needs them to resolve `[text][label]` links.
   */
  readonly definitions: string;
}

interface Group {
  text: string;
  definitions: string[];
}

/**
 * Blocks behind the last `UNSETTLED_BLOCKS` can no longer be changed by text appended at the end.
 * One is not enough: '1. a\n\n2' ends with a paragraph, and one more '.' turns it into the second
 * item of the list before it.
 */
const UNSETTLED_BLOCKS = 2;

const EMPTY: MarkdownBlocks = { blocks: [], definitions: '' };

/**
 * Cuts markdown into top-level blocks, incrementally while the text only grows.
 *
 * @example
 * const splitter = new MarkdownBlockSplitter();
 * splitter.split('# Title\n\nFirst'); // blocks: ['# Title\n\n', 'First']
 * splitter.split('# Title\n\nFirst paragraph\n\n- item'); // lexes from 'First' onwards only
 */
export class MarkdownBlockSplitter {
  #text = '';
  #settled: Group[] = [];
  #settledLength = 0;
  #result: MarkdownBlocks = EMPTY;

  /** Splits `text`; when it extends the previous text, only its unsettled end is lexed again. */
  split(input: string): MarkdownBlocks {
    const text = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
    if (text === this.#text) return this.#result;
    if (!text.startsWith(this.#text)) {
      this.#settled = [];
      this.#settledLength = 0;
    }
    this.#text = text;

    const groups = lexGroups(text.slice(this.#settledLength));
    const settleCount = Math.max(0, groups.length - UNSETTLED_BLOCKS);
    for (const group of groups.slice(0, settleCount)) {
      this.#settled.push(group);
      this.#settledLength += group.text.length;
    }
    const all = [...this.#settled, ...groups.slice(settleCount)];
    this.#result = {
      blocks: all.map((group) => group.text).filter((block) => block.trim() !== ''),
      definitions: all.flatMap((group) => group.definitions).join('\n'),
    };
    return this.#result;
  }
}

/**
 * Top-level blocks of `source`, each with the blank lines and definitions that follow it: a block
 * runs from where its syntax-tree node starts to where the next one starts, so every character of
 * `source` is in one block.
 */
function lexGroups(source: string): Group[] {
  const groups: Group[] = [];
  const nodes = parseGfm(source).children;
  const offsets = nodes.map((node) => node.position?.start.offset ?? 0);
  if ((offsets[0] ?? source.length) > 0) groups.push({ text: source.slice(0, offsets[0]), definitions: [] });
  nodes.forEach((node, index) => {
    const text = source.slice(offsets[index], offsets[index + 1] ?? source.length);
    const last = groups.at(-1);
    // Link reference definitions, and footnote definitions (`[^1]: ...`) likewise.
    if (node.type === 'definition' || node.type === 'footnoteDefinition') {
      const definition = source.slice(offsets[index], node.position?.end.offset).trim();
      if (last) {
        last.text += text;
        last.definitions.push(definition);
      } else {
        groups.push({ text, definitions: [definition] });
      }
    } else {
      groups.push({ text, definitions: [] });
    }
  });
  return groups;
}

/** Splits markdown into top-level blocks in one go (no memory between calls). */
export function splitMarkdownBlocks(text: string): MarkdownBlocks {
  return new MarkdownBlockSplitter().split(text);
}

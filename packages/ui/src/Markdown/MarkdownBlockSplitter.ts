// Streaming answers grow at the end only, so the markdown before the last few blocks never changes
// meaning: the splitter parses only from the first unsettled block onwards (with the renderer's own
// parser, micromark with GitHub-flavoured markdown) and keeps the settled blocks as they were, so a
// renderer can memoise them by their text. A long paragraph still growing (an answer can be one
// paragraph of thousands of words) is cut likewise into pieces that later text cannot change, so
// the work of each update depends on what arrived, not on the length of the answer so far.
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
  /**
   * For each block, in step with `blocks`: the pieces of a long paragraph (joined, they are the
   * block), each of which renders alone as the same inline content it has in the paragraph, the
   * pieces separated by one space; `null` for any other block. All pieces but the last are settled.
   */
  readonly paragraphPieces: readonly (readonly string[] | null)[];
}

interface Group {
  text: string;
  definitions: string[];
  /** The syntax-tree type of the group's block (undefined for text before the first block). */
  type?: string;
  /** A long paragraph's pieces, joined equal to `text`. */
  pieces?: string[];
}

/** The settled pieces of the paragraph that is being written, and where the next try to cut it starts. */
interface OpenParagraph {
  pieces: string[];
  length: number;
}

/**
 * Blocks behind the last `UNSETTLED_BLOCKS` can no longer be changed by text appended at the end.
 * One is not enough: '1. a\n\n2' ends with a paragraph, and one more '.' turns it into the second
 * item of the list before it.
 */
const UNSETTLED_BLOCKS = 2;

const EMPTY: MarkdownBlocks = { blocks: [], definitions: '', paragraphPieces: [] };

/** A growing paragraph's unsettled end is cut into a piece once it is this long (characters)... */
const PIECE_LENGTH = 1024;
/** ...and after a cut that failed (an open emphasis, say), tried again once it has grown this much. */
const RETRY_LENGTH = 512;
/** Characters that may open inline syntax closed later (emphasis, code, links, HTML, tables' pipes). */
const INLINE_SYNTAX = /[*_~`[\]<|\\]/;
/** An underscore inside a word, which neither opens nor closes emphasis. */
const INTRAWORD_UNDERSCORE = /(?<=[\p{L}\p{N}])_+(?=[\p{L}\p{N}])/gu;

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
  #open: OpenParagraph | null = null;
  /** Length of the open paragraph's unsettled end when cutting it last failed. */
  #failedAt = 0;
  #result: MarkdownBlocks = EMPTY;

  /** Splits `text`; when it extends the previous text, only its unsettled end is lexed again. */
  split(input: string): MarkdownBlocks {
    const text = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
    if (text === this.#text) return this.#result;
    if (!text.startsWith(this.#text)) {
      this.#settled = [];
      this.#settledLength = 0;
      this.#open = null;
      this.#failedAt = 0;
    }
    this.#text = text;

    let groups = this.#open ? lexGroups(text.slice(this.#settledLength + this.#open.length)) : null;
    if (groups && this.#open) {
      const [first] = groups;
      if (first?.type === 'paragraph') {
        groups[0] = {
          ...first,
          text: this.#open.pieces.join('') + first.text,
          pieces: [...this.#open.pieces, first.text],
        };
      } else {
        // What came turned the paragraph into something else (a setext heading, a table): all of it
        // is lexed again.
        groups = null;
        this.#open = null;
        this.#failedAt = 0;
      }
    }
    groups ??= lexGroups(text.slice(this.#settledLength));

    // Text appended to a paragraph can change the block before it only while the paragraph's start
    // is undecided ('2' may become '2.', an item of the list before it); a long one's start is not.
    const last = groups.at(-1);
    const isLongParagraph = last?.type === 'paragraph' && last.text.length >= PIECE_LENGTH;
    const settleCount = Math.max(0, groups.length - (isLongParagraph ? 1 : UNSETTLED_BLOCKS));
    for (const group of groups.slice(0, settleCount)) {
      this.#settled.push(group);
      this.#settledLength += group.text.length;
    }
    if (settleCount > 0) {
      this.#open = null;
      this.#failedAt = 0;
    }
    const unsettled = groups.slice(settleCount);
    // Only the first unsettled block can be cut (the splitter lexes from its start), and only while
    // it is the paragraph being written.
    if (isLongParagraph && unsettled.length === 1 && last) {
      const cut = this.#cut(last);
      if (cut) unsettled[0] = cut;
    }
    const all = [...this.#settled, ...unsettled].filter((group) => group.text.trim() !== '');
    this.#result = {
      blocks: all.map((group) => group.text),
      definitions: all.flatMap((group) => group.definitions).join('\n'),
      paragraphPieces: all.map((group) => group.pieces ?? null),
    };
    return this.#result;
  }

  /**
   * Settles a piece of the paragraph being written when its unsettled end has grown long: up to the
   * last word that starts with a letter after a single space, if nothing before it can still change
   * with what follows. Answers the paragraph with its pieces, or null when nothing was cut.
   */
  #cut(paragraph: Group): Group | null {
    const settledLength = this.#open?.length ?? 0;
    const end = paragraph.text.slice(settledLength);
    if (end.length < PIECE_LENGTH || end.length - this.#failedAt < RETRY_LENGTH) return null;
    let at = end.length - 1;
    while (
      at > 1 &&
      !(end[at - 1] === ' ' && end[at - 2] !== ' ' && end[at - 2] !== '\n' && /\p{L}/u.test(end[at]!))
    )
      at--;
    const piece = end.slice(0, at);
    if (at <= 1 || !isSettledPiece(piece)) {
      this.#failedAt = end.length;
      return null;
    }
    this.#failedAt = 0;
    this.#open = this.#open
      ? { pieces: [...this.#open.pieces, piece], length: this.#open.length + piece.length }
      : { pieces: [piece], length: piece.length };
    return { ...paragraph, pieces: [...this.#open.pieces, end.slice(at)] };
  }
}

/** What the check below reads of a syntax-tree node. */
interface SyntaxNode {
  type: string;
  value?: string;
  children?: SyntaxNode[];
}

/**
 * Whether `piece`, the start of a paragraph up to (and with) a single space, renders alone as it does
 * in the paragraph whatever follows it: nothing in it may still open inline syntax. Plain words need
 * no parse; otherwise it must be one paragraph whose syntax is all closed (no literal `*`, `[`...).
 */
function isSettledPiece(piece: string): boolean {
  if (!INLINE_SYNTAX.test(piece.replace(INTRAWORD_UNDERSCORE, ''))) return true;
  const { children } = parseGfm(piece);
  if (children.length !== 1 || children[0]?.type !== 'paragraph') return false;
  const isClosed = (node: SyntaxNode): boolean => {
    if (node.type === 'text')
      return !INLINE_SYNTAX.test((node.value ?? '').replace(INTRAWORD_UNDERSCORE, ''));
    return node.children?.every(isClosed) ?? true;
  };
  return isClosed(children[0]);
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
        groups.push({ text, definitions: [definition], type: node.type });
      }
    } else {
      groups.push({ text, definitions: [], type: node.type });
    }
  });
  return groups;
}

/** Splits markdown into top-level blocks in one go (no memory between calls). */
export function splitMarkdownBlocks(text: string): MarkdownBlocks {
  return new MarkdownBlockSplitter().split(text);
}

import type { KnowledgeSource } from '@digital-assistant/sdk';
import { Fragment, memo, type ReactNode, useMemo, useRef } from 'react';
import Markdown, { type Components, type ExtraProps, type Options } from 'react-markdown';
import { CitationChip } from '../Chat/CitationChip';
import { citationPreview } from '../Chat/citationPreview';
import { CodeBlock } from './CodeBlock';
import { MarkdownBlockSplitter } from './MarkdownBlockSplitter';
import { MarkdownErrorBoundary } from './MarkdownErrorBoundary';
import { remarkCitations } from './remarkCitations';
import { remarkGfm } from './remarkGfm';
import { safeUrl } from './safeUrl';

/** Props of `MarkdownContent`. */
export interface MarkdownContentProps {
  /** The markdown, e.g. an answer that is still streaming in. */
  children: string;
  /**
   * Sources of a knowledge answer, keyed by id. With them, citation markers such as `[2]` naming a
   * source become chips that preview it, and markers naming no source are hidden; without them,
   * markers stay text.
   */
  sources?: Readonly<Record<string, KnowledgeSource>>;
  /**
   * Overrides of how elements render (react-markdown `components`), e.g. syntax highlighting for
   * `pre`. They replace the defaults, including the link and code-block safety measures.
   */
  components?: Components;
  /**
   * The text is still arriving (an answer being streamed). A long paragraph being written is then
   * drawn as a column of settled pieces, each laid out on its own, so each update lays out the piece
   * that changed rather than the whole paragraph (a browser lays out a paragraph again whole when
   * text is added to it); a piece starts on a new line. Once the text is complete (or the paragraph
   * is followed by another block) it is one paragraph again, as if drawn at once.
   * @default false
   */
  isStreaming?: boolean;
}

type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function languageOf(code: Element | undefined): string | undefined {
  const className = code?.properties?.className;
  const classes = Array.isArray(className) ? className : [];
  const language = classes.find((name) => String(name).startsWith('language-'));
  return language ? String(language).slice('language-'.length) : undefined;
}

interface HastParent {
  type: string;
  children: { type: string; value?: string }[];
}

/**
 * Rehype plugin: raw HTML in an answer is shown as the text it is, and an HTML block gets a
 * paragraph of its own (react-markdown alone would run it into the text around it).
 */
function rehypeRawBlocksAsParagraphs() {
  return (tree: HastParent) => {
    tree.children = tree.children.map((child) =>
      child.type === 'raw'
        ? ({
            type: 'element',
            tagName: 'p',
            properties: { className: ['da-markdown-raw'] },
            children: [{ type: 'text', value: child.value ?? '' }],
          } as unknown as HastParent['children'][number])
        : child,
    );
  };
}

/** URLs are checked again where they are used; this keeps unsafe ones out of the tree altogether. */
function urlTransform(url: string): string {
  return safeUrl(url) ?? '';
}

function defaultComponents(sources: MarkdownContentProps['sources']): Components {
  return {
    a({ href, children, node: _node, ...props }) {
      const url = safeUrl(href);
      // A neutralised link keeps its words, not its destination.
      if (!url) return <span className="da-markdown-inert-link">{children}</span>;
      // Footnote references and back-references stay on the page.
      if (url.startsWith('#'))
        return (
          <a {...props} href={url}>
            {children}
          </a>
        );
      return (
        <a {...props} href={url} target="_blank" rel="noopener noreferrer">
          {children}
          <span className="da-visually-hidden"> (opens in a new tab)</span>
        </a>
      );
    },
    // Images in answers are not fetched (a fetched URL can carry data out of the conversation):
    // they become links the reader can choose to open.
    img({ src, alt }) {
      const url = safeUrl(typeof src === 'string' ? src : undefined);
      const label = `Image: ${alt || 'untitled'}`;
      if (!url) return <span className="da-markdown-inert-link">{label}</span>;
      return (
        <a href={url} target="_blank" rel="noopener noreferrer" className="da-markdown-image-link">
          {label}
          <span className="da-visually-hidden"> (opens in a new tab)</span>
        </a>
      );
    },
    pre({ node }) {
      const code = node?.children.find(
        (child): child is Element => child.type === 'element' && child.tagName === 'code',
      );
      const text = code ? textOf(code) : node ? textOf(node) : '';
      return <CodeBlock code={text.replace(/\n$/, '')} language={languageOf(code)} />;
    },
    // Task list items: the checkbox is a read-only mark, named for what it shows.
    input({ node: _node, type, checked, ...props }) {
      if (type !== 'checkbox') return <input {...props} type={type} checked={checked} />;
      return (
        <input
          type="checkbox"
          checked={Boolean(checked)}
          disabled
          readOnly
          aria-label={checked ? 'Done' : 'Not done'}
        />
      );
    },
    table({ node: _node, ...props }) {
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a wide table
        <div className="da-markdown-table" tabIndex={0}>
          <table {...props} />
        </div>
      );
    },
    cite({ node, children, ...props }) {
      const id = node?.properties?.dataCitationId;
      const source = typeof id === 'string' ? sources?.[id] : undefined;
      if (typeof id === 'string' && source) return <CitationChip citation={citationPreview(id, source)} />;
      return <cite {...props}>{children}</cite>;
    },
  };
}

interface BlockProps {
  /** The block as written, shown if rendering fails. */
  block: string;
  /** The block with the document's link definitions, as rendered. */
  source: string;
  options: Options;
}

function RenderedBlock({ source, options }: Omit<BlockProps, 'block'>) {
  return Markdown({ ...options, children: source });
}

/** One top-level block; memoised, so settled blocks are not parsed again while an answer streams. */
const MarkdownBlock = memo(function MarkdownBlock({ block, source, options }: BlockProps) {
  return (
    <MarkdownErrorBoundary source={block}>
      <RenderedBlock source={source} options={options} />
    </MarkdownErrorBoundary>
  );
});

/** A piece of a paragraph renders its inline content only: the paragraph element is drawn once around them. */
function InlineOnly({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

/**
 * What settled pieces rendered to, by their options and text: a paragraph that stops growing is drawn
 * again without its pieces' wrappers, which mounts its pieces anew; they are not parsed again.
 */
const settledPieces = new WeakMap<Options, Map<string, ReactNode>>();

interface PieceProps {
  source: string;
  options: Options;
  /** All pieces but a paragraph's last are settled: their text no longer changes. */
  isSettled: boolean;
}

/** One piece of a long paragraph; memoised, so settled pieces are not parsed again. */
const MarkdownPiece = memo(function MarkdownPiece({ source, options, isSettled }: PieceProps) {
  if (!isSettled) return Markdown({ ...options, children: source });
  let rendered = settledPieces.get(options);
  if (!rendered) {
    rendered = new Map();
    settledPieces.set(options, rendered);
  }
  const cached = rendered.get(source);
  if (cached !== undefined) return cached;
  const element = Markdown({ ...options, children: source });
  rendered.set(source, element);
  return element;
});

interface ParagraphProps {
  /** The paragraph as written, shown if rendering fails. */
  block: string;
  /** Its pieces (see `MarkdownBlocks.paragraphPieces`); the last is still being written. */
  pieces: readonly string[];
  /** The document's link definitions, for the last piece. */
  definitions: string;
  options: Options;
  /** The paragraph is still being written: each piece is drawn as a block of its own. */
  isGrowing: boolean;
}

/**
 * A long paragraph being written, drawn piece by piece inside one paragraph element: while an
 * answer streams only its last piece is parsed and rendered again.
 */
const MarkdownParagraph = memo(function MarkdownParagraph({
  block,
  pieces,
  definitions,
  options,
  isGrowing,
}: ParagraphProps) {
  const pieceOptions = useMemo<Options>(
    () => ({ ...options, components: { ...options.components, p: InlineOnly } }),
    [options],
  );
  const Paragraph = options.components?.p ?? 'p';
  const isLast = (index: number) => index === pieces.length - 1;
  const drawPiece = (piece: string, index: number) => (
    <MarkdownPiece
      source={isLast(index) && definitions ? `${piece.trimEnd()}\n\n${definitions}` : piece}
      options={pieceOptions}
      isSettled={!isLast(index)}
    />
  );
  return (
    <MarkdownErrorBoundary source={block}>
      <Paragraph>
        {pieces.map((piece, index) => {
          const drawn = drawPiece(piece, index);
          // Pieces only ever grow at the end, so a piece's index is its identity.
          return isGrowing ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <span key={index} className="da-markdown-piece">
              {index > 0 ? ' ' : null}
              {drawn}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Fragment key={index}>
              {index > 0 ? ' ' : null}
              {drawn}
            </Fragment>
          );
        })}
      </Paragraph>
    </MarkdownErrorBoundary>
  );
});

const CODE_START = /^(?: {4}|\t| {0,3}(?:```|~~~))/;

/**
 * Renders a message's markdown safely (GitHub-flavoured): raw HTML is shown as text, never rendered;
 * links open in a new tab with `noopener noreferrer` and unsafe ones (`javascript:`...) lose their
 * destination; code blocks get a Copy button; a block that fails to render is shown as written.
 *
 * The text is rendered block by block (top-level markdown blocks), and only blocks whose text
 * changed are parsed again; a long paragraph being written is rendered in pieces likewise. So a
 * streaming answer costs the same per update at its end as at its start. Keep `sources` and `components` the same objects between updates: a new one renders every
 * block again.
 */
export function MarkdownContent({
  children,
  sources,
  components,
  isStreaming = false,
}: MarkdownContentProps) {
  const splitter = useRef<MarkdownBlockSplitter | null>(null);
  splitter.current ??= new MarkdownBlockSplitter();
  // The splitter caches by input, so calling it during render is idempotent.
  const { blocks, definitions, paragraphPieces } = splitter.current.split(children);
  const options = useMemo<Options>(() => {
    const sourceIds = new Set(Object.keys(sources ?? {}));
    return {
      remarkPlugins: sources ? [remarkGfm, [remarkCitations, { sourceIds }]] : [remarkGfm],
      rehypePlugins: [rehypeRawBlocksAsParagraphs],
      components: { ...defaultComponents(sources), ...components },
      urlTransform,
    };
  }, [sources, components]);
  return (
    <div className="da-markdown">
      {blocks.map((block, index) => {
        const pieces = paragraphPieces[index];
        return pieces ? (
          <MarkdownParagraph
            // Blocks only ever grow at the end, so a block's index is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            block={block}
            pieces={pieces}
            definitions={definitions}
            options={options}
            isGrowing={isStreaming && index === blocks.length - 1}
          />
        ) : (
          <MarkdownBlock
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            block={block}
            source={definitions && !CODE_START.test(block) ? `${block.trimEnd()}\n\n${definitions}` : block}
            options={options}
          />
        );
      })}
    </div>
  );
}

import { type ReviewTreeFunction, reviewMessages } from '@digital-assistant/react';
import type { Components, ExtraProps } from 'react-markdown';
import { CodeBlock } from '../Markdown/CodeBlock';
import { LazyMarkdownContent } from '../Markdown/LazyMarkdownContent';
import { PythonCode } from './PythonCode';

type HastElement = NonNullable<ExtraProps['node']>;
type HastNode = HastElement | HastElement['children'][number];

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** The sections' fenced code: Python highlighted like the function above, without shared indentation. */
const sectionComponents: Components = {
  pre({ node }) {
    const code = node?.children.find(
      (child): child is HastElement => child.type === 'element' && child.tagName === 'code',
    );
    const text = (code ? textOf(code) : node ? textOf(node) : '').replace(/\n$/, '');
    const classes = code?.properties?.className;
    const language = (Array.isArray(classes) ? classes : [])
      .map(String)
      .find((name) => name.startsWith('language-'))
      ?.slice('language-'.length);
    return language === 'python' || language === 'py' ? (
      <PythonCode code={dedentCode(text)} />
    ) : (
      <CodeBlock code={dedentCode(text)} language={language} />
    );
  },
};

/**
 * The code without the indentation its lines share: a method's source starts at its class's depth,
 * which only pushes it right on its own.
 */
export function dedentCode(code: string): string {
  const lines = code.split('\n');
  const indents = lines
    .filter((line) => line.trim() !== '')
    .map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const shared = indents.length > 0 ? Math.min(...indents) : 0;
  return shared === 0
    ? code
    : lines.map((line) => line.slice(Math.min(shared, /^[ \t]*/.exec(line)?.[0].length ?? 0))).join('\n');
}

/** Props of `CodeReviewFunction`. */
export interface CodeReviewFunctionProps {
  /** The function shown (`useCodeReview().selectedFunction`). */
  fn: ReviewTreeFunction;
  /** Prefix of the sections' ids: `{idPrefix}-performance` and `{idPrefix}-readability`. */
  idPrefix: string;
}

/**
 * One function of a review (spec section 2): 'Function: {name}', its code with Python highlighting,
 * then the 'Performance Enhancement' and 'Readability Enhancement' sections in markdown.
 */
export function CodeReviewFunction({ fn, idPrefix }: CodeReviewFunctionProps) {
  const { function: data } = fn;
  const lines =
    data.line !== undefined
      ? data.endLine !== undefined && data.endLine !== data.line
        ? `, lines ${data.line}–${data.endLine}`
        : `, line ${data.line}`
      : '';
  return (
    <article className="da-review-function" aria-labelledby={`${idPrefix}-title`}>
      <h2 className="da-review-function-title" id={`${idPrefix}-title`}>
        {reviewMessages.functionTitle(fn.name)}
      </h2>
      <p className="da-review-function-where">
        {fn.qualifiedName !== fn.name ? <code>{fn.qualifiedName}</code> : null}
        {fn.qualifiedName !== fn.name ? ' in ' : 'In '}
        <span>{`${fn.filePath}${lines}`}</span>
      </p>
      <PythonCode code={dedentCode(data.function)} startLine={data.line} />
      <section className="da-review-section" aria-labelledby={`${idPrefix}-performance`}>
        <h3 className="da-review-section-title" id={`${idPrefix}-performance`} tabIndex={-1}>
          {reviewMessages.performanceTitle}
        </h3>
        <div className="da-markdown da-review-markdown">
          <LazyMarkdownContent components={sectionComponents}>{data.performance}</LazyMarkdownContent>
        </div>
      </section>
      <section className="da-review-section" aria-labelledby={`${idPrefix}-readability`}>
        <h3 className="da-review-section-title" id={`${idPrefix}-readability`} tabIndex={-1}>
          {reviewMessages.readabilityTitle}
        </h3>
        <div className="da-markdown da-review-markdown">
          <LazyMarkdownContent components={sectionComponents}>{data.readability}</LazyMarkdownContent>
        </div>
      </section>
    </article>
  );
}

import { useEffect, useState } from 'react';
import { CopyButton } from '../Markdown/CopyButton';

/** Props of `PythonCode`. */
export interface PythonCodeProps {
  /** The Python source. */
  code: string;
  /** Line number of the first line, shown in the header (e.g. the function's line in its file). */
  startLine?: number;
}

type Highlighter = (code: string) => string;
let highlighter: Promise<Highlighter> | null = null;

/** highlight.js's core and Python grammar, fetched once on first use (a chunk of their own). */
function loadHighlighter(): Promise<Highlighter> {
  highlighter ??= import('./highlightPython').then((module) => module.highlightPython);
  return highlighter;
}

/**
 * Python source with syntax highlighting and a Copy button. The code shows as plain text at once and
 * is highlighted as soon as the highlighter has loaded.
 */
export function PythonCode({ code, startLine }: PythonCodeProps) {
  const [html, setHtml] = useState<{ code: string; html: string } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadHighlighter()
      .then((highlight) => {
        if (isCurrent) setHtml({ code, html: highlight(code) });
      })
      .catch(() => {
        // Plain text stays: highlighting is a nicety.
      });
    return () => {
      isCurrent = false;
    };
  }, [code]);
  const highlighted = html?.code === code ? html.html : null;
  return (
    <div className="da-code-block da-python-code">
      <div className="da-code-block-header">
        <span className="da-code-block-language">
          python{startLine !== undefined ? ` · line ${startLine}` : ''}
        </span>
        <CopyButton text={code} aria-label="Copy python code" />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a long line into view */}
      <pre className="da-code-block-body" tabIndex={0}>
        {highlighted === null ? (
          <code className="language-python">{code}</code>
        ) : (
          <code
            className="language-python hljs"
            data-highlighted="true"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes every character of the code; only its own spans are markup
            dangerouslySetInnerHTML={{ __html: highlighted }}
          />
        )}
      </pre>
    </div>
  );
}

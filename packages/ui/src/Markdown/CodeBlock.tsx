import { CopyButton } from './CopyButton';

/** Props of `CodeBlock`. */
export interface CodeBlockProps {
  /** The code, as written. */
  code: string;
  /** Language named on the fence (```python), if any. */
  language?: string;
}

/** A fenced code block: its language, a Copy button, and the code scrolling sideways when long. */
export function CodeBlock({ code, language }: CodeBlockProps) {
  return (
    <div className="da-code-block">
      <div className="da-code-block-header">
        <span className="da-code-block-language">{language ?? 'code'}</span>
        <CopyButton text={code} aria-label={`Copy ${language ? `${language} ` : ''}code`} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a long line into view */}
      <pre className="da-code-block-body" tabIndex={0}>
        <code className={language ? `language-${language}` : undefined}>{code}</code>
      </pre>
    </div>
  );
}

import type { KnowledgeSource } from '@digital-assistant/sdk';
import { useId } from 'react';
import { safeUrl } from '../Markdown/safeUrl';
import { citationPreview, referenceLabel } from './citationPreview';

/** Props of `ChatSourcesPanel`. */
export interface ChatSourcesPanelProps {
  /** Sources of the latest answer, keyed by id; `undefined` before the first answer. */
  sources?: Readonly<Record<string, KnowledgeSource>>;
  /** @default 'Sources' */
  title?: string;
}

function isLink(reference: string): boolean {
  return /^(https?:)?\/\//i.test(reference) || reference.startsWith('/');
}

function compareIds(a: string, b: string): number {
  const numeric = Number(a) - Number(b);
  return Number.isNaN(numeric) ? a.localeCompare(b) : numeric;
}

/**
 * The admin chat's Sources panel: each source of the latest answer with its id, the passage
 * (context) and its references, as links where they are addresses, named by their document (the
 * server's own links: 'guide.md, at the cited passage', 'report.pdf, page 3') or by their file
 * name and host, never by the address itself.
 */
export function ChatSourcesPanel({ sources, title = 'Sources' }: ChatSourcesPanelProps) {
  const headingId = useId();
  const ids = Object.keys(sources ?? {}).sort(compareIds);
  return (
    <aside className="da-sources-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="da-sources-title">
        {title}
      </h2>
      {ids.length === 0 ? (
        <p className="da-sources-empty">
          {sources ? 'This answer has no sources.' : 'The sources of the next answer are listed here.'}
        </p>
      ) : (
        <ol className="da-sources-list">
          {ids.map((id) => {
            const source = sources![id]!;
            const preview = citationPreview(id, source);
            return (
              <li key={id} className="da-source" data-source-id={id}>
                <div className="da-source-head">
                  <span className="da-source-id">
                    <span className="da-visually-hidden">Source </span>
                    {id}
                  </span>
                  <span className="da-source-document">{preview.document}</span>
                  {preview.location ? <span className="da-source-location">{preview.location}</span> : null}
                </div>
                <p className="da-source-context">{source.context}</p>
                {preview.references.length > 0 ? (
                  <ul className="da-source-references" aria-label={`References of source ${id}`}>
                    {preview.references.map((reference) => {
                      const url = isLink(reference) ? safeUrl(reference) : undefined;
                      return (
                        <li key={reference}>
                          {url ? (
                            <a href={url} target="_blank" rel="noopener noreferrer">
                              {referenceLabel(reference, preview.document)}
                              <span className="da-visually-hidden"> (opens in a new tab)</span>
                            </a>
                          ) : (
                            <span>{reference}</span>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </aside>
  );
}

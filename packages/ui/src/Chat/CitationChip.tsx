import type { ReactNode } from 'react';
import { Button, Link, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { CitationPreview } from './citationPreview';

/**
 * The snippet with the question's words, which the server wraps in `**`, in bold; a marker left
 * unpaired (where the snippet was shortened) is dropped.
 */
function highlightedSnippet(snippet: string): ReactNode[] {
  const parts = snippet.split('**');
  const isPaired = parts.length % 2 === 1;
  return parts.map((part, index) =>
    index % 2 === 1 && (isPaired || index < parts.length - 1) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
      <strong key={index}>{part}</strong>
    ) : (
      part
    ),
  );
}

/** Props of `CitationChip`. */
export interface CitationChipProps {
  /** The cited source. */
  citation: CitationPreview;
}

/**
 * A citation marker drawn as a small chip. Hovering or focusing it previews the passage (document,
 * page or slide, snippet); it links to the source in a new tab when the source has a link.
 */
export function CitationChip({ citation }: CitationChipProps) {
  const label = `Source ${citation.id}: ${citation.document}${citation.location ? `, ${citation.location}` : ''}`;
  return (
    <TooltipTrigger delay={250} closeDelay={150}>
      {citation.link ? (
        <Link
          className="da-citation-chip"
          href={citation.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${label} (opens in a new tab)`}
          data-citation-id={citation.id}
        >
          {citation.id}
        </Link>
      ) : (
        <Button className="da-citation-chip" aria-label={label} data-citation-id={citation.id}>
          {citation.id}
        </Button>
      )}
      <Tooltip className="da-citation-tooltip" placement="top" offset={6}>
        <span className="da-citation-tooltip-document">{citation.document}</span>
        {citation.location ? <span className="da-citation-tooltip-location">{citation.location}</span> : null}
        {citation.snippet ? (
          <span className="da-citation-tooltip-snippet">{highlightedSnippet(citation.snippet)}</span>
        ) : null}
      </Tooltip>
    </TooltipTrigger>
  );
}

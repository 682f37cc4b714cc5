import { Button, Link, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { CitationPreview } from './citationPreview';

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
        {citation.snippet ? <span className="da-citation-tooltip-snippet">{citation.snippet}</span> : null}
      </Tooltip>
    </TooltipTrigger>
  );
}

// What a citation chip shows about a source. The contract's KnowledgeSource carries `context` and
// `references`; servers may add where the passage is (document, page or slide, link). Whatever is
// present is used, the rest is derived from the references.
import type { KnowledgeSource } from '@digital-assistant/sdk';
import { safeUrl } from '../Markdown/safeUrl';

/** What a citation shows about one source. */
export interface CitationPreview {
  /** The id the answer cites it by, e.g. '2'. */
  id: string;
  /** The document the passage comes from. */
  document: string;
  /** Where in the document, e.g. 'Page 3', 'Slide 4' or a section heading. */
  location?: string;
  /** The passage itself. */
  snippet: string;
  /** Where the source opens (a safe URL), when there is one. */
  link?: string;
  /** The source's references as the server gave them. */
  references: readonly string[];
}

const SNIPPET_LENGTH = 280;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function positiveNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function isWebAddress(value: string): boolean {
  return /^(https?:)?\/\//i.test(value) || value.startsWith('/');
}

function locationOf(fields: Record<string, unknown>): string | undefined {
  const location = fields.location;
  if (typeof location === 'string') return text(location);
  const where = location && typeof location === 'object' ? (location as Record<string, unknown>) : fields;
  const page = positiveNumber(where.page);
  if (page !== undefined) return `Page ${page}`;
  const slide = positiveNumber(where.slide);
  if (slide !== undefined) return `Slide ${slide}`;
  const headingPath = where.headingPath ?? where.heading_path;
  if (Array.isArray(headingPath)) {
    const headings = headingPath.filter((part): part is string => typeof part === 'string' && part !== '');
    if (headings.length > 0) return headings.join(' › ');
  }
  return undefined;
}

function documentNameFromLink(link: string): string {
  const path = link.split(/[?#]/)[0] ?? link;
  const last = path.split('/').filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last) : link;
  } catch {
    return last ?? link;
  }
}

/** Paths of the reference server's own links to a cited document. */
const PASSAGE_PATH = '/api/knowledge/documents/passage';
const FILE_PATH = '/api/knowledge/documents/file';

/**
 * How a reference reads, instead of its address: the document's name for the server's own links
 * (at the cited passage, or the PDF page), a web address's file name and host, a name as it is.
 * @example referenceLabel('/api/knowledge/documents/file?id=42#page=3', 'guide.pdf') // 'guide.pdf, page 3'
 */
export function referenceLabel(reference: string, document: string): string {
  if (!isWebAddress(reference)) return reference;
  let url: URL;
  try {
    url = new URL(reference, 'https://relative.invalid');
  } catch {
    return reference;
  }
  if (url.pathname === PASSAGE_PATH) return `${document}, at the cited passage`;
  if (url.pathname === FILE_PATH) {
    const page = /(?:^|&)page=(\d+)/.exec(url.hash.slice(1))?.[1];
    return page ? `${document}, page ${page}` : document;
  }
  const name = documentNameFromLink(reference);
  return url.host === 'relative.invalid' ? name : `${name} (${url.host})`;
}

/** Shortens a passage to a preview at a word boundary. */
function shorten(passage: string): string {
  const flat = passage.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const cut = flat.slice(0, SNIPPET_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_LENGTH * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The preview of source `id`: its document, location, passage and link.
 *
 * @example
 * citationPreview('1', { context: 'Open the VPN client…', references: ['https://docs.example/vpn.pdf'] })
 * // { id: '1', document: 'vpn.pdf', snippet: 'Open the VPN client…', link: 'https://docs.example/vpn.pdf', … }
 */
export function citationPreview(id: string, source: KnowledgeSource): CitationPreview {
  const fields = source as unknown as Record<string, unknown>;
  const references = Array.isArray(source.references)
    ? source.references.filter((reference): reference is string => typeof reference === 'string')
    : [];
  const declaredLink = text(fields.link) ?? text(fields.url);
  const referenceLink = references.find((reference) => isWebAddress(reference) && safeUrl(reference));
  const link = safeUrl(declaredLink ?? referenceLink);
  const namedReference = references.find((reference) => !isWebAddress(reference));
  const document =
    text(fields.document) ??
    text(fields.document_name) ??
    text(fields.title) ??
    namedReference ??
    (link ? documentNameFromLink(link) : undefined) ??
    `Source ${id}`;
  return {
    id,
    document,
    location: locationOf(fields),
    snippet: shorten(text(fields.snippet) ?? source.context ?? ''),
    link,
    references,
  };
}

// The page a citation of a text document opens (getKnowledgeDocumentPassage): the text the server
// extracted from the document, with its headings, pages and slides, the cited chunk highlighted and
// scrolled to (`<mark id="passage">`, the link's `#passage`), among a window of the passages around
// it. The original file of a .docx, .pptx, .md or .html is no place to show a passage (a download,
// or markup shown as text), while the chunks are exactly what the answer read. Chunks of one
// location repeat the end of the previous one (chunk.ts): the repeat is drawn once. Who may read it
// follows the document file; the page is escaped text with one hashed stylesheet, sandboxed, so
// nothing in a document can run or load anything.
import { createHash } from 'node:crypto';
import { requireIdentity } from '../../../platform/auth/authorize.js';
import type { Queryable } from '../../../platform/db/db.js';
import { notFound } from '../../../platform/http/errors.js';
import type { TypedHandler } from '../../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../../context.js';
import type { Department } from '../departments.js';
import { canReadDocument, documentFileLink } from './document-file.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Passages drawn at once: about 18,000 words, whatever the document's size. */
export const PASSAGE_WINDOW = 60;
/** Passages drawn before the cited one, so it reads in its context. */
const BEFORE = 8;

/** The page where a cited chunk opens, scrolled to it. */
export function passageLink(documentId: string, generation: number, ordinal: number): string {
  return `/api/knowledge/documents/passage?id=${encodeURIComponent(documentId)}&g=${generation}&chunk=${ordinal}#passage`;
}

/** Where a cited passage opens: a PDF at its page in the browser's viewer, anything else in the passage page. */
export function citationLink(hit: {
  documentId: string;
  generation: number;
  ordinal: number;
  location: { page?: number };
}): string {
  return hit.location.page !== undefined
    ? documentFileLink(hit.documentId, hit.location.page)
    : passageLink(hit.documentId, hit.generation, hit.ordinal);
}

interface ChunkRow {
  ordinal: number;
  heading_path: string[];
  page: number | null;
  slide: number | null;
  text: string;
}

interface DocumentRow {
  id: string;
  name: string;
  departments: Department[];
  indexed_departments: Department[] | null;
  generation: number;
  chunk_count: number;
  blob_id: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `
:root { color-scheme: light dark; --text: #161a22; --muted: #586070; --bg: #f6f7f9; --surface: #fff;
  --border: #e4e7ec; --mark: #fff3b0; --mark-border: #c9a400; --accent: #4338ca; }
@media (prefers-color-scheme: dark) { :root { --text: #e8eaf0; --muted: #a3aab8; --bg: #111318;
  --surface: #181b22; --border: #2c313c; --mark: #4a3f00; --mark-border: #d9b800; --accent: #a5b4fc; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header, main, nav.pages { max-width: 46rem; margin: 0 auto; padding: 0 1.25rem; }
header { padding-top: 1.5rem; padding-bottom: 1rem; border-bottom: 1px solid var(--border); }
.kicker { margin: 0; color: var(--muted); font-size: .85rem; }
h1 { margin: .25rem 0 .5rem; font-size: 1.5rem; line-height: 1.3; overflow-wrap: anywhere; }
header p { margin: .25rem 0; }
a { color: var(--accent); }
a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
mark:focus { outline: none; }
.note { padding: .5rem .75rem; border: 1px solid var(--border); border-radius: 8px; background: var(--surface); }
main { padding-top: 1rem; padding-bottom: 2rem; }
h2 { margin: 1.75rem 0 .5rem; font-size: 1.1rem; }
.where { margin: 1.5rem 0 .25rem; color: var(--muted); font-size: .85rem; font-weight: 600;
  text-transform: uppercase; letter-spacing: .04em; }
p.text { margin: 0 0 .75rem; white-space: pre-wrap; overflow-wrap: anywhere; }
mark { display: block; margin: 0 -.75rem .75rem; padding: .5rem .75rem; border-left: 4px solid var(--mark-border);
  border-radius: 6px; background: var(--mark); color: inherit; scroll-margin-top: 4rem; }
mark p.text:last-child { margin-bottom: 0; }
nav.pages { display: flex; justify-content: space-between; gap: 1rem; padding-bottom: 2rem; }
`;

/** The page's Content-Security-Policy: no script, nothing loaded, only this stylesheet. */
export const PASSAGE_PAGE_POLICY = `sandbox; default-src 'none'; style-src 'sha256-${createHash('sha256')
  .update(STYLE)
  .digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Where a chunk is, for its heading: the heading path, then the page or slide. */
function place(chunk: ChunkRow): { heading: string; where: string } {
  return {
    heading: chunk.heading_path.join(' › '),
    where: chunk.page !== null ? `Page ${chunk.page}` : chunk.slide !== null ? `Slide ${chunk.slide}` : '',
  };
}

/**
 * How much of `current`'s start repeats the end of `previous` (the overlap chunk.ts writes: whole
 * lines, or '… ' and the last words), as the length to drop from `current` and the repeated text.
 */
export function overlapOf(previous: string, current: string): { drop: number; repeated: string } {
  const ellipsis = current.startsWith('… ') ? 2 : 0;
  const body = current.slice(ellipsis);
  const limit = Math.min(body.length, previous.length, 4000);
  for (let end = limit; end > 0; end--) {
    const next = body[end];
    if (end < body.length && next !== '\n' && next !== ' ') continue;
    const repeated = body.slice(0, end);
    if (previous.endsWith(repeated)) return { drop: ellipsis + end, repeated };
  }
  return { drop: 0, repeated: '' };
}

/** The chunks as drawn: each one's text without what it repeats, the cited one whole (its repeat cut from before it). */
export function drawnTexts(chunks: readonly ChunkRow[], cited: number | undefined): string[] {
  const texts = chunks.map((chunk) => chunk.text);
  for (let index = 1; index < chunks.length; index++) {
    const previous = chunks[index - 1]!;
    const current = chunks[index]!;
    if (JSON.stringify(place(previous)) !== JSON.stringify(place(current))) continue;
    const { drop, repeated } = overlapOf(previous.text, current.text);
    if (drop === 0) continue;
    if (current.ordinal === cited && texts[index - 1]!.endsWith(repeated)) {
      texts[index - 1] = texts[index - 1]!.slice(0, texts[index - 1]!.length - repeated.length);
      texts[index] = current.text.slice(drop - repeated.length);
    } else texts[index] = current.text.slice(drop);
  }
  return texts.map((text) => text.replace(/^\s+|\s+$/g, ''));
}

const paragraphs = (text: string) =>
  text
    .split(/\n+/)
    .filter((line) => line.trim())
    .map((line) => `<p class="text">${escapeHtml(line.trim())}</p>`)
    .join('');

export interface PassagePage {
  document: { id: string; name: string; chunkCount: number; hasFile: boolean };
  chunks: readonly ChunkRow[];
  /** The first chunk shown. */
  from: number;
  /** The cited chunk, when it is of the current generation. */
  cited?: number;
  /** The answer cited another generation of the document. */
  isOutdated: boolean;
}

/** The page's HTML. */
export function renderPassagePage(page: PassagePage): string {
  const { document, chunks, from, cited, isOutdated } = page;
  const citedChunk = chunks.find((chunk) => chunk.ordinal === cited);
  const citedPlace = citedChunk ? place(citedChunk) : undefined;
  const texts = drawnTexts(chunks, cited);
  const body: string[] = [];
  let last = { heading: '', where: '' };
  chunks.forEach((chunk, index) => {
    const here = place(chunk);
    if (here.heading !== last.heading && here.heading) body.push(`<h2>${escapeHtml(here.heading)}</h2>`);
    if (here.where !== last.where && here.where) body.push(`<p class="where">${escapeHtml(here.where)}</p>`);
    last = here;
    const text = paragraphs(texts[index]!);
    if (!text) return;
    body.push(chunk.ordinal === cited ? `<mark id="passage" tabindex="-1">${text}</mark>` : text);
  });
  const self = (start: number) =>
    `/api/knowledge/documents/passage?id=${encodeURIComponent(document.id)}&from=${start}${
      cited !== undefined ? `&chunk=${cited}` : ''
    }`;
  const earlier =
    from > 0
      ? `<a href="${escapeHtml(self(Math.max(0, from - PASSAGE_WINDOW)))}">← Earlier passages</a>`
      : '<span></span>';
  const shownEnd = from + chunks.length;
  const later =
    shownEnd < document.chunkCount ? `<a href="${escapeHtml(self(shownEnd))}">Later passages →</a>` : '';
  const where = [citedPlace?.where, citedPlace?.heading].filter(Boolean).join(' · ');
  const notes: string[] = [];
  if (isOutdated) {
    notes.push(
      '<p class="note" role="note">This document was ingested again since the answer: the cited passage may have changed or moved, so nothing is highlighted. Its current text is below.</p>',
    );
  } else if (cited !== undefined && cited >= document.chunkCount) {
    notes.push(
      '<p class="note" role="note">The cited passage is no longer in this document. Its text is below.</p>',
    );
  } else if (cited !== undefined && !citedChunk) {
    notes.push(
      `<p class="note" role="note">The cited passage is not among the passages shown here. <a href="${escapeHtml(
        `/api/knowledge/documents/passage?id=${encodeURIComponent(document.id)}&chunk=${cited}#passage`,
      )}">Go to the cited passage</a></p>`,
    );
  }
  const title = citedChunk ? `Cited passage — ${document.name}` : document.name;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<p class="kicker">Digital Assistant · the text used to answer, as read from the document</p>
<h1>${escapeHtml(document.name)}</h1>
${citedChunk ? `<p>The cited passage${where ? ` (${escapeHtml(where)})` : ''} is highlighted below. <a href="#passage">Go to it</a></p>` : ''}
${document.hasFile ? `<p><a href="${escapeHtml(documentFileLink(document.id))}">Open the original file</a></p>` : ''}
${notes.join('\n')}
</header>
<main>
${body.length > 0 ? body.join('\n') : '<p class="text">This document has no text to show.</p>'}
</main>
<nav class="pages" aria-label="Passages">${earlier}${later}</nav>
</body>
</html>
`;
}

async function loadPage(
  db: Queryable,
  id: string,
  query: { chunk?: number; g?: number; from?: number },
): Promise<
  { document: DocumentRow; chunks: ChunkRow[]; from: number; cited?: number; isOutdated: boolean } | undefined
> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT id, name, departments, indexed_departments, generation, chunk_count, blob_id
     FROM knowledge_documents WHERE id = $1`,
    [id],
  );
  const document = rows[0];
  if (!document) return undefined;
  const isOutdated = query.chunk !== undefined && query.g !== undefined && query.g !== document.generation;
  const cited = isOutdated ? undefined : query.chunk;
  const from = query.from ?? Math.max(0, (cited ?? 0) - BEFORE);
  const chunks = await db.query<ChunkRow>(
    `SELECT ordinal, heading_path, page, slide, text FROM knowledge_chunks
     WHERE document_id = $1 AND generation = $2 AND ordinal >= $3 AND ordinal < $4
     ORDER BY ordinal`,
    [id, document.generation, from, from + PASSAGE_WINDOW],
  );
  return { document, chunks: chunks.rows, from, cited, isOutdated };
}

export function createPassageHandler(context: FeatureContext): TypedHandler<'getKnowledgeDocumentPassage'> {
  const { db } = context;
  return async (request, reply) => {
    const identity = requireIdentity(request);
    const missing = () => notFound('There is no knowledge document with this id that you may read.');
    const { id, chunk, g, from } = request.query;
    if (!UUID.test(id)) throw missing();
    const loaded = await loadPage(db, id, { chunk, g, from });
    if (!loaded) throw missing();
    const viewer = { role: identity.user.role, features: identity.features };
    // The text shown is the generation indexed with `indexed_departments`; the file's departments may be newer.
    const { document } = loaded;
    const readable = [document.departments, document.indexed_departments ?? []].every((departments) =>
      canReadDocument(viewer, { departments }),
    );
    if (!readable) throw missing();
    const html = renderPassagePage({
      document: {
        id: document.id,
        name: document.name,
        chunkCount: document.chunk_count,
        hasFile: document.blob_id !== null,
      },
      chunks: loaded.chunks,
      from: loaded.from,
      cited: loaded.cited,
      isOutdated: loaded.isOutdated,
    });
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PASSAGE_PAGE_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'private, no-store')
      .send(html);
  };
}

// The original file of a knowledge document, where a cited source links to
// (getKnowledgeDocumentFile). Who may read it follows retrieval: a document naming a department the
// caller may not read (PGA without its capability) is answered 404 as if it did not exist, to
// holders of `train` too (managing the knowledge base is not reading PGA). The stored file is the
// latest upload's (a re-upload replaces it with its departments in one statement), so it is
// checked against the document's current departments. Only types a browser shows safely are
// answered inline; text formats (HTML and Markdown included) always as text/plain, and the answer
// is sandboxed, so an uploaded page can never run script on this origin.
import { requireIdentity } from '../../../platform/auth/authorize.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { notFound } from '../../../platform/http/errors.js';
import type { TypedHandler } from '../../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../../context.js';
import { hiddenDepartments, type Viewer } from '../departments.js';
import { findDocument, type KnowledgeDocument } from '../store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Media type and disposition by extension; anything else is a download of octets. */
const INLINE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  csv: 'text/plain; charset=utf-8',
  html: 'text/plain; charset=utf-8',
};

/** Text and downloads: nothing runs, whatever the bytes are. */
const SANDBOXED = "sandbox; default-src 'none'";
/**
 * PDFs, images, videos: the browser's own viewer shows them (Chromium's PDF viewer needs
 * object-src and refuses a sandboxed document); still no script of ours or anyone's.
 */
const VIEWABLE =
  "default-src 'none'; img-src 'self'; media-src 'self'; object-src 'self'; style-src 'unsafe-inline'";

/** The same-origin link of a document's file (a source's `link`), with the PDF page when known. */
export function documentFileLink(documentId: string, page?: number): string {
  return `/api/knowledge/documents/file?id=${encodeURIComponent(documentId)}${page ? `#page=${page}` : ''}`;
}

/** Whether someone with this role and these features may read the document. */
export function canReadDocument(viewer: Viewer, document: Pick<KnowledgeDocument, 'departments'>): boolean {
  const hidden = hiddenDepartments(viewer);
  return !document.departments.some((department) => hidden.includes(department));
}

export function createDocumentFileHandler(context: FeatureContext): TypedHandler<'getKnowledgeDocumentFile'> {
  const { db, blobs } = context;
  return async (request, reply) => {
    const identity = requireIdentity(request);
    const missing = () => notFound('There is no knowledge document with this id that you may read.');
    const { id } = request.query;
    if (!UUID.test(id)) throw missing();
    const document = await findDocument(db, id);
    if (!document?.blobId) throw missing();
    if (!canReadDocument({ role: identity.user.role, features: identity.features }, document))
      throw missing();
    const stream = await blobs.open(document.blobId);
    if (!stream) throw missing();
    const inline = INLINE_TYPES[document.extension];
    return reply
      .code(200)
      .type(inline ?? 'application/octet-stream')
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', document.name))
      .header('content-security-policy', inline?.startsWith('text/') || !inline ? SANDBOXED : VIEWABLE)
      .header('content-length', String(document.size))
      .send(stream);
  };
}

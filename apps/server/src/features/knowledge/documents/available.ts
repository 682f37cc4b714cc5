// Which cited documents can still be opened (listAvailableKnowledgeDocuments): an answer kept by the
// client (a knowledge thread restored after a reload) names its documents by id, and those deleted
// since, or that the caller may not read, are shown as removed rather than linked. Only ids the
// caller asked are answered, so nothing is learnt beyond "this one opens for you".
import { requireIdentity } from '../../../platform/auth/authorize.js';
import { badRequest } from '../../../platform/http/errors.js';
import type { TypedHandler } from '../../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../../context.js';
import type { Department } from '../departments.js';
import { canReadDocument } from './document-file.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** At most this many ids per question (an answer cites a handful). */
export const MAX_AVAILABLE_IDS = 50;

export function createAvailableDocumentsHandler(
  context: FeatureContext,
): TypedHandler<'listAvailableKnowledgeDocuments'> {
  const { db } = context;
  return async (request) => {
    const identity = requireIdentity(request);
    const asked = [
      ...new Set(
        request.query.ids
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (asked.length > MAX_AVAILABLE_IDS)
      throw badRequest(`Ask about at most ${MAX_AVAILABLE_IDS} documents at a time.`);
    // Ids that are not a document's shape name no document; the database is not asked about them.
    const ids = asked.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
    if (ids.length === 0) return { ids: [] };
    const { rows } = await db.query<{ id: string; departments: Department[] }>(
      'SELECT id::text AS id, departments FROM knowledge_documents WHERE id = ANY($1::uuid[])',
      [ids],
    );
    const viewer = { role: identity.user.role, features: identity.features };
    const readable = new Set(
      rows.filter((row) => canReadDocument(viewer, { departments: row.departments })).map((row) => row.id),
    );
    return { ids: asked.filter((id) => readable.has(id.toLowerCase())) };
  };
}

/**
 * Extension helpers around knowledge answers: which cited documents still open (an answer's list
 * of sources shows the others as removed). Like every extension helper they resolve to
 * `{ unsupported: true, reason }` on a server without the operation.
 */
import type { DigitalAssistantClient } from './client';
import { callExtension, type ExtensionResult } from './extensions';

const isIdList = (data: unknown): data is { ids: string[] } =>
  !!data && typeof data === 'object' && Array.isArray((data as { ids?: unknown }).ids);

/**
 * Of the documents `ids` (the `document_id` of an answer's sources), those that still exist and the
 * caller may read; the others were deleted since the answer (or were never the caller's to read).
 * At most 50 ids per call.
 * @example
 * const result = await listAvailableKnowledgeDocuments(client, ['3f0c…', '9a1b…']);
 * if (!result.unsupported) markRemoved(ids.filter((id) => !result.data.ids.includes(id)));
 */
export function listAvailableKnowledgeDocuments(
  client: DigitalAssistantClient,
  ids: readonly string[],
): Promise<ExtensionResult<{ ids: string[] }>> {
  const path = '/api/knowledge/documents/available';
  return callExtension(client.GET(path, { params: { query: { ids: ids.join(',') } } }), {
    hasShape: isIdList,
    operation: `GET ${path}`,
  });
}

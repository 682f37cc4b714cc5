/**
 * Extension helpers around knowledge chats: which cited documents still open (an answer's list of
 * sources shows the others as removed) and the example questions of each department's empty chat. Like every extension helper they resolve to
 * `{ unsupported: true, reason }` on a server without the operation.
 */
import type { DigitalAssistantClient } from './client';
import { callExtension, type ExtensionResult } from './extensions';
import type { components } from './generated/schema';

type Schemas = components['schemas'];

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

const hasDepartments = (data: unknown): data is Schemas['StarterQuestionsList'] =>
  !!data && typeof data === 'object' && Array.isArray((data as { departments?: unknown }).departments);

/**
 * The example questions each knowledge chat's empty conversation offers, for every department the
 * caller may read (`knowledge` is the Knowledge department, which the admin chat asks too): those an
 * administrator set, or the server's defaults (`is_default`).
 * @example
 * const result = await listStarterQuestions(client);
 * if (!result.unsupported) console.log(result.data.departments.find((entry) => entry.department === 'it')?.questions);
 */
export function listStarterQuestions(
  client: DigitalAssistantClient,
): Promise<ExtensionResult<Schemas['StarterQuestionsList']>> {
  const path = '/api/chat/starter-questions';
  return callExtension(client.GET(path), { hasShape: hasDepartments, operation: `GET ${path}` });
}

/**
 * Sets a department's example questions (at most 6; feature `train`, administrators); an empty list
 * gives it the server's defaults back. Answers the department's questions after the change.
 * @example
 * await setStarterQuestions(client, 'it', ['How do I connect to the VPN from home?']);
 */
export function setStarterQuestions(
  client: DigitalAssistantClient,
  department: Schemas['StarterDepartment'],
  questions: readonly string[],
): Promise<ExtensionResult<Schemas['StarterQuestions']>> {
  const path = '/api/chat/starter-questions';
  return callExtension(client.PUT(path, { body: { department, questions: [...questions] } }), {
    operation: `PUT ${path}`,
  });
}

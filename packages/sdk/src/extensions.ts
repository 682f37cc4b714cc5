/**
 * The contract's extension operations (`x-extension: true`) as helpers that never throw for a server
 * lacking them: each resolves to `{ unsupported: false, data }` or `{ unsupported: true, reason }`.
 * The spec's seed backend has none of them; the reference server has all. Real failures (401, 403,
 * 500, a network error) still throw a `DigitalAssistantError`, as `unwrap` does.
 */
import type { DigitalAssistantClient } from './client';
import { type DownloadedFile, filenameFromContentDisposition } from './download-blob';
import { isDigitalAssistantError, toDigitalAssistantError, unwrap } from './errors';
import type { components } from './generated/schema';
import type {
  AnswerFeedback,
  AnswerFeedbackList,
  AnswerFeedbackQuery,
  AuditEvent,
  FeatureName,
  KnowledgeDocumentList,
  KnowledgeDocumentQuery,
  KnowledgeGapList,
  KnowledgeGapQuery,
  PersonalAccessToken,
  UserProfile,
} from './types';

type Schemas = components['schemas'];

/** What an extension helper resolves to: the answer, or the fact that this server does not offer it. */
export type ExtensionResult<T> =
  | { readonly unsupported: false; readonly data: T }
  | {
      readonly unsupported: true;
      readonly data?: undefined;
      /** Why the operation counts as missing, e.g. "The server answered 404 to GET /api/features". */
      readonly reason: string;
    };

/**
 * Whether a failed call means "this server does not offer the operation" rather than a failure:
 * a 404, 405 or 501 answer (except 501 `model_not_configured`, a server that has the chat but no
 * model), or a successful answer that is not JSON (e.g. a single-page app's HTML fallback).
 * @example
 * try { await unwrap(client.GET('/api/features')) } catch (error) { if (isUnsupported(error)) hideFeatures() }
 */
export function isUnsupported(error: unknown): boolean {
  if (!isDigitalAssistantError(error)) return false;
  if (error.status === undefined) return error.cause instanceof SyntaxError;
  if (error.status === 501) return error.code !== 'model_not_configured';
  return error.status === 404 || error.status === 405;
}

const describe = (error: unknown, what: string) =>
  isDigitalAssistantError(error) && error.status !== undefined
    ? `The server answered ${error.status} to ${what}`
    : `The server answered ${what} with something other than JSON`;

interface CallOptions<T> {
  /** Does the answer have the operation's shape? An answer of another shape means unsupported. */
  hasShape?: (data: unknown) => data is T;
  /** `"METHOD /path"`, for the `reason`. */
  operation?: string;
  /**
   * Asked after a 404 that may mean "no such item" as well as "no such operation" (calls naming an
   * id): whether the server has the operation at all. A 404 then counts as unsupported only if not.
   */
  hasOperation?: () => Promise<boolean>;
}

/**
 * Awaits a call to an extension operation made with the client, and reports a server without it as
 * `{ unsupported: true }` instead of throwing; other failures throw a `DigitalAssistantError`.
 * @example
 * const result = await callExtension(client.GET('/api/features'));
 * if (!result.unsupported) console.log(result.data.features);
 */
export async function callExtension<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  options: CallOptions<T> = {},
): Promise<ExtensionResult<T>> {
  const what = options.operation ?? 'the extension call';
  let data: T;
  try {
    data = await unwrap(call);
  } catch (error) {
    if (!isUnsupported(error)) throw error;
    if (isDigitalAssistantError(error) && error.status === 404 && options.hasOperation) {
      // A probe that fails for another reason (403...) leaves the 404 a 404.
      if (await options.hasOperation().catch(() => true)) throw error;
    }
    return { unsupported: true, reason: describe(error, what) };
  }
  if (options.hasShape && !options.hasShape(data)) {
    return { unsupported: true, reason: `The server's answer to ${what} is not the extension's` };
  }
  return { unsupported: false, data };
}

const hasArray =
  <T>(key: string) =>
  (value: unknown): value is T =>
    typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>)[key]);

/**
 * Whether the server has a POST operation: asked with an empty body, which a server that has it
 * refuses without doing anything (400, 401, 403...), and a server without it answers 404/405/501.
 * Used only where no listing of the same extension can tell (a contract fake records the empty body
 * as a request violation).
 */
async function hasPostOperation(client: DigitalAssistantClient, path: string): Promise<boolean> {
  const post = client.POST as unknown as (
    path: string,
    init: { body: unknown },
  ) => Promise<{ error?: unknown; response: Response }>;
  const { error, response } = await post(path, { body: {} });
  return !isUnsupported(toDigitalAssistantError(error, response));
}

/**
 * The training documents with their ingestion status (the File Status table; feature `train`).
 * Documents in `queued` or `parsing` state are still being ingested. `query` searches by name, sorts
 * and pages on servers that offer it: their answer has `total` (the matches) and `counts` (the whole
 * knowledge base); a server without it answers every document and no `total`.
 * @example
 * const result = await listKnowledgeDocuments(client, { q: 'policy', sort: 'document', limit: 25 });
 * if (!result.unsupported) for (const doc of result.data.documents) console.log(doc.document, doc.status);
 */
export function listKnowledgeDocuments(
  client: DigitalAssistantClient,
  query?: KnowledgeDocumentQuery,
): Promise<ExtensionResult<KnowledgeDocumentList>> {
  return callExtension(client.GET('/api/knowledge/documents', query ? { params: { query } } : {}), {
    hasShape: hasArray('documents'),
    operation: 'GET /api/knowledge/documents',
  });
}

/** The document list's presence tells a missing document (404) from a missing operation. */
const hasDocumentList = async (client: DigitalAssistantClient) =>
  !(await listKnowledgeDocuments(client, { limit: 1 })).unsupported;

/** Deletes a training document and its indexed passages (feature `train`). */
export function deleteKnowledgeDocument(
  client: DigitalAssistantClient,
  id: string,
): Promise<ExtensionResult<Schemas['MessageResponse']>> {
  const path = '/api/knowledge/documents/delete';
  return callExtension(client.POST(path, { body: { id } }), {
    operation: `POST ${path}`,
    hasOperation: () => hasDocumentList(client),
  });
}

/** Ingests a training document again (feature `train`); answers the document, queued. */
export function reingestKnowledgeDocument(
  client: DigitalAssistantClient,
  id: string,
): Promise<ExtensionResult<Schemas['ReingestKnowledgeDocumentResponse']>> {
  const path = '/api/knowledge/documents/reingest';
  return callExtension(client.POST(path, { body: { id } }), {
    operation: `POST ${path}`,
    hasOperation: () => hasDocumentList(client),
  });
}

/**
 * Downloads a training document (e.g. a cited source) as a Blob with its file name; a document the
 * caller may not read answers 404 like a missing one (thrown as `not_found`).
 */
export async function downloadKnowledgeDocument(
  client: DigitalAssistantClient,
  id: string,
): Promise<ExtensionResult<DownloadedFile>> {
  const operation = 'GET /api/knowledge/documents/file';
  let filename: string | undefined;
  const call = client
    .GET('/api/knowledge/documents/file', { params: { query: { id } }, parseAs: 'blob' })
    .then((result) => {
      filename = filenameFromContentDisposition(result.response.headers.get('content-disposition'));
      return result as { data?: Blob; error?: unknown; response: Response };
    });
  const result = await callExtension(call, {
    operation,
    hasOperation: () => hasDocumentList(client),
  });
  return result.unsupported ? result : { unsupported: false, data: { blob: result.data, filename } };
}

/** The caller's personal access tokens (metadata only, never the secret). */
export function listMyTokens(
  client: DigitalAssistantClient,
): Promise<ExtensionResult<{ tokens: PersonalAccessToken[] }>> {
  return callExtension(client.GET('/api/users/tokens'), {
    hasShape: hasArray('tokens'),
    operation: 'GET /api/users/tokens',
  });
}

/** Revokes one of the caller's personal access tokens by id. */
export function revokeToken(
  client: DigitalAssistantClient,
  id: string,
): Promise<ExtensionResult<Schemas['MessageResponse']>> {
  const path = '/api/users/tokens/revoke';
  return callExtension(client.POST(path, { body: { id } }), {
    operation: `POST ${path}`,
    hasOperation: async () => !(await listMyTokens(client)).unsupported,
  });
}

/** Deactivates or reactivates users (feature `user_edit`); answers the updated profiles. */
export function setUsersActive(
  client: DigitalAssistantClient,
  body: Schemas['SetUsersActiveRequest'],
): Promise<ExtensionResult<{ message: string; user_profiles: UserProfile[] }>> {
  const path = '/api/users/active/update';
  return callExtension(client.POST(path, { body }), {
    operation: `POST ${path}`,
    hasOperation: () => hasPostOperation(client, path),
  });
}

/** Every feature permission the server knows (to offer when editing a role group). */
export function listFeatures(
  client: DigitalAssistantClient,
): Promise<ExtensionResult<{ features: FeatureName[] }>> {
  return callExtension(client.GET('/api/features'), {
    hasShape: hasArray('features'),
    operation: 'GET /api/features',
  });
}

/** The audit log, newest first (feature `audit_view`): filter by `actor`, page with `before`. */
export function listAuditEvents(
  client: DigitalAssistantClient,
  query: { actor?: string; limit?: number; before?: string } = {},
): Promise<ExtensionResult<{ events: AuditEvent[] }>> {
  return callExtension(client.GET('/api/audit', { params: { query } }), {
    hasShape: hasArray('events'),
    operation: 'GET /api/audit',
  });
}

/**
 * The signed-in user's AI conversations whose label or messages contain `q` (ignoring case), newest
 * first (feature `chatgpt`): each with a snippet and the match's place in it (`Highlights`, offsets in
 * the snippet's UTF-16 code units) to mark. Only the caller's own conversations are ever searched.
 * @example
 * const result = await searchChatHistory(client, 'vpn');
 * if (!result.unsupported) for (const hit of result.data.Results) console.log(hit.ChipSummary, hit.Snippet);
 */
export function searchChatHistory(
  client: DigitalAssistantClient,
  q: string,
  options: { limit?: number } = {},
): Promise<ExtensionResult<Schemas['ChatHistorySearchResponse']>> {
  return callExtension(client.GET('/api/chat/history/search', { params: { query: { q, ...options } } }), {
    hasShape: hasArray('Results'),
    operation: 'GET /api/chat/history/search',
  });
}

/**
 * Renames one of the signed-in user's AI conversations (its History label; feature `chatgpt`);
 * answers the conversation with its new label. Someone else's conversation is 404 (thrown as `not_found`).
 * @example
 * const result = await renameConversation(client, id, 'VPN on Linux');
 * if (!result.unsupported) console.log(result.data.ChipSummary);
 */
export function renameConversation(
  client: DigitalAssistantClient,
  conversationId: string,
  label: string,
): Promise<ExtensionResult<Schemas['ChatHistoryItem']>> {
  const path = '/api/chat/rename';
  return callExtension(client.POST(path, { body: { ConversationId: conversationId, ChipSummary: label } }), {
    operation: `POST ${path}`,
    hasOperation: async () => !(await searchChatHistory(client, 'a', { limit: 1 })).unsupported,
  });
}

/** The votes list's presence tells a missing answer (404) from a missing operation. */
const hasFeedbackList = async (client: DigitalAssistantClient) =>
  !(await listAnswerFeedback(client, { limit: 1 })).unsupported;

/**
 * Votes up or down, with an optional comment, on an answer of the caller's own AI conversation (its
 * `AnswerId`, from `gptChat`'s answer or a loaded conversation's message `id`). One vote per person
 * per answer: voting again replaces it. Another person's answer is thrown as `not_found`.
 * @example
 * const result = await setAnswerFeedback(client, { AnswerId: answer.AnswerId, vote: 'down', comment: 'Out of date' });
 * if (result.unsupported) hideVoteButtons();
 */
export function setAnswerFeedback(
  client: DigitalAssistantClient,
  body: Schemas['AnswerFeedbackRequest'],
): Promise<ExtensionResult<AnswerFeedback>> {
  const path = '/api/chat/feedback';
  return callExtension(client.PUT(path, { body }), {
    operation: `PUT ${path}`,
    // Anyone may vote, but only holders of feedback_view may list: a 403 probe leaves the 404 a 404.
    hasOperation: () => hasFeedbackList(client),
  });
}

/** Withdraws the caller's vote on an answer; no vote on it is thrown as `not_found`. */
export function deleteAnswerFeedback(
  client: DigitalAssistantClient,
  answerId: string,
): Promise<ExtensionResult<Schemas['MessageResponse']>> {
  const path = '/api/chat/feedback';
  return callExtension(client.DELETE(path, { params: { query: { AnswerId: answerId } } }), {
    operation: `DELETE ${path}`,
    hasOperation: () => hasFeedbackList(client),
  });
}

/**
 * The votes on answers, newest first (feature `feedback_view`): filter by chat, department, vote and
 * time (`from` inclusive, `to` exclusive), paged with `offset` and `limit`; `total` counts every match.
 * @example
 * const result = await listAnswerFeedback(client, { vote: 'down', limit: 20 });
 * if (!result.unsupported) for (const item of result.data.items) console.log(item.user, item.comment);
 */
export function listAnswerFeedback(
  client: DigitalAssistantClient,
  query: AnswerFeedbackQuery = {},
): Promise<ExtensionResult<AnswerFeedbackList>> {
  return callExtension(client.GET('/api/admin/feedback', { params: { query } }), {
    hasShape: hasArray('items'),
    operation: 'GET /api/admin/feedback',
  });
}

/**
 * Knowledge gaps (feature `feedback_view`): the knowledge questions no document answered or whose
 * answer was voted down, grouped per department by similar wording, most people first. Filter by
 * department (`knowledge` for the Knowledge department) and time asked; `limit` groups at most.
 * @example
 * const result = await listKnowledgeGaps(client, { department: 'it' });
 * if (!result.unsupported) for (const gap of result.data.groups) console.log(gap.people, gap.label);
 */
export function listKnowledgeGaps(
  client: DigitalAssistantClient,
  query: KnowledgeGapQuery = {},
): Promise<ExtensionResult<KnowledgeGapList>> {
  return callExtension(client.GET('/api/admin/knowledge-gaps', { params: { query } }), {
    hasShape: hasArray('groups'),
    operation: 'GET /api/admin/knowledge-gaps',
  });
}

/** The votes matching the same filters as {@link listAnswerFeedback}, as a CSV file (feature `feedback_view`). */
export async function downloadAnswerFeedbackCsv(
  client: DigitalAssistantClient,
  query: Omit<AnswerFeedbackQuery, 'offset' | 'limit'> = {},
): Promise<ExtensionResult<DownloadedFile>> {
  let filename: string | undefined;
  const call = client
    .GET('/api/admin/feedback/export', { params: { query }, parseAs: 'blob' })
    .then((result) => {
      filename = filenameFromContentDisposition(result.response.headers.get('content-disposition'));
      return result as { data?: Blob; error?: unknown; response: Response };
    });
  const result = await callExtension(call, { operation: 'GET /api/admin/feedback/export' });
  return result.unsupported ? result : { unsupported: false, data: { blob: result.data, filename } };
}

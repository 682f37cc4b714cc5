/**
 * Extension helpers for asking about files of one's own: what a question may carry, and attaching
 * files (read for the caller's conversation only, never added to the knowledge base). Their ids go
 * in a question's `Attachments` (`/api/chat/gpt`, `/api/chat`), whose answer cites the files'
 * passages as sources marked `attachment`. Like every extension helper they resolve to
 * `{ unsupported: true, reason }` on a server without the operations.
 */
import type { DigitalAssistantClient } from './client';
import { callExtension, type ExtensionResult } from './extensions';
import type { components } from './generated/schema';
import { type UploadOptions, uploadFiles } from './upload-files';

/** How many files one question may carry, how large, and which types (extensions). */
export type ChatAttachmentLimits = components['schemas']['ChatAttachmentLimits'];
/** The files read (`Attachments`, each with its `Id`) and those refused with their reasons. */
export type ChatAttachmentUpload = components['schemas']['ChatAttachmentUploadResponse'];

const hasKey =
  <T>(key: string) =>
  (data: unknown): data is T =>
    !!data && typeof data === 'object' && Array.isArray((data as Record<string, unknown>)[key]);

/**
 * What files a question may carry: a client offers attaching files only when this is supported.
 * @example
 * const limits = await getChatAttachmentLimits(client);
 * if (limits.unsupported) hideAttachButton();
 */
export function getChatAttachmentLimits(
  client: DigitalAssistantClient,
): Promise<ExtensionResult<ChatAttachmentLimits>> {
  const path = '/api/chat/attachments';
  return callExtension(client.GET(path), {
    hasShape: hasKey<ChatAttachmentLimits>('Extensions'),
    operation: `GET ${path}`,
  });
}

/**
 * Attaches up to five files to the next question (field `files`). A file refused for its own
 * reason is in `Rejected`; when none could be read the call throws a `DigitalAssistantError`
 * whose message gives each reason (`details.rejected`).
 * @example
 * const result = await uploadChatAttachments(client, [file]);
 * if (!result.unsupported) {
 *   const ids = result.data.Attachments.map((attachment) => attachment.Id);
 *   await client.POST('/api/chat/gpt', { body: { Message: 'Summarise this', Attachments: ids } });
 * }
 */
export function uploadChatAttachments(
  client: DigitalAssistantClient,
  files: Blob | Iterable<Blob> | ArrayLike<Blob>,
  options: Pick<UploadOptions, 'onProgress' | 'signal' | 'timeoutMs'> = {},
): Promise<ExtensionResult<ChatAttachmentUpload>> {
  const path = '/api/chat/attachments';
  return callExtension(uploadFiles(client, path, files, options), {
    hasShape: hasKey<ChatAttachmentUpload>('Attachments'),
    operation: `POST ${path}`,
  });
}

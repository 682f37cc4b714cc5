// Files of one's own attached to a question (uploadChatAttachments, getChatAttachmentLimits, and
// the `Attachments` of gptChat and knowledgeChat): read by the knowledge ingestion's parsers in
// threads of their own (createAttachmentReader), kept as passages in `chat_attachments` for their
// owner only, never in the knowledge base. An AI conversation's files go with it (ON DELETE
// CASCADE); files no conversation took (knowledge chats keep none) are removed a day after they
// were attached, swept whenever someone attaches a file.
import type { MultipartFile } from '@fastify/multipart';
import type { components } from '../../generated/contract.js';
import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Queryable } from '../../platform/db/db.js';
import { formatBytes } from '../../platform/format-bytes.js';
import { badRequest, HttpError, notFound, statusError } from '../../platform/http/errors.js';
import {
  cleanFileName,
  counted,
  drain,
  MalformedUploadError,
  nothingTaken,
  uploadParts,
} from '../../platform/http/multipart.js';
import type { TypedHandler } from '../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../context.js';
import { ATTACHMENT_EXTENSIONS, type AttachmentPassage, type AttachmentReader } from '../knowledge/index.js';

type KnowledgeSource = components['schemas']['KnowledgeSource'];
type RejectedUpload = components['schemas']['RejectedUpload'];

/** Most files one question carries (the contract's `maxItems` of `Attachments`). */
export const MAX_ATTACHMENTS = 5;
const MAX_NAME_LENGTH = 255;

export interface AttachedFile {
  id: string;
  name: string;
  size: number;
  passages: AttachmentPassage[];
}

interface AttachmentRow {
  id: string;
  name: string;
  size: string | number;
  passages: AttachmentPassage[] | string;
  conversation_id: string | null;
}

function attachedFile(row: AttachmentRow): AttachedFile {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    passages: typeof row.passages === 'string' ? JSON.parse(row.passages) : row.passages,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's files `ids`, in that order, for a question of `conversationId` (files not yet in a
 * conversation, or already in this one). Anyone else's id, or one removed meanwhile, is 404; more
 * files than allowed, or more bytes together, is 413.
 */
export async function resolveAttachments(
  db: Queryable,
  userId: string,
  ids: readonly string[] | undefined,
  conversationId: string | undefined,
  maxTotalBytes: number,
): Promise<AttachedFile[]> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return [];
  if (wanted.length > MAX_ATTACHMENTS) {
    throw statusError(413, `A question carries at most ${MAX_ATTACHMENTS} files: remove some.`);
  }
  const valid = wanted.filter((id) => UUID.test(id));
  const { rows } = await db.query<AttachmentRow>(
    `SELECT id, name, size, passages, conversation_id FROM chat_attachments
      WHERE user_id = $1 AND id = ANY($2::uuid[]) AND (conversation_id IS NULL OR conversation_id = $3)`,
    [userId, valid, conversationId ?? null],
  );
  const found = new Map(rows.map((row) => [row.id, attachedFile(row)]));
  if (found.size < wanted.length) {
    throw notFound(
      'An attached file is no longer available (a file no conversation used is kept for a day): attach it again.',
    );
  }
  const files = wanted.map((id) => found.get(id)!);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > maxTotalBytes) {
    throw statusError(
      413,
      `The attached files together are larger than the ${formatBytes(maxTotalBytes)} a question may carry: remove some.`,
    );
  }
  return files;
}

/** The files an AI conversation has taken so far, in the order they were attached. */
export async function conversationAttachments(
  db: Queryable,
  conversationId: string,
): Promise<AttachedFile[]> {
  const { rows } = await db.query<AttachmentRow>(
    'SELECT id, name, size, passages, conversation_id FROM chat_attachments WHERE conversation_id = $1 ORDER BY created_at, id',
    [conversationId],
  );
  return rows.map(attachedFile);
}

/**
 * The files `ids` are no conversation's again (kept a day like any unused file): a new conversation
 * whose first answer failed is removed, and its question's files stay to be asked about again.
 */
export async function unlinkAttachments(
  db: Queryable,
  userId: string,
  ids: readonly string[],
  conversationId: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    'UPDATE chat_attachments SET conversation_id = NULL WHERE user_id = $1 AND id = ANY($2::uuid[]) AND conversation_id = $3',
    [userId, ids, conversationId],
  );
}

/** The files become the conversation's (and go with it). */
export async function linkAttachments(
  db: Queryable,
  userId: string,
  ids: readonly string[],
  conversationId: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    'UPDATE chat_attachments SET conversation_id = $3 WHERE user_id = $1 AND id = ANY($2::uuid[]) AND conversation_id IS NULL',
    [userId, ids, conversationId],
  );
}

const STOP_WORDS = new Set(
  'the and for are but not you all any can had her was one our out has him his how its may new now see who did get let say she too use what when where which with this that from have does about into your their them then there these they will would could should'.split(
    ' ',
  ),
);

function wordsOf(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
      (word) => word.length >= 3 && !STOP_WORDS.has(word),
    ),
  );
}

export interface AttachedPassage {
  file: AttachedFile;
  passage: AttachmentPassage;
}

/**
 * The `count` passages of the files that share the most words with the question; when none does
 * ("summarise this"), each file's opening passages in turn: the person asked about these files.
 */
export function pickAttachedPassages(
  files: readonly AttachedFile[],
  question: string,
  count: number,
): AttachedPassage[] {
  const asked = wordsOf(question);
  const scored = files.flatMap((file, fileIndex) =>
    file.passages.map((passage, index) => {
      const words = wordsOf(`${passage.headingPath.join(' ')} ${passage.text}`);
      let score = 0;
      for (const word of asked) if (words.has(word)) score++;
      return { file, passage, score, fileIndex, index };
    }),
  );
  const matching = scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
  if (matching.length > 0) return matching.slice(0, count);
  const openings: AttachedPassage[] = [];
  for (let index = 0; openings.length < count; index++) {
    const round = scored.filter((entry) => entry.index === index);
    if (round.length === 0) break;
    openings.push(...round.slice(0, count - openings.length));
  }
  return openings;
}

/** Where a passage is, for a person: page or slide, then its heading path. */
export function attachedLocation(passage: AttachmentPassage): string {
  const parts: string[] = [];
  if (passage.page !== undefined) parts.push(`page ${passage.page}`);
  if (passage.slide !== undefined) parts.push(`slide ${passage.slide}`);
  if (passage.headingPath.length > 0) parts.push(passage.headingPath.join(' > '));
  return parts.join(' · ');
}

/** An attached passage as a cited source (no link: the file is the caller's own). */
export function attachedSource({ file, passage }: AttachedPassage): KnowledgeSource {
  const location = attachedLocation(passage);
  return {
    context: passage.text,
    references: [file.name],
    attachment: true,
    document: file.name,
    ...(location ? { location } : {}),
    snippet: passage.text.length > 200 ? `${passage.text.slice(0, 200).trimEnd()}…` : passage.text,
  };
}

/** Files attached a day ago that no conversation took. */
async function sweepUnused(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM chat_attachments WHERE conversation_id IS NULL AND created_at < now() - interval '1 day'`,
  );
}

export function createAttachmentHandlers(context: FeatureContext, reader: () => AttachmentReader) {
  const { db, config } = context;
  const maxFileBytes = config.attachmentMaxFileBytes;
  const maxTotalBytes = config.attachmentMaxTotalBytes;

  const getChatAttachmentLimits: TypedHandler<'getChatAttachmentLimits'> = async (request) => {
    requireIdentity(request);
    return {
      MaxFiles: MAX_ATTACHMENTS,
      MaxFileBytes: maxFileBytes,
      MaxTotalBytes: maxTotalBytes,
      Extensions: [...ATTACHMENT_EXTENSIONS],
    };
  };

  const uploadChatAttachments: TypedHandler<'uploadChatAttachments'> = async (request) => {
    const { user } = requireIdentity(request);
    if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
    const files: Array<{ name: string; bytes: Uint8Array }> = [];
    const rejected: RejectedUpload[] = [];
    let fileCount = 0;
    let total = 0;
    try {
      const limits = { fileSize: maxFileBytes + 1, files: MAX_ATTACHMENTS + 1, fields: 10 };
      for await (const part of uploadParts(request, limits)) {
        if (part.type === 'field') continue;
        const file = part as MultipartFile;
        fileCount++;
        const name = cleanFileName(file.filename ?? '').slice(0, MAX_NAME_LENGTH);
        const reject = async (code: string, reason: string) => {
          await drain(file);
          rejected.push({ name: name || '(no name)', code, reason });
        };
        if (file.fieldname !== 'files' || fileCount > MAX_ATTACHMENTS) {
          await drain(file);
          continue;
        }
        if (!name) {
          await reject('invalid_name', 'A file was sent without a name.');
          continue;
        }
        const state = { size: 0, isTooLarge: false };
        const chunks: Buffer[] = [];
        for await (const chunk of counted(file, maxFileBytes, state)) chunks.push(chunk);
        if (state.isTooLarge) {
          rejected.push({
            name,
            code: 'too_large',
            reason: `${name} is larger than the ${formatBytes(maxFileBytes)} a file may be: attach a smaller part of it.`,
          });
          continue;
        }
        if (state.size === 0) {
          rejected.push({ name, code: 'empty', reason: `${name} is empty.` });
          continue;
        }
        if (total + state.size > maxTotalBytes) {
          rejected.push({
            name,
            code: 'too_large',
            reason: `${name} would take the files past the ${formatBytes(maxTotalBytes)} a question may carry.`,
          });
          continue;
        }
        total += state.size;
        // A copy with a buffer of its own: it is moved to the parse thread (small Buffers share a pool).
        files.push({ name, bytes: new Uint8Array(Buffer.concat(chunks)) });
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManyFiles();
      const status = (error as { statusCode?: number }).statusCode;
      if (error instanceof MalformedUploadError || (status !== undefined && status >= 400 && status < 500)) {
        throw badRequest(
          `The files could not be read (${error instanceof Error ? error.message : String(error)}). Attach them again.`,
        );
      }
      throw error;
    }
    if (fileCount > MAX_ATTACHMENTS) throw tooManyFiles();
    if (fileCount === 0) throw badRequest('No file provided');

    const attachments: components['schemas']['ChatAttachment'][] = [];
    for (const file of files) {
      const size = file.bytes.length;
      const reading = await reader().read(file.name, file.bytes);
      if (reading.kind === 'refused') {
        rejected.push({ name: file.name, code: reading.code, reason: reading.reason });
        continue;
      }
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO chat_attachments (user_id, name, size, passages) VALUES ($1, $2, $3, $4) RETURNING id',
        [user.id, file.name, size, JSON.stringify(reading.passages)],
      );
      attachments.push({ Id: rows[0]!.id, Name: file.name, Size: size, Passages: reading.passages.length });
    }
    await sweepUnused(db).catch((error: unknown) => {
      context.log.warn({ err: error }, 'could not remove unused attached files');
    });
    if (attachments.length === 0)
      throw nothingTaken(rejected, (count) => `None of the ${count} files could be read.`);
    return { Attachments: attachments, Rejected: rejected };
  };

  return { getChatAttachmentLimits, uploadChatAttachments };
}

function tooManyFiles(): HttpError {
  return statusError(413, `A question carries at most ${MAX_ATTACHMENTS} files: attach fewer.`);
}

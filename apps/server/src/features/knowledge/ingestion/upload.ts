// Training uploads (POST /api/file/success): each file of the multipart body is streamed into blobs
// as it arrives (never held whole in memory), checked on the way (type by extension, empty, size),
// and only once the whole body is read are the documents recorded and their ingestion queued, in
// one transaction. A file refused for its own reason does not stop the others; a request-level
// problem (no file, an unknown department, too many files, a malformed body) stores nothing.
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { components } from '../../../generated/contract.js';
import { requireIdentity } from '../../../platform/auth/authorize.js';
import type { BlobInfo } from '../../../platform/blobs/blobs.js';
import { formatBytes } from '../../../platform/format-bytes.js';
import { badRequest, HttpError, statusError } from '../../../platform/http/errors.js';
import {
  cleanFileName,
  counted,
  drain,
  MalformedUploadError,
  nothingTaken,
  uploadParts,
} from '../../../platform/http/multipart.js';
import type { TypedHandler } from '../../../platform/http/typed-handlers.js';
import { recordAudit } from '../../audit/index.js';
import type { FeatureContext } from '../../context.js';
import { DEPARTMENTS, type Department, EVERY_DEPARTMENT, isDepartment } from '../departments.js';
import { presentDocument } from '../documents/present.js';
import { upsertDocument } from '../store.js';
import { ACCEPTED_EXTENSIONS, extensionOf, isAcceptedExtension } from './parse/types.js';
import { enqueueIngestion, INGEST_QUEUE } from './pipeline.js';

type RejectedUpload = components['schemas']['RejectedUpload'];

/** Form fields that carry documents: the spec's client sends `files[]`, the SDK `files`. */
const FILE_FIELDS: ReadonlySet<string> = new Set(['files', 'files[]']);
const DEPARTMENT_FIELD = 'department';
const MAX_NAME_LENGTH = 255;

const ACCEPTED_LIST = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(', ');

interface StoredFile {
  name: string;
  extension: string;
  blob: BlobInfo;
}

/** The departments named by `department` fields (repeated or comma-separated); knowledge by default. */
export function parseDepartments(values: readonly string[]): Department[] {
  const named = values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  const unknown = named.filter((value) => !isDepartment(value));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown department ${unknown.map((value) => `'${value.slice(0, 40)}'`).join(', ')}. Use one of: ${DEPARTMENTS.join(', ')} (knowledge means every department).`,
    );
  }
  const departments = [...new Set(named)] as Department[];
  return departments.length > 0 ? departments : [EVERY_DEPARTMENT];
}

export function createUploadHandler({ db, jobs, blobs, config, log }: FeatureContext) {
  const maxBytes = config.uploadMaxFileBytes;
  const maxFiles = config.uploadMaxFiles;
  const limitText = formatBytes(maxBytes);

  const handler: TypedHandler<'uploadTrainingFiles'> = async (request) => {
    const actor = requireIdentity(request);
    if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data.');

    const stored: StoredFile[] = [];
    const rejected: RejectedUpload[] = [];
    const departmentValues: string[] = [];
    let fileCount = 0;
    /** A problem with the whole request: later files are read and dropped, nothing is kept. */
    let fatal: HttpError | undefined;

    const discardStored = async () => {
      await Promise.all(stored.map((file) => blobs.delete(file.blob.id).catch(() => false)));
      stored.length = 0;
    };

    try {
      // Busboy drops what is past the limit itself; one byte more tells "too large" from "exactly".
      const limits = { fileSize: maxBytes + 1, files: maxFiles + 1, fields: 100 };
      for await (const part of uploadParts(request, limits)) {
        if (part.type === 'field') {
          const field = part as MultipartValue<unknown>;
          if (field.fieldname === DEPARTMENT_FIELD) departmentValues.push(String(field.value));
          if (field.fieldname === DEPARTMENT_FIELD && !fatal) {
            try {
              parseDepartments(departmentValues);
            } catch (error) {
              fatal = error as HttpError;
            }
          }
          continue;
        }
        const file = part as MultipartFile;
        if (!FILE_FIELDS.has(file.fieldname)) {
          await drain(file);
          continue;
        }
        fileCount++;
        const name = cleanFileName(file.filename ?? '');
        if (fatal || fileCount > maxFiles) {
          await drain(file);
          continue;
        }
        const reject = async (code: string, reason: string) => {
          await drain(file);
          rejected.push({ name: name || file.filename || '(no name)', code, reason });
        };
        if (!name) {
          await reject('invalid_name', 'A file was sent without a name.');
          continue;
        }
        // Bytes that are not UTF-8 in the part's filename are decoded as U+FFFD: two different names
        // would become one and the second upload would replace the first.
        if (name.includes('\uFFFD')) {
          await reject(
            'invalid_name',
            `${name}: the file name is not valid UTF-8 text (the characters shown as � could not be read), so it cannot be told apart from other names. Rename the file and upload it again.`,
          );
          continue;
        }
        if (name.length > MAX_NAME_LENGTH) {
          await reject(
            'invalid_name',
            `${name.slice(0, 60)}… has a name longer than ${MAX_NAME_LENGTH} characters: rename it.`,
          );
          continue;
        }
        const extension = extensionOf(name);
        if (!isAcceptedExtension(extension)) {
          await reject(
            'unsupported_type',
            `${name}: ${extension ? `.${extension} files are` : 'files without an extension are'} not accepted. Accepted types: ${ACCEPTED_LIST}.`,
          );
          continue;
        }
        const state = { size: 0, isTooLarge: false };
        const blob = await blobs.put(counted(file, maxBytes, state), {
          contentType: file.mimetype || undefined,
        });
        if (state.isTooLarge || blob.size === 0) {
          await blobs.delete(blob.id);
          rejected.push(
            state.isTooLarge
              ? {
                  name,
                  code: 'too_large',
                  reason: `${name} is larger than the ${limitText} limit for one file: split or compress it.`,
                }
              : { name, code: 'empty', reason: `${name} is empty.` },
          );
          continue;
        }
        // The same name twice in one request: the later copy is the one kept.
        const earlier = stored.findIndex((other) => other.name === name);
        if (earlier >= 0) {
          const [replaced] = stored.splice(earlier, 1);
          await blobs.delete(replaced!.blob.id);
          rejected.push({
            name,
            code: 'duplicate',
            reason: `${name} was sent twice in this upload: the later copy was kept.`,
          });
        }
        stored.push({ name, extension, blob });
      }
    } catch (error) {
      await discardStored();
      if (error instanceof HttpError) throw error;
      const status = (error as { statusCode?: number }).statusCode;
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
        throw tooManyFiles(maxFiles);
      }
      if (error instanceof MalformedUploadError || (status !== undefined && status >= 400 && status < 500)) {
        throw badRequest(
          `The upload could not be read (${error instanceof Error ? error.message : String(error)}). Send the files again.`,
        );
      }
      throw error;
    }

    if (fatal || fileCount > maxFiles || fileCount === 0) {
      await discardStored();
      if (fatal) throw fatal;
      if (fileCount > maxFiles) throw tooManyFiles(maxFiles);
      throw badRequest('No file provided');
    }
    if (stored.length === 0)
      throw nothingTaken(rejected, (count) => `None of the ${count} files was stored.`);
    const departments = parseDepartments(departmentValues);

    let recorded: Array<{ document: ReturnType<typeof presentDocument>; previousBlobId: string | null }>;
    try {
      recorded = await db.transaction(async (tx) => {
        const results = [];
        for (const file of stored) {
          const { document, previousBlobId } = await upsertDocument(tx, {
            name: file.name,
            extension: file.extension,
            departments,
            size: file.blob.size,
            sha256: file.blob.sha256,
            blobId: file.blob.id,
            uploadedBy: actor.user.id,
          });
          await enqueueIngestion(jobs, document.id, tx);
          await recordAudit(tx, {
            actor: actor.user.email,
            action: 'knowledge.upload',
            target: document.name,
            details: {
              id: document.id,
              departments,
              size: document.size,
              sha256: document.sha256,
              replaced: document.version > 1,
            },
          });
          results.push({ document: presentDocument(document), previousBlobId });
        }
        return results;
      });
    } catch (error) {
      await discardStored();
      throw error;
    }
    jobs.wake(INGEST_QUEUE);
    // The replaced files' old bytes are no longer referenced.
    for (const { previousBlobId } of recorded) {
      if (previousBlobId) {
        await blobs.delete(previousBlobId).catch((error: unknown) => {
          log.warn({ err: error, blob: previousBlobId }, 'could not delete the replaced file');
        });
      }
    }
    const documents = recorded.map((entry) => entry.document);
    const count = (n: number) => (n === 1 ? '1 file' : `${n} files`);
    const message =
      rejected.length === 0
        ? `Uploaded ${count(documents.length)}; ingestion is queued.`
        : `Uploaded ${count(documents.length)}; ingestion is queued. ${count(rejected.length)} not stored: ${rejected.map((entry) => entry.reason).join(' ')}`;
    return { message, files: documents.map((document) => document.document), documents, rejected };
  };
  return handler;
}

function tooManyFiles(maxFiles: number): HttpError {
  return statusError(
    413,
    `Too many files in one upload: at most ${maxFiles}. Nothing was stored; upload them in several batches.`,
  );
}

/**
 * Multipart uploads with progress. The call goes through the client (openapi-fetch), so the base URL,
 * the client's headers, XSRF, bearer token and middleware apply as on every other call. Browsers then
 * send it with XMLHttpRequest (fetch cannot report upload progress); where there is no XMLHttpRequest
 * (Node) the body is encoded once and streamed through the client's fetch, so progress still reflects
 * the bytes handed over.
 */
import type { DigitalAssistantClient } from './client';
import { type CallResult, clientError, toDigitalAssistantError } from './errors';
import type { paths } from './generated/schema';
import type { ErrorBody } from './types';

/** The spec's timeout for the code-review zip upload: 400000 ms. */
export const ZIP_UPLOAD_TIMEOUT_MS = 400_000;

/** The contract's multipart upload paths. */
export type UploadPath = '/api/file/success' | '/api/file/code_analysis' | '/api/chat/attachments';

/** The JSON answer of an upload path. */
export type UploadData<Path extends UploadPath> =
  paths[Path]['post']['responses'][200]['content']['application/json'];

/** Options of {@link uploadFiles}. */
export interface UploadOptions {
  /**
   * Form field the files are sent in (repeated for several files).
   * @default 'files'
   */
  fieldName?: string;
  /**
   * Text fields sent before the files, a value per field (an array repeats the field), e.g.
   * `{ department: ['it', 'pga'] }` for `/api/file/success`.
   */
  fields?: Record<string, string | readonly string[]>;
  /** Called with a whole percentage (0-100) as the body is sent; only when the total size is known. */
  onProgress?: (percent: number) => void;
  /** Aborts the upload; the promise then rejects with code `aborted`. */
  signal?: AbortSignal;
  /**
   * Gives up after this many milliseconds; the promise then rejects with code `timeout`.
   * @default ZIP_UPLOAD_TIMEOUT_MS for '/api/file/code_analysis', none otherwise
   */
  timeoutMs?: number;
}

const NULL_BODY_STATUSES = [101, 204, 205, 304];
const CHUNK_SIZE = 64 * 1024;

function percent(loaded: number, total: number): number {
  return Math.min(100, Math.round((loaded / total) * 100));
}

/**
 * A fetch that sends the request the client prepared (URL, method, headers after middleware) with
 * XMLHttpRequest, for upload progress. The body is the form itself: XMLHttpRequest encodes it with
 * its own boundary, so the prepared request's `content-type` is left out.
 */
function xhrFetch(form: FormData, onProgress: UploadOptions['onProgress']) {
  return (request: Request): Promise<Response> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const { signal } = request;
      const abort = () => xhr.abort();
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials !== 'omit';
      request.headers.forEach((value, name) => {
        if (name !== 'content-type' && name !== 'content-length') xhr.setRequestHeader(name, value);
      });
      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(percent(event.loaded, event.total));
        };
      }
      xhr.onload = () => {
        signal.removeEventListener('abort', abort);
        const headerLines = xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)
          .filter(Boolean);
        resolve(
          new Response(NULL_BODY_STATUSES.includes(xhr.status) ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headerLines.map((line) => {
              const index = line.indexOf(':');
              return [line.slice(0, index).trim(), line.slice(index + 1).trim()] as [string, string];
            }),
          }),
        );
      };
      xhr.onerror = () => {
        signal.removeEventListener('abort', abort);
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      xhr.send(form);
    });
}

/** The form encoded once (for its size), as a body that reports progress as it is pulled. */
async function encodeWithProgress(form: FormData, onProgress: UploadOptions['onProgress']) {
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  const body = onProgress
    ? new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.length) return controller.close();
          const chunk = bytes.subarray(offset, offset + CHUNK_SIZE);
          offset += chunk.length;
          controller.enqueue(chunk);
          onProgress(percent(offset, bytes.length));
        },
      })
    : bytes;
  return { body, contentType: encoded.headers.get('content-type') as string };
}

type RawResult = { data?: string; error?: unknown; response: Response };

function toResult<Data>({ data, error, response }: RawResult): CallResult<Data, ErrorBody> {
  if (!response.ok)
    return { error: (error === undefined || error === '' ? {} : error) as ErrorBody, response };
  let body: unknown = data ?? '';
  if (data) {
    try {
      body = JSON.parse(data);
    } catch {
      // Not JSON: keep the text.
    }
  }
  return { data: body as Data, response };
}

/**
 * Uploads files as `multipart/form-data` to one of the contract's upload paths. HTTP errors come back
 * as values (`{ error, response }`); failures before an answer reject with a `DigitalAssistantError`
 * (`no_file` when `files` is empty, `timeout`, `aborted`, `network_error`).
 * @example
 * const { data, error } = await uploadFiles(client, '/api/file/code_analysis', zip, {
 *   onProgress: (percent) => console.log(`${percent}%`),
 * });
 */
export async function uploadFiles<Path extends UploadPath>(
  client: DigitalAssistantClient,
  path: Path,
  files: Blob | Iterable<Blob> | ArrayLike<Blob>,
  options: UploadOptions = {},
): Promise<CallResult<UploadData<Path>, ErrorBody>> {
  const list = files instanceof Blob ? [files] : Array.from(files as Iterable<Blob>);
  if (list.length === 0) throw clientError('no_file');
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    for (const item of typeof value === 'string' ? [value] : value) form.append(name, item);
  }
  for (const file of list) form.append(options.fieldName ?? 'files', file);
  const { onProgress, signal } = options;
  const timeoutMs =
    options.timeoutMs ?? (path === '/api/file/code_analysis' ? ZIP_UPLOAD_TIMEOUT_MS : undefined);
  const timeout = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
  const signals = [signal, timeout].filter((item) => item !== undefined);
  const isBrowser = typeof XMLHttpRequest === 'function';
  const encoded = isBrowser ? undefined : await encodeWithProgress(form, onProgress);
  // The upload paths take multipart bodies, which the client's JSON-typed calls do not model.
  const post = client.POST as (path: UploadPath, init: object) => Promise<RawResult>;
  let result: RawResult;
  try {
    result = await post(path, {
      // XMLHttpRequest resolves a relative URL against the page; the prepared Request needs it absolute.
      ...(isBrowser && !client.config.baseUrl && globalThis.location
        ? { baseUrl: globalThis.location.origin }
        : {}),
      body: encoded?.body ?? form,
      bodySerializer: (body: unknown) => body,
      headers: encoded ? { 'Content-Type': encoded.contentType } : {},
      parseAs: 'text',
      signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
      ...(isBrowser ? { fetch: xhrFetch(form, onProgress) } : { duplex: 'half' }),
    });
  } catch (error) {
    if (signal?.aborted) throw clientError('aborted', signal.reason);
    if (timeout?.aborted) throw clientError('timeout', error);
    throw toDigitalAssistantError(error);
  }
  return toResult<UploadData<Path>>(result);
}

/**
 * Uploads one zip of Python files for code review (field `files`, spec timeout 400000 ms).
 * @example const { data } = await uploadCodeReviewZip(client, zip); // data: { fileId, name, status }
 */
export function uploadCodeReviewZip(
  client: DigitalAssistantClient,
  zip: Blob,
  options?: UploadOptions,
): Promise<CallResult<UploadData<'/api/file/code_analysis'>, ErrorBody>> {
  return uploadFiles(client, '/api/file/code_analysis', zip, options);
}

/**
 * Uploads training documents (each in a repeated `files` field); `options.fields.department` names the
 * departments that may read them (default: every department). The answer lists the stored `documents`
 * and the `rejected` files with their reasons where the server sends them.
 * @example const { data } = await uploadTrainingFiles(client, input.files, { fields: { department: ['it'] } });
 */
export function uploadTrainingFiles(
  client: DigitalAssistantClient,
  files: Blob | Iterable<Blob> | ArrayLike<Blob>,
  options?: UploadOptions,
): Promise<CallResult<UploadData<'/api/file/success'>, ErrorBody>> {
  return uploadFiles(client, '/api/file/success', files, options);
}

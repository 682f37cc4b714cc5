/**
 * Multipart uploads with progress. Browsers use XMLHttpRequest (fetch cannot report upload progress);
 * where there is no XMLHttpRequest (Node) the body is encoded once and streamed through fetch, so
 * progress still reflects the bytes handed over.
 */
import type { ClientConfig, DigitalAssistantClient } from './client';
import { type CallResult, clientError, toDigitalAssistantError } from './errors';
import type { paths } from './generated/schema';
import type { ErrorBody } from './types';

/** The spec's timeout for the code-review zip upload: 400000 ms. */
export const ZIP_UPLOAD_TIMEOUT_MS = 400_000;

/** The contract's multipart upload paths. */
export type UploadPath = '/api/file/success' | '/api/file/code_analysis';

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

function sendWithXhr(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  { onProgress, signal, timeoutMs }: UploadOptions,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const fail = (code: 'network_error' | 'timeout' | 'aborted') => {
      signal?.removeEventListener('abort', abort);
      reject(clientError(code, code === 'aborted' ? signal?.reason : undefined));
    };
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (timeoutMs) xhr.timeout = timeoutMs;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(percent(event.loaded, event.total));
      };
    }
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
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
    xhr.onerror = () => fail('network_error');
    xhr.ontimeout = () => fail('timeout');
    xhr.onabort = () => fail('aborted');
    if (signal?.aborted) return fail('aborted');
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(form);
  });
}

async function sendWithFetch(
  config: ClientConfig,
  url: string,
  form: FormData,
  headers: Record<string, string>,
  { onProgress, signal, timeoutMs }: UploadOptions,
): Promise<Response> {
  // Encoding once gives the total size, so progress can be reported as the body is pulled.
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
  const signals = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined];
  try {
    return await config.fetch(
      new Request(url, {
        method: 'POST',
        body,
        headers: { ...headers, 'Content-Type': encoded.headers.get('content-type')! },
        credentials: 'include',
        signal: AbortSignal.any(signals.filter((item) => item !== undefined)),
        duplex: 'half',
      } as RequestInit),
    );
  } catch (error) {
    throw signal?.aborted ? clientError('aborted', signal.reason) : toDigitalAssistantError(error);
  }
}

async function toResult<Data>(response: Response): Promise<CallResult<Data, ErrorBody>> {
  const text = await response.text();
  let body: unknown = text;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
  }
  if (response.ok) return { data: body as Data, response };
  return { error: (body === '' ? {} : body) as ErrorBody, response };
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
  const resolved: UploadOptions = {
    ...options,
    timeoutMs: options.timeoutMs ?? (path === '/api/file/code_analysis' ? ZIP_UPLOAD_TIMEOUT_MS : undefined),
  };
  const { config } = client;
  const url = `${config.baseUrl}${path}`;
  const headers = await config.authHeaders('POST', url);
  const response =
    typeof XMLHttpRequest === 'function'
      ? await sendWithXhr(url, form, headers, resolved)
      : await sendWithFetch(config, url, form, headers, resolved);
  return toResult<UploadData<Path>>(response);
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

/** Binary downloads: a POST whose answer is a file, read as a Blob with its file name. */
import type { DigitalAssistantClient } from './client';
import type { CallResult } from './errors';
import type { paths } from './generated/schema';
import type { ErrorBody } from './types';

/** The contract's POST paths that answer a file. */
export type DownloadPath = '/api/file/download';

/** The JSON body a download path takes. */
export type DownloadBody = paths[DownloadPath]['post']['requestBody']['content']['application/json'];

/** A downloaded file. */
export interface DownloadedFile {
  blob: Blob;
  /** File name from the `Content-Disposition` header, if the server sent one. */
  filename: string | undefined;
}

/** Options of {@link downloadBlob}. */
export interface DownloadOptions {
  /** Aborts the download. */
  signal?: AbortSignal;
}

/**
 * The file name of a `Content-Disposition` header, preferring the RFC 6266 `filename*` form.
 * @example filenameFromContentDisposition('attachment; filename="review.zip"') // 'review.zip'
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^';]*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed percent-encoding: fall back to the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  if (plain?.[1] !== undefined) return plain[1].replace(/\\(.)/g, '$1');
  return plain?.[2]?.trim() || undefined;
}

/**
 * POSTs a JSON body and reads the answer as a Blob, with the file name from `Content-Disposition`
 * (cross-origin servers must expose that header). Errors come back as values.
 * @example
 * const { data, error } = await downloadBlob(client, '/api/file/download', { fileId });
 * if (data) save(data.blob, data.filename ?? 'review.zip');
 */
export async function downloadBlob(
  client: DigitalAssistantClient,
  path: DownloadPath,
  body: DownloadBody,
  options: DownloadOptions = {},
): Promise<CallResult<DownloadedFile, ErrorBody>> {
  const result = await client.POST(path, { body, parseAs: 'blob', signal: options.signal });
  if (result.error !== undefined) return { error: result.error, response: result.response };
  const { response } = result;
  return {
    data: {
      blob: result.data,
      filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
    },
    response,
  };
}

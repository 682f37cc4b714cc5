// Multipart bodies for the upload operations' tests (training uploads, chat attachments, code
// reviews), as a browser's FormData sends them.

/** A file of a multipart body. */
export interface MultipartFile {
  name: string;
  bytes: Uint8Array | string;
  /** Its form field. @default 'files' */
  field?: string;
  /** @default 'application/octet-stream' */
  contentType?: string;
}

/** A multipart body: the text fields, then the files; `payload` and `headers` for `app.inject`. */
export function multipartForm(
  files: readonly MultipartFile[],
  fields: ReadonlyArray<readonly [string, string]> = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----digital-assistant-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

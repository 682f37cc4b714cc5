// The Content-Disposition of a file answered by name (a knowledge document's original, a review's download).

/** `inline; filename="..."; filename*=UTF-8''...` with a name safe in a header. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

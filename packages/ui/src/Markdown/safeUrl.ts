// Answers come from a language model, which can be steered by the documents it reads: any URL in
// them is untrusted. Only web, mail and in-app addresses survive; everything else becomes no link.

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL if it is safe to put in an `href`, else `undefined`: `http:`, `https:` and `mailto:`
 * addresses, and relative ones (`/path`, `#anchor`, `page?x`). `javascript:`, `data:`, `vbscript:`,
 * `file:` and any other scheme are refused, however they are spelled (case, entities already
 * decoded by the markdown parser, control characters or whitespace inside the scheme).
 *
 * @example
 * safeUrl('https://example.com/a') // 'https://example.com/a'
 * safeUrl(' JaVa\tScript:alert(1)') // undefined
 */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  // Browsers drop these characters before reading the scheme, so 'java\nscript:' is 'javascript:'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '');
  if (compact === '') return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) {
    return SAFE_PROTOCOLS.has(`${scheme[1]!.toLowerCase()}:`) ? url.trim() : undefined;
  }
  // Protocol-relative '//host' is a web address; a backslash is read as a slash by browsers.
  if (/^[\\/]{2}/.test(compact)) return `https:${url.trim().replace(/^[\\/]{2}/, '//')}`;
  // A colon before any '/', '?' or '#' that is not a valid scheme ('a b:c') is still refused.
  const firstColon = compact.indexOf(':');
  if (firstColon !== -1) {
    const beforeColon = compact.slice(0, firstColon);
    if (!/[/?#]/.test(beforeColon)) return undefined;
  }
  return url.trim();
}

// History search's answer for one match: the label, or a window of the first matching message around
// the match, with where the match lies in it (offsets in UTF-16 code units, as the client's strings count).

/** About this many characters of a message around its match. */
export const SNIPPET_LENGTH = 120;

export interface Snippet {
  text: string;
  highlights: Array<{ start: number; length: number }>;
}

/** Every place `query` occurs in `text`, ignoring case; none when lower-casing changes the text's length. */
function occurrences(text: string, query: string): Array<{ start: number; length: number }> {
  const haystack = text.toLowerCase();
  const needle = query.toLowerCase();
  if (haystack.length !== text.length || needle.length === 0) return [];
  const found: Array<{ start: number; length: number }> = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    found.push({ start: at, length: needle.length });
  }
  return found;
}

/** The label with every match marked. */
export function titleSnippet(title: string, query: string): Snippet {
  return { text: title, highlights: occurrences(title, query) };
}

/**
 * About SNIPPET_LENGTH characters of `message` around its first match (whitespace runs made one
 * space, an ellipsis where it is cut), with the matches inside it marked.
 */
export function messageSnippet(message: string, query: string): Snippet {
  const flat = message.replace(/\s+/g, ' ').trim();
  const first = occurrences(flat, query)[0];
  if (!first) return { text: cut(flat, 0), highlights: [] };
  const before = Math.max(0, Math.floor((SNIPPET_LENGTH - first.length) / 3));
  let start = Math.max(0, first.start - before);
  // Not in the middle of a word when a space is near.
  if (start > 0) {
    const space = flat.lastIndexOf(' ', first.start - 1);
    if (space >= start - 15 && space < first.start) start = space + 1;
  }
  const text = cut(flat, start);
  const offset = start > 0 ? 1 - start : -start;
  const highlights = occurrences(flat, query)
    .map((match) => ({ start: match.start + offset, length: match.length }))
    .filter(
      (match) => match.start >= 0 && match.start + match.length <= text.length - (text.endsWith('…') ? 1 : 0),
    );
  return { text, highlights };
}

function cut(text: string, start: number): string {
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

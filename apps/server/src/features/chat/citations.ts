// Citation markers in knowledge answers: `[1]` names the entry "1" of the answer's `sources`. The
// model's text passes through `CitationFilter` as it streams: a marker naming a retrieved source is
// kept (`[1, 3]` becomes `[1][3]`), one naming none is removed with the space before it, so no
// client ever shows a citation that leads nowhere. A marker split across pieces of the stream is
// held back until it is complete; so is trailing whitespace (it may precede a removed marker).
// The pieces put together are exactly what the whole text gives at once.

/** Longest text a marker may be: `[` digits, commas and spaces `]`. */
const MAX_MARKER = 24;
const MARKER = /^\[\s*(\d{1,4}(?:\s*,\s*\d{1,4})*)\s*\]/;
const PARTIAL_MARKER = /^\[[\d\s,]*$/;

export class CitationFilter {
  private pending = '';
  /** Whitespace held back: dropped when a removed marker follows it. */
  private space = '';
  private readonly cited = new Set<string>();

  constructor(private readonly valid: ReadonlySet<string>) {}

  /** The numbers of the sources the text cited so far, in order of first citation. */
  citedKeys(): string[] {
    return [...this.cited];
  }

  /** Text that can be shown now. */
  push(text: string): string {
    const input = this.pending + text;
    this.pending = '';
    let output = '';
    let index = 0;
    while (index < input.length) {
      const char = input[index]!;
      if (char === '[') {
        const rest = input.slice(index);
        const match = MARKER.exec(rest);
        if (match) {
          const kept = match[1]!
            .split(',')
            .map((number) => String(Number(number.trim())))
            .filter((key) => this.valid.has(key));
          if (kept.length > 0) {
            for (const key of kept) this.cited.add(key);
            output += this.space + kept.map((key) => `[${key}]`).join('');
          }
          // A removed marker takes the space before it along.
          this.space = '';
          index += match[0].length;
          continue;
        }
        if (rest.length < MAX_MARKER && PARTIAL_MARKER.test(rest)) {
          this.pending = rest;
          return output;
        }
      }
      if (char === ' ' || char === '\t') {
        this.space += char;
      } else {
        output += this.space + char;
        this.space = '';
      }
      index++;
    }
    return output;
  }

  /** Whatever was held back, at the end of the text. */
  end(): string {
    const rest = this.space + this.pending;
    this.space = '';
    this.pending = '';
    return rest;
  }
}

/** The whole text with its markers checked at once. */
export function filterCitations(text: string, valid: ReadonlySet<string>): string {
  const filter = new CitationFilter(valid);
  return filter.push(text) + filter.end();
}

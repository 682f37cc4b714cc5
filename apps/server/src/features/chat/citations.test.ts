// Citation markers as a client receives them: only markers naming a retrieved source survive,
// however the model's stream happens to be cut into pieces.
import { describe, expect, it } from 'vitest';
import { CitationFilter, filterCitations } from './citations.js';

const valid = new Set(['1', '2', '3']);

/** The text streamed through the filter in pieces of `size` characters. */
function streamed(text: string, size: number): string {
  const filter = new CitationFilter(valid);
  let shown = '';
  for (let index = 0; index < text.length; index += size)
    shown += filter.push(text.slice(index, index + size));
  return shown + filter.end();
}

describe('citation markers', () => {
  it('keeps markers of retrieved sources and removes the others with the space before them', () => {
    expect(filterCitations('VPN first [1]. Then MFA [2][9]. Nothing here [42].', valid)).toBe(
      'VPN first [1]. Then MFA [2]. Nothing here.',
    );
    expect(filterCitations('Both [1, 3] and half [2, 7] and none [8, 9].', valid)).toBe(
      'Both [1][3] and half [2] and none.',
    );
    expect(filterCitations('Leading zeros [01] count as [1].', valid)).toBe(
      'Leading zeros [1] count as [1].',
    );
  });

  it('leaves brackets that are not markers alone', () => {
    const text = 'A [link](https://example.com), an array [a, b], a [ ] and a lone [ at the end [';
    expect(filterCitations(text, valid)).toBe(text);
  });

  it('gives the same text whatever the pieces, and never shows a marker that names no source', () => {
    const text = 'Install GlobalProtect [1].  Sign in with SSO [2, 99]. Call the desk [77]\n- item [3][4]';
    const whole = filterCitations(text, valid);
    expect(whole).toBe('Install GlobalProtect [1].  Sign in with SSO [2]. Call the desk\n- item [3]');
    for (const size of [1, 2, 3, 5, 7, 13]) expect(streamed(text, size)).toBe(whole);
    const filter = new CitationFilter(valid);
    const pieces = ['Call [', '7', '7] now [', '1', ']'].map((piece) => filter.push(piece));
    expect(pieces.join('')).not.toContain('7');
    expect(filter.citedKeys()).toEqual(['1']);
  });
});

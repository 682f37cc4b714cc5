import { describe, expect, it } from 'vitest';
import { safeUrl } from './safeUrl';

describe('safeUrl', () => {
  it('keeps web, mail and relative addresses', () => {
    for (const url of [
      'https://example.com/a?b=c#d',
      'http://intranet/x',
      'mailto:it@example.com',
      '/docs/guide.pdf',
      '#section',
      'guide.pdf?page=2',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('refuses script and data schemes however they are written', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'java\tscript:alert(1)',
      'java\u0000script:alert(1)',
      '\u200bjavascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'blob:https://example.com/x',
      'a b:c',
    ]) {
      expect(safeUrl(url), url).toBeUndefined();
    }
  });

  it('reads protocol-relative addresses as https', () => {
    expect(safeUrl('//example.com/a')).toBe('https://example.com/a');
    expect(safeUrl('\\\\example.com/a')).toBe('https://example.com/a');
  });

  it('has nothing for an empty address', () => {
    expect(safeUrl('')).toBeUndefined();
    expect(safeUrl('   ')).toBeUndefined();
    expect(safeUrl(undefined)).toBeUndefined();
  });
});

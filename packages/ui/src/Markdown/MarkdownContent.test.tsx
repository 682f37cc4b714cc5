import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './MarkdownContent';

// A long answer in one paragraph, with the inline syntax real answers have, an emphasis across
// many words, and a heading and a list after it.
const words = Array.from({ length: 900 }, (_, index) => {
  const word = `word${index + 1}`;
  if (index % 97 === 5) return `**${word}**`;
  if (index % 89 === 7) return `\`${word}\``;
  if (index % 83 === 9) return `[${word}](https://example.com/${word})`;
  if (index % 79 === 11) return `snake_${word}`;
  if (index === 400) return `*${word}`;
  if (index === 450) return `${word}*`;
  return word;
});
const answer = `Intro line.\n\n${words.join(' ')}\n\n## Next\n\n- one\n- two [link][ref]\n\n[ref]: https://example.com/ref`;

describe('MarkdownContent', () => {
  it('draws a long answer streamed in small pieces exactly as the whole answer drawn at once', () => {
    const whole = render(<MarkdownContent>{answer}</MarkdownContent>);
    const expected = whole.container.innerHTML;
    const wholeNodes = whole.container.querySelectorAll('p')[1]?.childNodes.length ?? 0;
    whole.unmount();

    const streamed = render(<MarkdownContent>{''}</MarkdownContent>);
    for (let end = 40; end < answer.length + 40; end += 40) {
      streamed.rerender(<MarkdownContent>{answer.slice(0, end)}</MarkdownContent>);
    }
    expect(streamed.container.innerHTML).toBe(expected);
    // It was drawn in pieces (more text nodes than drawn at once), each parsed once.
    expect(streamed.container.querySelectorAll('p')[1]?.childNodes.length).toBeGreaterThan(wholeNodes);
    expect(streamed.container.querySelectorAll('p')).toHaveLength(2);
    expect(streamed.container.querySelector('em')?.textContent).toMatch(/^word401 .* word451$/);
  });
});

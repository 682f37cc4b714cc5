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
    // A few hundred renders in jsdom: seconds on a busy machine.
  }, 30_000);

  it('while streaming, draws the paragraph being written as settled pieces laid out each on its own, and once complete as one paragraph drawn at once', () => {
    const paragraph = words.join(' ');
    const whole = render(<MarkdownContent>{paragraph}</MarkdownContent>);
    const expected = whole.container.innerHTML;
    const wordsOf = (text: string | null | undefined) => text?.split(/\s+/).filter(Boolean);
    const wholeWords = wordsOf(whole.container.textContent);
    whole.unmount();

    const streamed = render(<MarkdownContent isStreaming>{''}</MarkdownContent>);
    for (let end = 40; end < paragraph.length; end += 40) {
      streamed.rerender(<MarkdownContent isStreaming>{paragraph.slice(0, end)}</MarkdownContent>);
    }
    streamed.rerender(<MarkdownContent isStreaming>{paragraph}</MarkdownContent>);
    const pieces = streamed.container.querySelectorAll('p > .da-markdown-piece');
    expect(pieces.length).toBeGreaterThan(3);
    // The pieces hold the whole paragraph's words, in order, nothing else is in it, and its text (what
    // a screen reader reads and a copy takes) keeps the words apart where one piece ends.
    expect(wordsOf([...pieces].map((piece) => piece.textContent).join(''))).toEqual(wholeWords);
    expect(wordsOf(streamed.container.querySelector('p')?.textContent)).toEqual(wholeWords);

    // Complete: the same HTML as the paragraph drawn at once.
    streamed.rerender(<MarkdownContent>{paragraph}</MarkdownContent>);
    expect(streamed.container.querySelector('.da-markdown-piece')).toBeNull();
    expect(streamed.container.innerHTML).toBe(expected);
  });

  it('draws a short paragraph being streamed as a paragraph, without pieces', () => {
    const view = render(<MarkdownContent isStreaming>{'A short answer, still **coming**'}</MarkdownContent>);
    expect(view.container.querySelector('.da-markdown-piece')).toBeNull();
    expect(view.container.querySelector('p')).toHaveTextContent('A short answer, still coming');
  });
});

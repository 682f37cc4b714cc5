import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { LazyMarkdownContent } from './LazyMarkdownContent';

const answer =
  '**Reset** your password:\n\n1. Open [the portal](https://example.com/portal)\n2. Press *Reset*';

// The tests run in order: the first one sees the renderer arrive (this file's modules start without
// it), the later ones find it there.
describe('LazyMarkdownContent', () => {
  it('shows the text as written, wrapped, until the markdown renderer arrives, then the formatted text in its place', async () => {
    const { container, rerender } = render(
      <LazyMarkdownContent isStreaming>{'**Reset** your'}</LazyMarkdownContent>,
    );
    // Nothing is hidden while the renderer loads: the words are there, as written, and readable.
    const plain = container.querySelector('.da-markdown-plain');
    expect(plain).toHaveTextContent('**Reset** your');
    // Text that arrives meanwhile (a streaming answer) is shown too, its line breaks kept.
    rerender(<LazyMarkdownContent isStreaming>{answer}</LazyMarkdownContent>);
    expect(container.querySelector('.da-markdown-plain')?.textContent).toBe(answer);
    expect(await accessibilityViolations(container)).toEqual([]);

    // The renderer arrives: the same text, formatted, in the same place.
    // (Its first import in a test run is transformed on the spot: seconds on a busy machine.)
    const link = await screen.findByRole('link', { name: /the portal/ }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', 'https://example.com/portal');
    expect(screen.getByText('Reset', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelector('.da-markdown-plain')).toBeNull();
    expect(container.querySelectorAll('.da-markdown')).toHaveLength(1);
  }, 30_000);

  it('once the renderer has arrived, draws markdown from the first render', () => {
    render(<LazyMarkdownContent>{answer}</LazyMarkdownContent>);
    expect(screen.getByRole('link', { name: /the portal/ })).toBeInTheDocument();
    expect(document.querySelector('.da-markdown-plain')).toBeNull();
  });

  it('draws a streaming paragraph in settled pieces, as MarkdownContent does', () => {
    const paragraph = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
    const { container } = render(<LazyMarkdownContent isStreaming>{paragraph}</LazyMarkdownContent>);
    expect(container.querySelectorAll('.da-markdown-piece').length).toBeGreaterThan(1);
  });
});

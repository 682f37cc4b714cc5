import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadMarkdown } from '../Markdown/LazyMarkdownContent';
import { accessibilityViolations } from '../test/axe';
import { citedAnswer, hostileAnswer, itSources, richAnswer, userQuestion } from '../test/chat-fixtures';
import { MessageBubble } from './MessageBubble';

describe('MessageBubble', () => {
  // These are about how a message is drawn: the markdown renderer has arrived (LazyMarkdownContent's
  // own tests show the text until it does).
  beforeAll(() => preloadMarkdown(), 30_000);

  it('shows the bot icon and a spinner of diameter 35 while the answer is pending', () => {
    const { container } = render(<MessageBubble sender="bot" text="" status="pending" />);
    const spinner = screen.getByRole('progressbar', { name: 'Waiting for the answer' });
    const svg = spinner.querySelector('svg');
    expect(svg).toHaveAttribute('width', '35');
    expect(svg).toHaveAttribute('height', '35');
    expect(container.querySelector('.da-message-avatar svg')).not.toBeNull();
    expect(screen.getByRole('article', { name: 'Assistant' })).toHaveAttribute('aria-busy', 'true');
  });

  it("renders the user's message as markdown, without the bot icon", () => {
    const { container } = render(<MessageBubble sender="user" text={userQuestion} />);
    expect(screen.getByText('VPN').tagName).toBe('STRONG');
    expect(container.querySelector('.da-message-avatar')).toBeNull();
  });

  it('keeps the line breaks a person typed (Shift+Enter), but not inside a code fence', () => {
    const { container } = render(
      <MessageBubble
        sender="user"
        text={'First line\nsecond line\n\n```\nconst a = 1;\nconst b = 2;\n```'}
      />,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('First line<br>\nsecond line');
    expect(container.querySelector('code')?.textContent).toBe('const a = 1;\nconst b = 2;');
  });

  it('renders headings, lists, tables, quotes and task lists of an answer', () => {
    render(<MessageBubble sender="bot" text={richAnswer} />);
    expect(screen.getByRole('heading', { name: 'Rotating a database password' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('devops_preprod');
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByText(/Never paste passwords/).closest('blockquote')).not.toBeNull();
  });

  it('opens links in a new tab with noopener noreferrer', () => {
    render(<MessageBubble sender="bot" text={richAnswer} />);
    const link = screen.getByRole('link', { name: /runbook/ });
    expect(link).toHaveAttribute('href', 'https://wiki.example.com/runbooks/db');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName(/^runbook ?\(opens in a new tab\)$/);
  });

  it('shows Copied for three seconds after copying a code block', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<MessageBubble sender="bot" text={richAnswer} />);
      await user.click(screen.getByRole('button', { name: 'Copy bash code' }));
      expect(await navigator.clipboard.readText()).toBe(
        'kubectl create secret generic db-password \\\n  --from-literal=password="$NEW_PASSWORD" --dry-run=client -o yaml | kubectl apply -f -',
      );
      const button = screen.getByRole('button', { name: 'Copied' });
      expect(button).toHaveTextContent('Copied');
      act(() => vi.advanceTimersByTime(2900));
      expect(button).toHaveTextContent('Copied');
      act(() => vi.advanceTimersByTime(200));
      expect(button).toHaveTextContent('Copy');
      expect(button).toHaveAccessibleName('Copy bash code');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows an error in red as an alert', () => {
    render(<MessageBubble sender="bot" text="" status="error" error={{ text: 'Error fetching response' }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error fetching response');
    expect(alert).toHaveClass('da-message-error');
  });

  it("shows the server's reason under the error, after what had arrived", () => {
    render(
      <MessageBubble
        sender="bot"
        text="The first words"
        status="error"
        error={{
          text: 'Error fetching response',
          detail: 'No language model is configured: set LLM_BASE_URL.',
        }}
      />,
    );
    expect(screen.getByText('The first words')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error fetching responseNo language model is configured: set LLM_BASE_URL.',
    );
  });

  it("says 'Error fetching response' for an error without a message", () => {
    render(<MessageBubble sender="bot" text="" status="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error fetching response');
  });

  it('keeps what was said when stopped and says it was stopped', () => {
    render(<MessageBubble sender="bot" text="Partial answer" status="stopped" />);
    expect(screen.getByText('Partial answer')).toBeInTheDocument();
    expect(screen.getByText('Stopped')).toBeInTheDocument();
  });

  it('shows a block that fails to render as the text it was written as', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const components = {
        table: () => {
          throw new Error('broken table renderer');
        },
      };
      const { container } = render(
        <MessageBubble
          sender="bot"
          text={'Intro\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nOutro'}
          components={components}
        />,
      );
      expect(screen.getByText('Intro').tagName).toBe('P');
      expect(screen.getByText('Outro').tagName).toBe('P');
      const fallback = container.querySelector('.da-markdown-fallback');
      expect(fallback).toHaveTextContent('| a | b |');
    } finally {
      spy.mockRestore();
    }
  });

  describe('with a hostile answer', () => {
    it('renders no script, no event handler, no image and no unsafe link', () => {
      const { container } = render(<MessageBubble sender="bot" text={hostileAnswer} />);
      expect(container.querySelector('script, img, iframe, [onerror], [onmouseover]')).toBeNull();
      for (const link of container.querySelectorAll('a')) {
        expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      }
      // Raw HTML is shown as the text it is, never rendered; an HTML block as a paragraph of its own.
      expect(container).toHaveTextContent('<script>window.__pwned = true</script>');
      expect(screen.getByText('<div onmouseover="window.__pwned = true">hover me</div>').tagName).toBe('P');
      // The unsafe links keep their words but go nowhere.
      expect(screen.getByText('this harmless link').closest('a')).toBeNull();
      expect(screen.getByText('this one').closest('a')).toBeNull();
      // The image is not fetched; it is offered as a link.
      expect(screen.getByRole('link', { name: /Image: tracking pixel/ })).toHaveAttribute(
        'href',
        'https://attacker.example/collect?secret=123',
      );
      expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    });
  });

  describe('with sources', () => {
    it('draws citation markers naming a source as chips and hides the others', () => {
      const { container } = render(<MessageBubble sender="bot" text={citedAnswer} sources={itSources} />);
      const chips = container.querySelectorAll('.da-citation-chip');
      expect([...chips].map((chip) => chip.textContent)).toEqual(['1', '1', '2', '3']);
      expect(container).not.toHaveTextContent('[7]');
      expect(container).not.toHaveTextContent('[1]');
      expect(
        screen.getByRole('link', { name: /Source 2: vpn-troubleshooting\.pdf, Page 3/ }),
      ).toHaveAttribute('href', 'https://docs.example.com/it/vpn-troubleshooting.pdf');
    });

    it('previews the passage when a chip is focused', async () => {
      const user = userEvent.setup();
      render(<MessageBubble sender="bot" text={citedAnswer} sources={itSources} />);
      await user.tab();
      expect(screen.getAllByRole('link', { name: /Source 1/ })[0]).toHaveFocus();
      const tooltip = await screen.findByRole('tooltip');
      expect(tooltip).toHaveTextContent('it-onboarding-vpn-guide.md');
      expect(tooltip).toHaveTextContent('IT onboarding › VPN');
      expect(tooltip).toHaveTextContent('open the GlobalProtect client');
    });

    it('leaves markers as text in an answer without sources', () => {
      render(<MessageBubble sender="bot" text="Array index [0] and [1]." />);
      expect(screen.getByText('Array index [0] and [1].')).toBeInTheDocument();
    });
  });

  it('re-renders only the block that changed while an answer streams', () => {
    const { container, rerender } = render(
      <MessageBubble
        sender="bot"
        text={'First paragraph.\n\nSecond paragraph.\n\nThird'}
        status="streaming"
      />,
    );
    const first = within(container).getByText('First paragraph.');
    rerender(
      <MessageBubble
        sender="bot"
        text={'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.'}
        status="streaming"
      />,
    );
    expect(within(container).getByText('First paragraph.')).toBe(first);
    expect(within(container).getByText('Third paragraph.')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <MessageBubble sender="user" text={userQuestion} />
        <MessageBubble sender="bot" text={richAnswer} />
        <MessageBubble sender="bot" text={citedAnswer} sources={itSources} />
        <MessageBubble sender="bot" text="" status="pending" />
        <MessageBubble sender="bot" text="" status="error" error={{ text: 'Error fetching response' }} />
      </main>,
    );
    await waitFor(async () => expect(await accessibilityViolations()).toEqual([]));
  });
});

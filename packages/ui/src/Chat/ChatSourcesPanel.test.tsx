import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { ChatScreen } from './ChatScreen';
import { ChatSourcesPanel } from './ChatSourcesPanel';
import { referenceLabel } from './citationPreview';

const sources = {
  '1': {
    context: 'Open the GlobalProtect client.',
    references: ['/api/knowledge/documents/passage?id=d1&g=1&chunk=3#passage'],
    document: 'it-onboarding-vpn-guide.md',
    location: 'Installing the VPN client',
    link: '/api/knowledge/documents/passage?id=d1&g=1&chunk=3#passage',
  },
  '2': {
    context: 'Revenue grew.',
    references: ['/api/knowledge/documents/file?id=d2#page=3'],
    document: 'quarterly-report.pdf',
    link: '/api/knowledge/documents/file?id=d2#page=3',
  },
};

/** The window as a phone or an 800px window (the aside below the conversation), or wider. */
function windowIsNarrow(isNarrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isNarrow && query.includes('max-width: 1100px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function AdminChat() {
  return (
    <main>
      <ChatScreen.Root selection="knowledge">
        <ChatScreen.Pane pane="knowledge" aria-label="Admin chat">
          <ChatScreen.Messages emptyState="Ask">{[]}</ChatScreen.Messages>
        </ChatScreen.Pane>
        <ChatScreen.Aside toggleLabel="Sources" count={2}>
          <ChatSourcesPanel sources={sources} />
        </ChatScreen.Aside>
      </ChatScreen.Root>
    </main>
  );
}

describe('the admin chat Sources panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names references by their document, never by the server address', () => {
    render(<ChatSourcesPanel sources={sources} />);
    const panel = screen.getByRole('complementary', { name: 'Sources' });
    expect(
      within(panel).getByRole('link', { name: /it-onboarding-vpn-guide\.md, at the cited passage/ }),
    ).toHaveAttribute('href', sources['1'].link);
    expect(within(panel).getByRole('link', { name: /quarterly-report\.pdf, page 3/ })).toHaveAttribute(
      'href',
      sources['2'].link,
    );
    expect(panel).not.toHaveTextContent('/api/');
  });

  it('reads other addresses as their file name and host, and names as they are', () => {
    expect(referenceLabel('https://docs.example.com/it/vpn.pdf', 'x')).toBe('vpn.pdf (docs.example.com)');
    expect(referenceLabel('/api/knowledge/documents/file?id=7', 'guide.docx')).toBe('guide.docx');
    expect(referenceLabel('IT service desk.pptx', 'x')).toBe('IT service desk.pptx');
  });

  it('is beside the conversation in a wide window, with no button', () => {
    windowIsNarrow(false);
    render(<AdminChat />);
    expect(screen.queryByRole('button', { name: /Sources/ })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Sources' })).toBeVisible();
  });

  it('in a narrow window, is shown and hidden by a Sources button saying how many there are', async () => {
    windowIsNarrow(true);
    const user = userEvent.setup();
    render(<AdminChat />);
    const toggle = screen.getByRole('button', { name: /^Sources,\s?2/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('complementary', { name: 'Sources' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('complementary', { name: 'Sources' });
    expect(panel).toBeVisible();
    // The keyboard is in the panel at once; Escape hides it and goes back to the button.
    expect(panel.parentElement).toHaveFocus();
    await user.tab();
    expect(within(panel).getAllByRole('link')[0]).toHaveFocus();
    expect(await accessibilityViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Sources' })).toBeNull();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

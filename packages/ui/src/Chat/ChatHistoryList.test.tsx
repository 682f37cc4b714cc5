import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { historyWithCurrent, itSources, sampleHistory } from '../test/chat-fixtures';
import { ChatHistoryList } from './ChatHistoryList';
import { ChatSourcesPanel } from './ChatSourcesPanel';

/** The History of a page whose deletions take a moment to come back from the server. */
function History() {
  const [items, setItems] = useState(sampleHistory);
  return (
    <ChatHistoryList
      items={items}
      onSelect={() => {}}
      onDelete={(id) =>
        setTimeout(() => setItems((all) => all.filter((item) => item.conversationId !== id)), 20)
      }
      onNewTopic={() => {}}
    />
  );
}

/** The list with a search the test drives: one match for any query. */
function Searching({ onSelect }: { onSelect: (conversationId: string) => void }) {
  const [query, setQuery] = useState('');
  const results =
    query.trim() === ''
      ? []
      : [
          {
            conversationId: 'c-9',
            chipSummary: 'Laptop',
            field: 'message' as const,
            snippet: 'The VPN drops at night',
            highlights: [{ start: 4, length: 3 }],
          },
        ];
  return (
    <ChatHistoryList
      items={sampleHistory}
      onSelect={onSelect}
      onDelete={() => {}}
      search={{ query, status: query ? 'loaded' : 'idle', results, isSupported: true }}
      onSearch={setQuery}
    />
  );
}

describe('ChatHistoryList', () => {
  const rows = () => within(screen.getByRole('grid', { name: 'History' })).getAllByRole('row');

  it('lists conversations by summary label and highlights the current one', () => {
    render(<ChatHistoryList items={historyWithCurrent('c-2')} onSelect={() => {}} onDelete={() => {}} />);
    expect(screen.getByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(rows().map((row) => row.textContent)).toEqual(sampleHistory.map((item) => item.chipSummary));
    expect(screen.getByRole('row', { name: 'Rotating database passwords in pre-prod' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('highlights nothing when no conversation is current (as in knowledge mode)', () => {
    render(<ChatHistoryList items={historyWithCurrent(null)} onSelect={() => {}} onDelete={() => {}} />);
    expect(document.querySelector('[aria-current]')).toBeNull();
  });

  it('opens a conversation', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<ChatHistoryList items={sampleHistory} onSelect={onSelect} onDelete={() => {}} />);
    await user.click(screen.getByRole('row', { name: 'VPN setup from home' }));
    expect(onSelect).toHaveBeenCalledWith('c-1');
  });

  it('deletes a conversation only after confirming', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<ChatHistoryList items={sampleHistory} onSelect={() => {}} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete chat: VPN setup from home' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this chat?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete chat: Quarterly report formulas in Excel' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onDelete).toHaveBeenCalledWith('c-3');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('is one Tab stop: arrows move between conversations, Enter opens, Arrow Right reaches Delete, the Delete key asks', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const onDelete = vi.fn();
    render(
      <>
        <ChatHistoryList
          items={sampleHistory}
          onSelect={onSelect}
          onDelete={onDelete}
          onNewTopic={() => {}}
        />
        <textarea aria-label="Message" />
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'New Topic' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('row', { name: 'VPN setup from home' })).toHaveFocus();
    // Past every conversation in one step.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('row', { name: 'VPN setup from home' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('row', { name: 'Rotating database passwords in pre-prod' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('c-2');
    await user.keyboard('{ArrowRight}');
    expect(
      screen.getByRole('button', { name: 'Delete chat: Rotating database passwords in pre-prod' }),
    ).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowDown}{Delete}');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onDelete).toHaveBeenCalledWith('c-3');
  });

  it('puts the focus on the next conversation once the deleted one has left (never on the page)', async () => {
    const user = userEvent.setup();
    render(<History />);
    await user.click(screen.getByRole('button', { name: 'Delete chat: Quarterly report formulas in Excel' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Quarterly/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole('row', { name: /A very long conversation/ })).toHaveFocus());

    // The last one left: New Topic.
    for (const label of [/A very long/, /VPN setup/, /Rotating/]) {
      await user.click(screen.getByRole('button', { name: new RegExp(`Delete chat: ${label.source}`) }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('row', { name: label })).toBeNull());
    }
    await waitFor(() => expect(screen.getByRole('button', { name: 'New Topic' })).toHaveFocus());
  });

  it('starts a new topic', async () => {
    const user = userEvent.setup();
    const onNewTopic = vi.fn();
    render(<ChatHistoryList items={[]} onSelect={() => {}} onDelete={() => {}} onNewTopic={onNewTopic} />);
    expect(screen.getByText('No conversations yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Topic' }));
    expect(onNewTopic).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(
      <nav aria-label="Menu">
        <ChatHistoryList items={historyWithCurrent('c-1')} onSelect={() => {}} onDelete={() => {}} />
      </nav>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('ChatSourcesPanel', () => {
  it("lists each source's id, context and reference links", () => {
    render(<ChatSourcesPanel sources={itSources} />);
    const panel = screen.getByRole('complementary', { name: 'Sources' });
    const items = within(panel)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('da-source'));
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Source 1');
    expect(items[0]).toHaveTextContent('open the GlobalProtect client');
    expect(within(items[1]!).getByRole('link', { name: /vpn-troubleshooting\.pdf/ })).toHaveAttribute(
      'href',
      'https://docs.example.com/it/vpn-troubleshooting.pdf',
    );
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer');
    // A reference that is a name, not an address, is text.
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    expect(items[2]).toHaveTextContent('IT service desk.pptx');
  });

  it('never links a javascript: reference', () => {
    render(
      <ChatSourcesPanel sources={{ '1': { context: 'x', references: ['javascript:alert(1)', '//evil'] } }} />,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://evil');
  });

  it('says when there is nothing to list', () => {
    const { rerender } = render(<ChatSourcesPanel />);
    expect(screen.getByText('The sources of the next answer are listed here.')).toBeInTheDocument();
    rerender(<ChatSourcesPanel sources={{}} />);
    expect(screen.getByText('This answer has no sources.')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <ChatSourcesPanel sources={itSources} />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('ChatHistoryList: date groups, search and rename', () => {
  it('heads the list with its date groups', () => {
    const today = { conversationId: 't', chipSummary: 'Printer jam', createdAt: '2026-11-27T08:00:00Z' };
    const older = { conversationId: 'o', chipSummary: 'Holiday request', createdAt: '2026-01-01T08:00:00Z' };
    render(
      <ChatHistoryList
        items={[today, older]}
        groups={[
          { key: 'today', label: 'Today', items: [today] },
          { key: 'older', label: 'Older', items: [older] },
        ]}
        onSelect={() => {}}
        onDelete={() => {}}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'History' });
    const headings = within(grid)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['Today', 'Older']);
    expect(within(grid).getByText('Printer jam')).toBeInTheDocument();
    expect(within(grid).getByText('Holiday request')).toBeInTheDocument();
  });

  it('searches as one types and shows the matches with the match marked, opening one on Enter', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { container } = render(<Searching onSelect={onSelect} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'vpn');
    const results = screen.getByRole('grid', { name: 'Search results' });
    expect(within(results).getByText('VPN').tagName).toBe('MARK');
    expect(within(results).getByRole('row')).toHaveTextContent('LaptopThe VPN drops at night');
    await user.keyboard('{Tab}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('c-9');
    expect(await accessibilityViolations(container)).toEqual([]);
  });

  it('renames a conversation from the keyboard through a dialog', async () => {
    const user = userEvent.setup();
    const onRename = vi.fn();
    render(
      <ChatHistoryList items={sampleHistory} onSelect={() => {}} onDelete={() => {}} onRename={onRename} />,
    );
    const first = sampleHistory[0]!;
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(`Rename chat: ${first.chipSummary}`);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Rename chat' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue(first.chipSummary);
    await user.clear(name);
    await user.type(name, 'Jammed printer{Enter}');
    expect(onRename).toHaveBeenCalledWith(first.conversationId, 'Jammed printer');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

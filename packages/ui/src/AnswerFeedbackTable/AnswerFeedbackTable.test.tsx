import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { AnswerFeedbackTable } from './AnswerFeedbackTable';

const items = [
  {
    id: '2',
    vote: 'down' as const,
    comment: 'Out of date',
    chat: 'knowledge' as const,
    department: 'it' as const,
    user: 'ana@example.com',
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
    conversation_id: 'c-2',
    question: 'Where is the VPN guide?',
    answer: 'On the **intranet** [1].',
    sources: {
      '1': {
        context: 'The VPN guide is on the intranet.',
        references: ['VPN guide.pdf'],
        document: 'VPN guide.pdf',
      },
    },
  },
  {
    id: '1',
    vote: 'up' as const,
    comment: null,
    chat: 'ai' as const,
    department: null,
    user: 'staff@example.com',
    created_at: '2026-11-26T10:00:00Z',
    updated_at: '2026-11-26T10:00:00Z',
    conversation_id: null,
    question: null,
    answer: null,
  },
];

const props = {
  items,
  total: 52,
  offset: 0,
  pageSize: 2,
  onOffsetChange: () => {},
  voteFilter: null,
  onVoteFilterChange: () => {},
  formatTime: (iso: string) => iso.slice(0, 10),
};

describe('AnswerFeedbackTable', () => {
  it('shows who voted how, the comment, and the question and answer or that the conversation was deleted', async () => {
    const { container } = render(<AnswerFeedbackTable {...props} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(
      '2026-11-27ana@example.comThumbs downKnowledge: ITOut of dateWhere is the VPN guide?',
    );
    expect(rows[1]).toHaveTextContent('staff@example.comThumbs upAI chat—Conversation deleted');
    expect(screen.getByText('1–2 of 52')).toBeInTheDocument();
    expect(await accessibilityViolations(container)).toEqual([]);
  });

  it('asks for the vote filter, the next page and the export', async () => {
    const user = userEvent.setup();
    const onVoteFilterChange = vi.fn();
    const onOffsetChange = vi.fn();
    const onExport = vi.fn();
    render(
      <AnswerFeedbackTable
        {...props}
        onVoteFilterChange={onVoteFilterChange}
        onOffsetChange={onOffsetChange}
        onExport={onExport}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Thumbs down' }));
    expect(onVoteFilterChange).toHaveBeenCalledWith('down');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onOffsetChange).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledOnce();
  });

  it("opens a vote's question, answer and sources in a dialog, and gives the focus back", async () => {
    const user = userEvent.setup();
    render(<AnswerFeedbackTable {...props} />);
    const open = screen.getByRole('button', {
      name: 'Open the question and answer ana@example.com voted on',
    });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Thumbs down from ana@example.com' });
    expect(dialog).toHaveTextContent('Knowledge: IT');
    expect(dialog).toHaveTextContent('Out of date');
    expect(dialog).toHaveTextContent('Where is the VPN guide?');
    // The answer's markdown is drawn once the renderer has arrived (its first import in a test run
    // is transformed on the spot: seconds on a busy machine).
    expect(await within(dialog).findByText('intranet', {}, { timeout: 20_000 })).toBeVisible();
    const sources = within(dialog).getByRole('complementary', { name: 'Sources' });
    expect(sources).toHaveTextContent('The VPN guide is on the intranet.');
    expect(await accessibilityViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  }, 30_000);

  it('asks for the chat, department and date filters', async () => {
    const user = userEvent.setup();
    const onFiltersChange = vi.fn();
    render(
      <AnswerFeedbackTable {...props} filters={{ chat: 'knowledge' }} onFiltersChange={onFiltersChange} />,
    );
    await user.click(screen.getByRole('button', { name: /Department/ }));
    await user.click(screen.getByRole('option', { name: 'IT' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ chat: 'knowledge', department: 'it' });
    await user.click(screen.getByRole('button', { name: /Chat/ }));
    await user.click(screen.getByRole('option', { name: 'All chats' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({});
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ chat: 'knowledge', fromDate: '2026-11-01' });
  });
});

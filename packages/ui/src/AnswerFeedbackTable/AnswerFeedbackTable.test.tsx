import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { AnswerFeedbackTable } from './AnswerFeedbackTable';

const items = [
  {
    id: '2',
    vote: 'down' as const,
    comment: 'Out of date',
    chat: 'ai' as const,
    department: null,
    user: 'ana@example.com',
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
    conversation_id: 'c-2',
    question: 'Where is the VPN guide?',
    answer: 'On the intranet.',
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
      '2026-11-27ana@example.comThumbs downOut of dateWhere is the VPN guide?',
    );
    expect(rows[1]).toHaveTextContent('staff@example.comThumbs up—Conversation deleted');
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
});

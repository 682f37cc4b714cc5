import type { AnswerFeedbackItem, FeedbackVote } from '@digital-assistant/sdk';
import { Cell, Column, Label, Radio, RadioGroup, Row, Table, TableHeader } from 'react-aria-components';
import { Button } from '../Button/Button';
import { DataTableBody } from '../DataTable/DataTableBody';
import { defaultFormatTime } from '../DataTable/formatTime';

/** Props of `AnswerFeedbackTable`. */
export interface AnswerFeedbackTableProps {
  /** One page of votes, newest first (the SDK's `listAnswerFeedback`). */
  items: readonly AnswerFeedbackItem[];
  /** How many votes match the filter, every page. */
  total: number;
  /** Index of the page's first vote. */
  offset: number;
  /** Votes per page. */
  pageSize: number;
  /** Called with the offset of the page to show. */
  onOffsetChange: (offset: number) => void;
  /** The vote filter (controlled); `null` for every vote. */
  voteFilter: FeedbackVote | null;
  /** Called as the vote filter is chosen; the caller refetches with `?vote=`. */
  onVoteFilterChange: (vote: FeedbackVote | null) => void;
  /** Called by Export CSV; the caller downloads `GET /api/admin/feedback/export` with the same filter. */
  onExport?: () => void;
  /** The votes are being fetched. */
  isLoading?: boolean;
  /** A fetch error to show instead of rows. */
  error?: string | null;
  /** Formats the timestamp. @default medium date and time in the user's locale */
  formatTime?: (isoTime: string) => string;
}

const VOTE_LABELS: Record<FeedbackVote, string> = { up: 'Thumbs up', down: 'Thumbs down' };

/**
 * The administrators' Feedback page: who voted how on which answer, with their comment, the
 * question and the answer (or that the conversation was deleted); filter by vote, page, export as CSV.
 */
export function AnswerFeedbackTable({
  items,
  total,
  offset,
  pageSize,
  onOffsetChange,
  voteFilter,
  onVoteFilterChange,
  onExport,
  isLoading = false,
  error = null,
  formatTime = defaultFormatTime,
}: AnswerFeedbackTableProps) {
  const last = Math.min(offset + items.length, total);
  return (
    <div className="da-stack">
      <div className="da-feedback-toolbar">
        <RadioGroup
          className="da-feedback-filter"
          orientation="horizontal"
          value={voteFilter ?? 'all'}
          onChange={(value) => onVoteFilterChange(value === 'all' ? null : (value as FeedbackVote))}
        >
          <Label className="da-field-label">Vote</Label>
          <Radio className="da-feedback-radio" value="all">
            All
          </Radio>
          <Radio className="da-feedback-radio" value="up">
            {VOTE_LABELS.up}
          </Radio>
          <Radio className="da-feedback-radio" value="down">
            {VOTE_LABELS.down}
          </Radio>
        </RadioGroup>
        {onExport ? (
          <Button variant="secondary" size="sm" onPress={onExport}>
            Export CSV
          </Button>
        ) : null}
      </div>
      <div className="da-table-container">
        <Table aria-label="Feedback on answers" className="da-table">
          <TableHeader className="da-table-header">
            <Column className="da-table-column">When</Column>
            <Column isRowHeader className="da-table-column">
              Who
            </Column>
            <Column className="da-table-column">Vote</Column>
            <Column className="da-table-column">Comment</Column>
            <Column className="da-table-column">Question and answer</Column>
          </TableHeader>
          <DataTableBody
            items={items}
            error={error}
            isLoading={isLoading}
            loadingMessage="Fetching feedback..."
            emptyMessage={
              voteFilter ? `No ${VOTE_LABELS[voteFilter].toLowerCase()} votes.` : 'No feedback yet.'
            }
          >
            {(item) => (
              <Row id={item.id} className="da-table-row">
                <Cell className="da-table-cell da-table-muted">
                  <time dateTime={item.created_at}>{formatTime(item.created_at)}</time>
                </Cell>
                <Cell className="da-table-cell da-table-cell-strong">{item.user}</Cell>
                <Cell className="da-table-cell">
                  <span className="da-feedback-vote" data-vote={item.vote}>
                    {VOTE_LABELS[item.vote]}
                  </span>
                </Cell>
                <Cell className="da-table-cell">{item.comment ?? '—'}</Cell>
                <Cell className="da-table-cell">
                  {item.question === null && item.answer === null ? (
                    <span className="da-table-muted">Conversation deleted</span>
                  ) : (
                    <details className="da-feedback-exchange">
                      <summary>{item.question ?? ''}</summary>
                      <p>{item.answer ?? ''}</p>
                    </details>
                  )}
                </Cell>
              </Row>
            )}
          </DataTableBody>
        </Table>
      </div>
      <nav className="da-feedback-pages" aria-label="Feedback pages">
        <span>{total === 0 ? 'No votes' : `${offset + 1}–${last} of ${total}`}</span>
        <Button
          variant="ghost"
          size="sm"
          isDisabled={offset === 0}
          onPress={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          Previous
        </Button>
        <Button
          variant="ghost"
          size="sm"
          isDisabled={offset + pageSize >= total}
          onPress={() => onOffsetChange(offset + pageSize)}
        >
          Next
        </Button>
      </nav>
    </div>
  );
}

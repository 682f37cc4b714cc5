/**
 * /feedback (administrators): the votes on answers a page at a time, filtered on the server by vote,
 * chat, department and days (from the first day's start to the last day's end, in the browser's
 * time zone); Export CSV downloads the same filter from the server (an attachment, the page stays).
 */
import { FEEDBACK_PAGE_SIZE, useAnswerFeedbackList } from '@digital-assistant/react';
import type { AnswerFeedbackQuery, FeedbackVote } from '@digital-assistant/sdk';
import { type AnswerFeedbackFilters, AnswerFeedbackTable } from '@digital-assistant/ui';
import { useState } from 'react';

/** The start of the day `YYYY-MM-DD` (local time), plus `days`, as an ISO instant. */
function dayStart(date: string, days = 0): string {
  const start = new Date(`${date}T00:00:00`);
  start.setDate(start.getDate() + days);
  return start.toISOString();
}

function queryOf(vote: FeedbackVote | null, filters: AnswerFeedbackFilters): AnswerFeedbackQuery {
  return {
    ...(vote ? { vote } : {}),
    ...(filters.chat ? { chat: filters.chat } : {}),
    ...(filters.department ? { department: filters.department } : {}),
    ...(filters.fromDate ? { from: dayStart(filters.fromDate) } : {}),
    // The last day is included: up to the next day's start.
    ...(filters.toDate ? { to: dayStart(filters.toDate, 1) } : {}),
  };
}

export function FeedbackScreen() {
  const [vote, setVote] = useState<FeedbackVote | null>(null);
  const [filters, setFilters] = useState<AnswerFeedbackFilters>({});
  const [offset, setOffset] = useState(0);
  const query = queryOf(vote, filters);
  const list = useAnswerFeedbackList({ offset, ...query });
  if (list.isSupported === false) {
    return <p>This server does not collect feedback on answers.</p>;
  }
  return (
    <AnswerFeedbackTable
      items={list.items}
      total={list.total}
      offset={offset}
      pageSize={FEEDBACK_PAGE_SIZE}
      onOffsetChange={setOffset}
      voteFilter={vote}
      onVoteFilterChange={(value) => {
        setVote(value);
        setOffset(0);
      }}
      filters={filters}
      onFiltersChange={(next) => {
        setFilters(next);
        setOffset(0);
      }}
      onExport={() => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        window.location.assign(`/api/admin/feedback/export${search ? `?${search}` : ''}`);
      }}
      isLoading={list.isLoading}
      error={list.error ? `Error fetching feedback. ${list.error.message}` : null}
    />
  );
}

/**
 * /feedback (administrators): the votes on answers a page at a time, filtered by vote on the
 * server; Export CSV downloads the same filter from the server (an attachment, the page stays).
 */
import { FEEDBACK_PAGE_SIZE, useAnswerFeedbackList } from '@digital-assistant/react';
import type { FeedbackVote } from '@digital-assistant/sdk';
import { AnswerFeedbackTable } from '@digital-assistant/ui';
import { useState } from 'react';

export function FeedbackScreen() {
  const [vote, setVote] = useState<FeedbackVote | null>(null);
  const [offset, setOffset] = useState(0);
  const list = useAnswerFeedbackList({ offset, ...(vote ? { vote } : {}) });
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
      onExport={() => {
        window.location.assign(`/api/admin/feedback/export${vote ? `?vote=${vote}` : ''}`);
      }}
      isLoading={list.isLoading}
      error={list.error ? `Error fetching feedback. ${list.error.message}` : null}
    />
  );
}

import type { AnswerFeedbackItem, Department, FeedbackVote } from '@digital-assistant/sdk';
import { useState } from 'react';
import {
  Cell,
  Column,
  Dialog,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  Row,
  Table,
  TableHeader,
} from 'react-aria-components';
import { Button } from '../Button/Button';
import { ChatSourcesPanel } from '../Chat/ChatSourcesPanel';
import { DataTableBody } from '../DataTable/DataTableBody';
import { defaultFormatTime } from '../DataTable/formatTime';
import { SelectField } from '../Field/Fields';
import { LazyMarkdownContent } from '../Markdown/LazyMarkdownContent';

type FeedbackChat = AnswerFeedbackItem['chat'];

/** The Feedback page's filters besides the vote: chat, department, and a date range (days, inclusive). */
export interface AnswerFeedbackFilters {
  chat?: AnswerFeedbackItem['chat'];
  department?: Department;
  /** First day shown, `YYYY-MM-DD`. */
  fromDate?: string;
  /** Last day shown, `YYYY-MM-DD`. */
  toDate?: string;
}

const CHAT_LABELS: Record<FeedbackChat, string> = {
  ai: 'AI chat',
  knowledge: 'Knowledge',
  admin: 'Admin chat',
  elk: 'ELK agent',
};
const DEPARTMENT_LABELS: Record<Department, string> = {
  it: 'IT',
  devops_preprod: 'DevOps',
  cs_preprod: 'CS',
  pga: 'PGA',
  education: 'Education',
};
const ALL_CHATS = 'All chats';
const ALL_DEPARTMENTS = 'All departments';
const keyOf = <Key extends string>(labels: Record<Key, string>, label: string) =>
  (Object.keys(labels) as Key[]).find((key) => labels[key] === label);

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
  /** The chat, department and date filters (controlled); without `onFiltersChange` they are not shown. */
  filters?: AnswerFeedbackFilters;
  /** Called as a filter changes; the caller refetches with them. */
  onFiltersChange?: (filters: AnswerFeedbackFilters) => void;
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

/** Where the answer voted on was given: the chat, and the department of a knowledge answer. */
function chatOf(item: AnswerFeedbackItem): string {
  const chat = CHAT_LABELS[item.chat];
  return item.department ? `${chat}: ${DEPARTMENT_LABELS[item.department]}` : chat;
}

/**
 * The administrators' Feedback page: who voted how on which answer, in which chat, with their
 * comment; each row opens the question, the answer and its sources in a dialog (or says the
 * conversation was deleted). Filter by vote, chat, department and dates, page, export as CSV.
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
  filters = {},
  onFiltersChange,
}: AnswerFeedbackTableProps) {
  const last = Math.min(offset + items.length, total);
  const [opened, setOpened] = useState<AnswerFeedbackItem | null>(null);
  const change = (patch: Partial<AnswerFeedbackFilters>) => {
    const next: AnswerFeedbackFilters = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof AnswerFeedbackFilters)[]) {
      if (!next[key]) delete next[key];
    }
    onFiltersChange?.(next);
  };
  return (
    <div className="da-stack">
      {onFiltersChange ? (
        <div className="da-feedback-filters">
          <SelectField
            label="Chat"
            options={[ALL_CHATS, ...Object.values(CHAT_LABELS)]}
            value={filters.chat ? CHAT_LABELS[filters.chat] : ALL_CHATS}
            onChange={(label) => change({ chat: keyOf(CHAT_LABELS, label) })}
          />
          <SelectField
            label="Department"
            options={[ALL_DEPARTMENTS, ...Object.values(DEPARTMENT_LABELS)]}
            value={filters.department ? DEPARTMENT_LABELS[filters.department] : ALL_DEPARTMENTS}
            onChange={(label) => change({ department: keyOf(DEPARTMENT_LABELS, label) })}
          />
          <label className="da-field">
            <span className="da-field-label">From</span>
            <input
              type="date"
              className="da-input"
              value={filters.fromDate ?? ''}
              max={filters.toDate}
              onChange={(event) => change({ fromDate: event.target.value })}
            />
          </label>
          <label className="da-field">
            <span className="da-field-label">To</span>
            <input
              type="date"
              className="da-input"
              value={filters.toDate ?? ''}
              min={filters.fromDate}
              onChange={(event) => change({ toDate: event.target.value })}
            />
          </label>
        </div>
      ) : null}
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
        <Table
          aria-label="Feedback on answers"
          className="da-table"
          // Enter on a row (or a click) opens it, as its Open button does.
          onRowAction={(key) => {
            const item = items.find((candidate) => candidate.id === key);
            if (item && (item.question !== null || item.answer !== null)) setOpened(item);
          }}
        >
          <TableHeader className="da-table-header">
            <Column className="da-table-column">When</Column>
            <Column isRowHeader className="da-table-column">
              Who
            </Column>
            <Column className="da-table-column">Vote</Column>
            <Column className="da-table-column">Chat</Column>
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
                <Cell className="da-table-cell">{chatOf(item)}</Cell>
                <Cell className="da-table-cell">{item.comment ?? '—'}</Cell>
                <Cell className="da-table-cell">
                  {item.question === null && item.answer === null ? (
                    <span className="da-table-muted">Conversation deleted</span>
                  ) : (
                    <div className="da-feedback-exchange">
                      <span className="da-feedback-question">{item.question ?? ''}</span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Open the question and answer ${item.user} voted on`}
                        onPress={() => setOpened(item)}
                      >
                        Open
                      </Button>
                    </div>
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
      <FeedbackDetail item={opened} onClose={() => setOpened(null)} formatTime={formatTime} />
    </div>
  );
}

/** One vote's question, answer and sources, in a dialog. */
function FeedbackDetail({
  item,
  onClose,
  formatTime,
}: {
  item: AnswerFeedbackItem | null;
  onClose: () => void;
  formatTime: (isoTime: string) => string;
}) {
  const sources = item?.sources ?? undefined;
  return (
    <ModalOverlay
      className="da-modal-overlay"
      isOpen={item !== null}
      isDismissable
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <Modal className="da-modal da-feedback-detail">
        <Dialog className="da-dialog">
          {({ close }) =>
            item ? (
              <>
                <Heading slot="title" className="da-dialog-title">
                  {VOTE_LABELS[item.vote]} from {item.user}
                </Heading>
                <p className="da-table-muted">
                  {chatOf(item)} · <time dateTime={item.created_at}>{formatTime(item.created_at)}</time>
                </p>
                {item.comment ? (
                  <blockquote className="da-feedback-comment">{item.comment}</blockquote>
                ) : null}
                <h3 className="da-feedback-heading">Question</h3>
                <p className="da-feedback-text">{item.question ?? ''}</p>
                <h3 className="da-feedback-heading">Answer</h3>
                <div className="da-feedback-answer">
                  <LazyMarkdownContent sources={sources}>{item.answer ?? ''}</LazyMarkdownContent>
                </div>
                {sources && Object.keys(sources).length > 0 ? <ChatSourcesPanel sources={sources} /> : null}
                <div className="da-dialog-actions">
                  <Button onPress={close} autoFocus>
                    Close
                  </Button>
                </div>
              </>
            ) : null
          }
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

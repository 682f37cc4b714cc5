import type { KnowledgeDocumentCounts, PaginationItem } from '@digital-assistant/react';
import { type ReactNode, useRef, useState } from 'react';
import { SearchField } from 'react-aria-components';
import { Button } from '../Button/Button';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { RefreshIcon, UploadIcon } from '../icons/icons';
import { PageHeader } from '../PageHeader/PageHeader';
import { Pagination } from '../Pagination/Pagination';
import { SearchFieldInput } from '../SearchField/SearchFieldInput';
import { type FileStatusRow, FileStatusTable, type FileStatusTableProps } from './FileStatusTable';

/** The page buttons of the File Status page (the headless `useKnowledgeDocumentsTable`). */
export interface FileStatusPagination {
  page: number;
  pageCount: number;
  /** Page buttons, e.g. [1, '…', 4, 5, 6, '…', 20]. */
  pages: readonly PaginationItem[];
  /** Documents matching the search, on every page. */
  totalCount: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** Props of `FileStatusPage`. */
export interface FileStatusPageProps
  extends Pick<
    FileStatusTableProps,
    'documents' | 'busyId' | 'isLoading' | 'error' | 'formatTime' | 'sort' | 'onSortChange'
  > {
  /**
   * Whether the server lists training documents (the File Status extension); `false` shows a note
   * instead of the table. `undefined` while unknown.
   */
  isSupported?: boolean;
  /** Documents still queued or parsing: while any is, the page says it refreshes by itself. */
  inProgressCount?: number;
  /**
   * The whole knowledge base counted, for the summary line ('60 documents: 58 ready, 2 in
   * progress.'); by default counted from `documents`.
   */
  counts?: KnowledgeDocumentCounts;
  /** The search box's text (controlled); the box shows with `onSearchChange`. */
  search?: string;
  /** Typing in the search box. */
  onSearchChange?: (search: string) => void;
  /** Pages under the table (shown once there is a document). */
  pagination?: FileStatusPagination;
  /** Fetches the list again: a Refresh button beside the search. */
  onRefresh?: () => void;
  /** A refresh (or the next page) is being fetched: Refresh shows progress. */
  isRefreshing?: boolean;
  /** When the rows on show were fetched (ms since the epoch), said beside Refresh. */
  updatedAt?: number;
  /** Formats `updatedAt`. By default the time of day in the user's locale. */
  formatUpdatedAt?: (time: number) => string;
  /** Deletes a document; called after the person confirmed. */
  onDelete?: (document: FileStatusRow) => void;
  /** Ingests a document again; called after the person confirmed. */
  onReingest?: (document: FileStatusRow) => void;
  /** Opens the Train Bot upload window (an Upload button in the header). */
  onUpload?: () => void;
  /** Where the close button goes. @default '/menu' */
  closeHref?: string;
  /** Page title. @default 'File Status' */
  title?: string;
  /** Dialogs rendered after the page (e.g. the upload window). */
  children?: ReactNode;
}

type PendingAction = { kind: 'delete' | 'reingest'; document: FileStatusRow };

function summary(counts: KnowledgeDocumentCounts): string {
  const total = counts.documents === 1 ? '1 document' : `${counts.documents} documents`;
  const progress = counts.inProgress > 0 ? `, ${counts.inProgress} in progress` : '';
  return `${total}: ${counts.ready} ready${progress}.`;
}

const timeOfDay = (time: number) => new Date(time).toLocaleTimeString(undefined, { timeStyle: 'short' });

/**
 * The File Status page (spec "Status page"): the training documents and their status, refreshed by
 * the caller while some are in progress (the page says so), with Delete and Re-ingest behind a
 * confirmation (ConfirmDialog), and an Upload button for the Train Bot window. For a knowledge base
 * of any size: a search by name, sortable columns, pages and a Refresh button, each shown when its
 * callback is given.
 *
 * @example
 * <FileStatusPage documents={list.documents} isSupported={list.isSupported}
 *   inProgressCount={list.inProgressCount} onDelete={(d) => remove.mutate(d)} />
 */
export function FileStatusPage({
  documents,
  busyId,
  isLoading,
  error,
  formatTime,
  isSupported,
  inProgressCount = 0,
  counts,
  search = '',
  onSearchChange,
  pagination,
  onRefresh,
  isRefreshing = false,
  updatedAt,
  formatUpdatedAt = timeOfDay,
  sort,
  onSortChange,
  onDelete,
  onReingest,
  onUpload,
  closeHref = '/menu',
  title = 'File Status',
  children,
}: FileStatusPageProps) {
  const [pending, setPending] = useState<PendingAction | null>(null);
  // Keeps the name in the text while the dialog animates out after `pending` went back to null.
  const shown = useRef(pending);
  if (pending) shown.current = pending;
  const name = shown.current?.document.document ?? '';
  const isReingest = shown.current?.kind === 'reingest';
  const hasList = isSupported !== false;
  return (
    <div className="da-page da-file-status-page">
      <PageHeader title={title} closeHref={closeHref}>
        {onUpload ? (
          <Button variant="primary" onPress={onUpload}>
            <UploadIcon />
            Upload
          </Button>
        ) : null}
      </PageHeader>
      {hasList ? (
        <>
          <div className="da-file-status-summary">
            <p className="da-file-status-count">
              {isLoading && documents.length === 0
                ? ''
                : summary(
                    counts ?? {
                      documents: documents.length,
                      ready: documents.filter((document) => document.status === 'Ready').length,
                      inProgress: inProgressCount,
                    },
                  )}
            </p>
            <p className="da-file-status-refresh" role="status">
              {inProgressCount > 0 ? 'Refreshing by itself until every document is processed.' : ''}
            </p>
          </div>
          {onSearchChange || onRefresh ? (
            <div className="da-file-status-toolbar">
              {onSearchChange ? (
                <SearchField
                  className="da-field da-search-field da-file-status-search"
                  value={search}
                  onChange={onSearchChange}
                  aria-label="Search documents"
                >
                  <SearchFieldInput placeholder="Search documents..." />
                </SearchField>
              ) : null}
              {onRefresh ? (
                <div className="da-file-status-refresh-control">
                  {updatedAt ? (
                    <span className="da-file-status-updated">
                      Updated{' '}
                      <time dateTime={new Date(updatedAt).toISOString()}>{formatUpdatedAt(updatedAt)}</time>
                    </span>
                  ) : null}
                  <Button onPress={onRefresh} isPending={isRefreshing}>
                    <RefreshIcon />
                    Refresh
                  </Button>
                </div>
              ) : null}
            </div>
          ) : null}
          <FileStatusTable
            documents={documents}
            busyId={busyId}
            isLoading={isLoading}
            error={error}
            formatTime={formatTime}
            sort={sort}
            onSortChange={onSortChange}
            emptyMessage={search.trim() ? `No document name contains '${search.trim()}'.` : undefined}
            onDelete={onDelete ? (document) => setPending({ kind: 'delete', document }) : undefined}
            onReingest={onReingest ? (document) => setPending({ kind: 'reingest', document }) : undefined}
          />
          {pagination && pagination.totalCount > 0 ? (
            <Pagination
              aria-label="File status pages"
              pages={pagination.pages}
              page={pagination.page}
              pageCount={pagination.pageCount}
              onPageChange={pagination.onPageChange}
              totalCount={pagination.totalCount}
              pageSize={pagination.pageSize}
            />
          ) : null}
        </>
      ) : (
        <p className="da-file-status-unsupported" role="note">
          This server does not list training documents.
        </p>
      )}
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null);
        }}
        title={isReingest ? 'Re-ingest' : 'Delete'}
        text={
          isReingest
            ? `Ingest '${name}' again from its stored file? It keeps answering from its current text until the new one is ready.`
            : `Are you sure you want to delete '${name}'? Answers stop citing it at once.`
        }
        confirmLabel={isReingest ? 'Re-ingest' : 'Delete'}
        isDestructive={!isReingest}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === 'delete') onDelete?.(pending.document);
          else onReingest?.(pending.document);
        }}
      />
      {children}
    </div>
  );
}

import {
  type ReviewFileActions,
  type ReviewPage,
  reviewMessages,
  reviewStatusKind,
  reviewStatusLabel,
} from '@digital-assistant/react';
import type { ReviewFile } from '@digital-assistant/sdk';
import { Cell, Column, Row, SearchField, Table, TableHeader } from 'react-aria-components';
import { Button, IconButton } from '../Button/Button';
import { DataTableBody } from '../DataTable/DataTableBody';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, SpinnerIcon, SuccessIcon } from '../icons/icons';
import { SearchFieldInput } from '../SearchField/SearchFieldInput';
import { StatusBadge } from '../StatusBadge/StatusBadge';

/** Props of `CodeReviewFileTable`. */
export interface CodeReviewFileTableProps {
  /** The page shown of the filtered list (`useCodeReview().currentPage`). */
  page: ReviewPage<ReviewFile>;
  /** The filter text (controlled). */
  filter: string;
  onFilterChange: (filter: string) => void;
  onPageChange: (page: number) => void;
  /** What a row allows now (`useCodeReview().actionsFor`). */
  actionsFor: (file: ReviewFile) => ReviewFileActions;
  onView: (file: ReviewFile) => void;
  onDownload: (file: ReviewFile) => void;
  /** Asks to delete (the caller confirms first). */
  onDelete: (file: ReviewFile) => void;
  /** A request is in progress: paging is disabled too. */
  isBusy?: boolean;
  /** The list has not been fetched yet. */
  isLoading?: boolean;
  /** Why the list could not be fetched. */
  error?: string | null;
}

const statusIcons = { success: SuccessIcon, pending: SpinnerIcon, failed: AlertIcon } as const;
const reviewStatusTones = { success: 'success', pending: 'progress', failed: 'error' } as const;

/**
 * The review files (spec section 2): above the table the item count, previous and next with
 * '(page/total)' and the 'Search files...' filter with a clear icon; the table File, Status and
 * Actions (View, Download, Delete), each action enabled only where the status allows it.
 */
export function CodeReviewFileTable({
  page,
  filter,
  onFilterChange,
  onPageChange,
  actionsFor,
  onView,
  onDownload,
  onDelete,
  isBusy = false,
  isLoading = false,
  error = null,
}: CodeReviewFileTableProps) {
  return (
    <section className="da-review-files" aria-label="Review files">
      <div className="da-review-toolbar">
        <span className="da-review-count">{page.itemCountLabel}</span>
        <nav className="da-review-pager" aria-label="Pages">
          <IconButton
            aria-label="Previous page"
            size="sm"
            isDisabled={isBusy || page.page <= 1}
            onPress={() => onPageChange(page.page - 1)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <span className="da-review-page-label">
            <span aria-hidden="true">{page.pageLabel}</span>
            <span className="da-visually-hidden">{`Page ${page.page} of ${page.pageCount}`}</span>
          </span>
          <IconButton
            aria-label="Next page"
            size="sm"
            isDisabled={isBusy || page.page >= page.pageCount}
            onPress={() => onPageChange(page.page + 1)}
          >
            <ChevronRightIcon />
          </IconButton>
        </nav>
        <SearchField
          className="da-field da-search-field da-review-search"
          value={filter}
          onChange={onFilterChange}
          aria-label="Search files"
        >
          <SearchFieldInput placeholder={reviewMessages.searchPlaceholder} />
        </SearchField>
      </div>
      <div className="da-table-container da-review-table">
        <Table aria-label="Uploaded review files" className="da-table">
          <TableHeader className="da-table-header">
            <Column isRowHeader className="da-table-column">
              File
            </Column>
            <Column className="da-table-column">Status</Column>
            <Column className="da-table-column da-review-actions-column">Actions</Column>
          </TableHeader>
          <DataTableBody
            items={page.items}
            error={error}
            isLoading={isLoading}
            loadingMessage={reviewMessages.fetching}
            emptyMessage={
              filter
                ? `No file matches '${filter}'.`
                : 'No files yet. Upload a .zip of Python files to review it.'
            }
          >
            {(file) => {
              const kind = reviewStatusKind(file.status);
              const Icon = statusIcons[kind];
              const actions = actionsFor(file);
              return (
                <Row id={file.fileId} className="da-table-row da-review-row" data-state={kind}>
                  <Cell className="da-table-cell da-table-cell-strong da-file-name">
                    <span className="da-file-name-text">{file.filename}</span>
                  </Cell>
                  <Cell className="da-table-cell">
                    <StatusBadge
                      tone={reviewStatusTones[kind]}
                      icon={<Icon />}
                      className="da-review-status"
                      data-state={kind}
                    >
                      {reviewStatusLabel(file)}
                    </StatusBadge>
                    {kind === 'failed' && file.reason ? (
                      <span className="da-review-reason">{file.reason}</span>
                    ) : null}
                  </Cell>
                  <Cell className="da-table-cell da-table-actions">
                    <div className="da-file-actions">
                      <Button
                        size="sm"
                        aria-label={`View ${file.filename}`}
                        data-review-view={file.fileId}
                        isDisabled={!actions.canView}
                        onPress={() => onView(file)}
                      >
                        View
                      </Button>
                      <Button
                        size="sm"
                        aria-label={`Download ${file.filename}`}
                        isDisabled={!actions.canDownload}
                        onPress={() => onDownload(file)}
                      >
                        Download
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`Delete ${file.filename}`}
                        isDisabled={!actions.canDelete}
                        onPress={() => onDelete(file)}
                      >
                        Delete
                      </Button>
                    </div>
                  </Cell>
                </Row>
              );
            }}
          </DataTableBody>
        </Table>
      </div>
    </section>
  );
}

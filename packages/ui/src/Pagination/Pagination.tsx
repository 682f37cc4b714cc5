import { PAGINATION_ELLIPSIS, type PaginationItem } from '@digital-assistant/react';
import { Button } from 'react-aria-components';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/icons';

/** Props of `Pagination`. */
export interface PaginationProps {
  /** Page buttons to render, e.g. [1, '…', 4, 5, 6, '…', 20] (the headless `paginationWindow`). */
  pages: readonly PaginationItem[];
  /** Current page (1-based). */
  page: number;
  /** Number of pages. */
  pageCount: number;
  /** Called with the page to show. */
  onPageChange: (page: number) => void;
  /** Total number of rows, for the 'Showing 26–50 of 60' summary (shown with `pageSize`). */
  totalCount?: number;
  /** Rows per page, for the summary. */
  pageSize?: number;
  /** Accessible name of the navigation. @default 'Pagination' */
  'aria-label'?: string;
}

/** Page navigation: previous, the given page buttons with ellipses, next. */
export function Pagination({
  pages,
  page,
  pageCount,
  onPageChange,
  totalCount,
  pageSize,
  'aria-label': ariaLabel = 'Pagination',
}: PaginationProps) {
  const summary =
    totalCount !== undefined && pageSize !== undefined && totalCount > 0
      ? `Showing ${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, totalCount)} of ${totalCount}`
      : null;
  return (
    <nav className="da-pagination" aria-label={ariaLabel}>
      {summary ? <span className="da-pagination-summary">{summary}</span> : null}
      <div className="da-pagination-pages">
        <Button
          className="da-page-button"
          aria-label="Previous page"
          isDisabled={page <= 1}
          onPress={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
        </Button>
        {pages.map((item, index) =>
          item === PAGINATION_ELLIPSIS ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity of their own
            <span key={`ellipsis-${index}`} className="da-page-ellipsis" aria-hidden="true">
              {PAGINATION_ELLIPSIS}
            </span>
          ) : (
            <Button
              key={item}
              className="da-page-button"
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              data-current={item === page || undefined}
              onPress={() => onPageChange(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          className="da-page-button"
          aria-label="Next page"
          isDisabled={page >= pageCount}
          onPress={() => onPageChange(page + 1)}
        >
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}

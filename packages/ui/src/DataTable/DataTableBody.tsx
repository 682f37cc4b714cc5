import type { ReactNode } from 'react';
import { TableBody, type TableBodyProps } from 'react-aria-components';
import { TableStateMessage } from './TableStateMessage';

export interface DataTableBodyProps<T extends object> {
  /** Rows to show; ignored while there is an error. */
  items: readonly T[];
  /** A fetch error shown instead of rows. */
  error: string | null;
  /** The rows are being fetched: shown when there are no rows yet. */
  isLoading: boolean;
  /** Text while loading, e.g. 'Fetching tokens...'. */
  loadingMessage: ReactNode;
  /** Text when there are no rows. */
  emptyMessage: ReactNode;
  /** Renders one row. */
  children: TableBodyProps<T>['children'];
  /**
   * Values the rows are drawn from besides their item (which columns show, which row is busy):
   * react-aria draws an item's row again only when its item or one of these changes.
   */
  dependencies?: readonly unknown[];
}

/** A table body that shows the error, loading or empty state in place of rows. */
export function DataTableBody<T extends object>({
  items,
  error,
  isLoading,
  loadingMessage,
  emptyMessage,
  children,
  dependencies,
}: DataTableBodyProps<T>) {
  return (
    <TableBody
      className="da-table-body"
      items={error ? [] : items}
      dependencies={dependencies}
      renderEmptyState={() =>
        error ? (
          <TableStateMessage state="error">{error}</TableStateMessage>
        ) : isLoading ? (
          <TableStateMessage state="loading">{loadingMessage}</TableStateMessage>
        ) : (
          <TableStateMessage state="empty">{emptyMessage}</TableStateMessage>
        )
      }
    >
      {children}
    </TableBody>
  );
}

import {
  canReingestDocument,
  columnSortDirection,
  departmentsLabel,
  documentStatusTone,
  isDocumentInProgress,
  KNOWLEDGE_DOCUMENT_COLUMNS,
  type KnowledgeDocumentColumn,
  type KnowledgeDocumentRow,
  type SortState,
  statusCellState,
} from '@digital-assistant/react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import {
  Cell,
  Column,
  Row,
  type SortDescriptor,
  Table,
  TableHeader,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';
import { IconButton, type IconButtonProps } from '../Button/Button';
import { ActionsColumn } from '../DataTable/ActionsColumn';
import { DataTableBody } from '../DataTable/DataTableBody';
import { SortableColumnLabel } from '../DataTable/SortableColumnLabel';
import { TableTime } from '../DataTable/TableTime';
import { RefreshIcon, SpinnerIcon, TrashIcon } from '../icons/icons';
import { StatusBadge, type StatusBadgeTone } from '../StatusBadge/StatusBadge';

/** A File Status row: the spec's `document` and `status`, plus what the server adds (id, departments...). */
export type FileStatusRow = KnowledgeDocumentRow;

/** Props of `FileStatusTable`. */
export interface FileStatusTableProps {
  /** The documents, in display order (the server lists the most recently changed first). */
  documents: readonly FileStatusRow[];
  /** Offers Delete on rows with an id; called once confirmed by the caller. */
  onDelete?: (document: FileStatusRow) => void;
  /**
   * Offers Re-ingest on rows with an id where it can change the outcome (not a file with no text to
   * index, nor a legacy .ppt); disabled while the document is in progress.
   */
  onReingest?: (document: FileStatusRow) => void;
  /** Id of the document being deleted or re-ingested: its buttons show progress. */
  busyId?: string | null;
  /** The list is being fetched: shows 'Fetching file status...' when there are no rows yet. */
  isLoading?: boolean;
  /** A fetch error to show instead of rows. */
  error?: string | null;
  /** Text of the empty state. @default 'No training documents yet. Upload some with Train Bot.' */
  emptyMessage?: string;
  /** Formats the update time. By default the medium date and short time in the user's locale. */
  formatTime?: (isoTime: string) => string;
  /** The sort shown by the headers (controlled); with `onSortChange`, every column sorts. */
  sort?: SortState<KnowledgeDocumentColumn>;
  /** A header was pressed: the caller cycles ascending, descending, none. */
  onSortChange?: (column: KnowledgeDocumentColumn) => void;
  /**
   * Below this width (px) of the table, a document's reason is written under its name instead of in
   * a column of its own, so the names keep their room. @default 1000
   */
  compactBelowWidth?: number;
}

/** The table's width, followed as it changes (`undefined` where ResizeObserver is missing). */
function useWidth(element: HTMLElement | null): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** A document's status tone (the core's) as its status badge draws it. */
const statusBadgeTones: Record<ReturnType<typeof documentStatusTone>, StatusBadgeTone> = {
  ready: 'success',
  progress: 'progress',
  info: 'info',
  action: 'action',
  error: 'error',
};

const label = (column: KnowledgeDocumentColumn) =>
  KNOWLEDGE_DOCUMENT_COLUMNS.find((entry) => entry.id === column)?.label ?? column;

/**
 * The File Status table: Document and Status (spec), with the departments that may read the
 * document, when it last changed and why it is not ready. The names get the room: a Reason column
 * shows only when a row has a reason, and in a narrow table the reason is written under the name.
 * The status cell follows the spec's rule: exactly 'Ready' has `data-state="ready"`, anything else
 * `data-state="not-ready"`; `data-tone` says what it means (`progress` with a spinner while queued or
 * parsing, `info` for a file with no text to index, `action` for a legacy .ppt, `error`). Delete and
 * Re-ingest buttons report the row; the caller confirms first. With `sort` and `onSortChange` every
 * column sorts by its header.
 *
 * @example
 * <FileStatusTable documents={table.documents} sort={table.sort} onSortChange={table.toggleSort}
 *   onDelete={setPendingDelete} onReingest={setPendingReingest} />
 */
export function FileStatusTable({
  documents,
  onDelete,
  onReingest,
  busyId = null,
  isLoading = false,
  error = null,
  emptyMessage = 'No training documents yet. Upload some with Train Bot.',
  formatTime,
  sort,
  onSortChange,
  compactBelowWidth = 1000,
}: FileStatusTableProps) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const width = useWidth(container);
  const isCompact = width !== undefined && width < compactBelowWidth;
  const hasActions = Boolean(onDelete || onReingest);
  const hasDetails = documents.some((document) => document.state !== undefined || document.id !== undefined);
  const hasReasons = documents.some((document) => Boolean(document.reason?.trim()));
  const hasReasonColumn = hasDetails && hasReasons && !isCompact;
  const isSortable = Boolean(sort && onSortChange);
  const sortDescriptor: SortDescriptor | undefined =
    sort && sort.column !== null && sort.direction !== 'none'
      ? { column: sort.column, direction: sort.direction }
      : undefined;
  const header = (column: KnowledgeDocumentColumn, className = ''): ReactNode => (
    <Column
      id={column}
      isRowHeader={column === 'document'}
      allowsSorting={isSortable}
      className={`da-table-column ${className}`.trim()}
    >
      {sort && isSortable ? (
        <SortableColumnLabel label={label(column)} direction={columnSortDirection(sort, column)} />
      ) : (
        label(column)
      )}
    </Column>
  );
  return (
    <div
      ref={setContainer}
      className="da-table-container da-file-status-table"
      data-compact={isCompact || undefined}
    >
      <Table
        aria-label="File status"
        className="da-table"
        sortDescriptor={sortDescriptor}
        onSortChange={
          onSortChange
            ? (descriptor) => onSortChange(descriptor.column as KnowledgeDocumentColumn)
            : undefined
        }
      >
        <TableHeader className="da-table-header">
          {header('document', 'da-file-name-column')}
          {header('status')}
          {hasDetails ? header('departments') : null}
          {hasDetails ? header('updated_at') : null}
          {hasReasonColumn ? header('reason', 'da-file-reason-column') : null}
          {hasActions ? <ActionsColumn /> : null}
        </TableHeader>
        <DataTableBody
          items={documents}
          error={error}
          isLoading={isLoading}
          loadingMessage="Fetching file status..."
          emptyMessage={emptyMessage}
          dependencies={[hasDetails, hasReasonColumn, hasActions, busyId, onDelete, onReingest, formatTime]}
        >
          {(document) => {
            const state = statusCellState(document.status);
            const tone = documentStatusTone(document);
            const isInProgress = isDocumentInProgress(document);
            const isBusy = busyId !== null && document.id === busyId;
            const reason = document.reason?.trim() || null;
            const offersReingest = Boolean(onReingest) && (isInProgress || canReingestDocument(document));
            return (
              <Row
                id={document.id ?? document.document}
                className="da-table-row da-file-status-row"
                data-state={state}
                data-tone={tone}
              >
                <Cell className="da-table-cell da-table-cell-strong da-file-name">
                  <span className="da-file-name-text">{document.document}</span>
                  {reason && hasDetails && !hasReasonColumn ? (
                    <span className="da-file-reason-text">{reason}</span>
                  ) : null}
                </Cell>
                <Cell className="da-table-cell da-file-status-cell">
                  <StatusBadge
                    tone={isInProgress ? 'progress' : statusBadgeTones[tone]}
                    hasDot={state === 'ready'}
                    icon={isInProgress ? <SpinnerIcon /> : null}
                    className="da-file-status"
                    data-state={state}
                    data-in-progress={isInProgress || undefined}
                  >
                    {document.status}
                  </StatusBadge>
                </Cell>
                {hasDetails ? (
                  <Cell className="da-table-cell da-file-departments">
                    {departmentsLabel(document.departments)}
                  </Cell>
                ) : null}
                {hasDetails ? (
                  <Cell className="da-table-cell da-file-time">
                    <TableTime isoTime={document.updated_at} formatTime={formatTime} />
                  </Cell>
                ) : null}
                {hasReasonColumn ? (
                  <Cell className="da-table-cell da-file-reason">{reason ?? ''}</Cell>
                ) : null}
                {hasActions ? (
                  <Cell className="da-table-cell da-table-actions">
                    {document.id !== undefined ? (
                      <div className="da-file-actions">
                        {offersReingest && onReingest ? (
                          <RowButton
                            tooltip="Re-ingest"
                            aria-label={`Re-ingest ${document.document}`}
                            onPress={() => onReingest(document)}
                            isDisabled={isInProgress}
                            isPending={isBusy}
                          >
                            <RefreshIcon />
                          </RowButton>
                        ) : null}
                        {onDelete ? (
                          <RowButton
                            tooltip="Delete"
                            className="da-file-delete"
                            aria-label={`Delete ${document.document}`}
                            onPress={() => onDelete(document)}
                            isPending={isBusy}
                          >
                            <TrashIcon />
                          </RowButton>
                        ) : null}
                      </div>
                    ) : null}
                  </Cell>
                ) : null}
              </Row>
            );
          }}
        </DataTableBody>
      </Table>
    </div>
  );
}

/**
 * An icon button of a table row, named by its tooltip on hover and focus. It can become disabled
 * while it has the focus (Re-ingest once the document it was pressed for is queued): the focus then
 * goes to its row instead of falling to the page, so the keyboard carries on from there.
 */
function RowButton({ isDisabled, tooltip, ...props }: IconButtonProps & { tooltip: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const element = button.current;
    if (!isDisabled || !element || !(hadFocus.current || document.activeElement === element)) return;
    hadFocus.current = false;
    element.closest<HTMLElement>('[role="row"]')?.focus();
  }, [isDisabled]);
  return (
    <TooltipTrigger delay={400} closeDelay={100}>
      <IconButton
        size="sm"
        {...props}
        ref={button}
        isDisabled={isDisabled}
        onFocusChange={(isFocused) => {
          hadFocus.current = isFocused;
          props.onFocusChange?.(isFocused);
        }}
      />
      <Tooltip className="da-tooltip" placement="top" offset={6}>
        {tooltip}
      </Tooltip>
    </TooltipTrigger>
  );
}

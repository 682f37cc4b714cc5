import {
  departmentsLabel,
  isDocumentInProgress,
  type KnowledgeDocumentRow,
  statusCellState,
} from '@digital-assistant/react';
import { useLayoutEffect, useRef } from 'react';
import { Cell, Column, Row, Table, TableHeader } from 'react-aria-components';
import { Button, type ButtonProps } from '../Button/Button';
import { ActionsColumn } from '../DataTable/ActionsColumn';
import { DataTableBody } from '../DataTable/DataTableBody';
import { TableTime } from '../DataTable/TableTime';
import { SpinnerIcon } from '../icons/icons';

/** A File Status row: the spec's `document` and `status`, plus what the server adds (id, departments...). */
export type FileStatusRow = KnowledgeDocumentRow;

export interface FileStatusTableProps {
  /** The documents, in display order (the server lists the most recently changed first). */
  documents: readonly FileStatusRow[];
  /** Offers Delete on rows with an id; called once confirmed by the caller. */
  onDelete?: (document: FileStatusRow) => void;
  /** Offers Re-ingest on rows with an id that are not in progress. */
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
}

/**
 * The File Status table: Document and Status (spec), with the departments that may read the
 * document, when it last changed and why it is not ready. The status cell follows the spec's rule:
 * exactly 'Ready' has `data-state="ready"`, anything else `data-state="not-ready"` (a document still
 * queued or parsing also has `data-in-progress` and a spinner). Delete and Re-ingest buttons report the
 * row; the caller confirms first.
 *
 * @example
 * <FileStatusTable documents={list.documents} onDelete={setPendingDelete} onReingest={setPendingReingest} />
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
}: FileStatusTableProps) {
  const hasActions = Boolean(onDelete || onReingest);
  const hasDetails = documents.some((document) => document.state !== undefined || document.id !== undefined);
  return (
    <div className="da-table-container da-file-status-table">
      <Table aria-label="File status" className="da-table">
        <TableHeader className="da-table-header">
          <Column isRowHeader className="da-table-column">
            Document
          </Column>
          <Column className="da-table-column">Status</Column>
          {hasDetails ? <Column className="da-table-column">Departments</Column> : null}
          {hasDetails ? <Column className="da-table-column">Updated</Column> : null}
          {hasDetails ? <Column className="da-table-column">Reason</Column> : null}
          {hasActions ? <ActionsColumn /> : null}
        </TableHeader>
        <DataTableBody
          items={documents}
          error={error}
          isLoading={isLoading}
          loadingMessage="Fetching file status..."
          emptyMessage={emptyMessage}
        >
          {(document) => {
            const state = statusCellState(document.status);
            const isInProgress = isDocumentInProgress(document);
            const isBusy = busyId !== null && document.id === busyId;
            return (
              <Row
                id={document.id ?? document.document}
                className="da-table-row da-file-status-row"
                data-state={state}
              >
                <Cell className="da-table-cell da-table-cell-strong da-file-name">
                  <span className="da-file-name-text">{document.document}</span>
                </Cell>
                <Cell className="da-table-cell">
                  <span
                    className="da-file-status"
                    data-state={state}
                    data-in-progress={isInProgress || undefined}
                  >
                    {isInProgress ? <SpinnerIcon /> : null}
                    {document.status}
                  </span>
                </Cell>
                {hasDetails ? (
                  <Cell className="da-table-cell">{departmentsLabel(document.departments)}</Cell>
                ) : null}
                {hasDetails ? (
                  <Cell className="da-table-cell da-file-time">
                    <TableTime isoTime={document.updated_at} formatTime={formatTime} />
                  </Cell>
                ) : null}
                {hasDetails ? (
                  <Cell className="da-table-cell da-file-reason">{document.reason ?? ''}</Cell>
                ) : null}
                {hasActions ? (
                  <Cell className="da-table-cell da-table-actions">
                    {document.id !== undefined ? (
                      <div className="da-file-actions">
                        {onReingest ? (
                          <RowButton
                            size="sm"
                            // The visible word starts the name (label in name); the document tells rows apart.
                            aria-label={`Re-ingest ${document.document}`}
                            onPress={() => onReingest(document)}
                            isDisabled={isInProgress}
                            isPending={isBusy}
                          >
                            Re-ingest
                          </RowButton>
                        ) : null}
                        {onDelete ? (
                          <Button
                            size="sm"
                            variant="danger"
                            aria-label={`Delete ${document.document}`}
                            onPress={() => onDelete(document)}
                            isPending={isBusy}
                          >
                            Delete
                          </Button>
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
 * A button of a table row that can become disabled while it has the focus (Re-ingest once the
 * document it was pressed for is queued): the focus then goes to its row instead of falling to the
 * page, so the keyboard carries on from there.
 */
function RowButton({ isDisabled, ...props }: ButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const element = button.current;
    if (!isDisabled || !element || !(hadFocus.current || document.activeElement === element)) return;
    hadFocus.current = false;
    element.closest<HTMLElement>('[role="row"]')?.focus();
  }, [isDisabled]);
  return (
    <Button
      {...props}
      ref={button}
      isDisabled={isDisabled}
      onFocusChange={(isFocused) => {
        hadFocus.current = isFocused;
        props.onFocusChange?.(isFocused);
      }}
    />
  );
}

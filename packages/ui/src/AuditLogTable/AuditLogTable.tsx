import type { AuditEvent } from '@digital-assistant/sdk';
import { Cell, Column, Input, Label, Row, SearchField, Table, TableHeader } from 'react-aria-components';
import { DataTableBody } from '../DataTable/DataTableBody';
import { defaultFormatTime } from '../DataTable/formatTime';
import { SearchIcon } from '../icons/icons';

/** An audit log entry (the SDK's AuditEvent: `GET /api/audit`). */
export type AuditLogEntry = Pick<AuditEvent, 'id' | 'at' | 'actor' | 'action' | 'target'> & {
  details?: unknown;
};

/** Props of `AuditLogTable`. */
export interface AuditLogTableProps {
  /** Entries, newest first (as the server returns them). */
  events: readonly AuditLogEntry[];
  /** Text of the actor filter (controlled). */
  actorFilter: string;
  /** Called as the filter is edited; the caller refetches with `?actor=`. */
  onActorFilterChange: (actor: string) => void;
  /** The log is being fetched. */
  isLoading?: boolean;
  /** A fetch error to show instead of rows. */
  error?: string | null;
  /** Formats the timestamp. @default medium date and time in the user's locale */
  formatTime?: (isoTime: string) => string;
}

/** The Audit tab: who did what to which target, and when; filterable by who. */
export function AuditLogTable({
  events,
  actorFilter,
  onActorFilterChange,
  isLoading = false,
  error = null,
  formatTime = defaultFormatTime,
}: AuditLogTableProps) {
  return (
    <div className="da-stack">
      <SearchField className="da-field da-search-field" value={actorFilter} onChange={onActorFilterChange}>
        <Label className="da-field-label">Filter by actor</Label>
        <div className="da-search-input">
          <SearchIcon />
          <Input className="da-input" placeholder="e-mail of who acted" />
        </div>
      </SearchField>
      <div className="da-table-container">
        <Table aria-label="Audit log" className="da-table">
          <TableHeader className="da-table-header">
            <Column className="da-table-column">When</Column>
            <Column isRowHeader className="da-table-column">
              Who
            </Column>
            <Column className="da-table-column">What</Column>
            <Column className="da-table-column">Target</Column>
          </TableHeader>
          <DataTableBody
            items={events}
            error={error}
            isLoading={isLoading}
            loadingMessage="Fetching audit log..."
            emptyMessage={actorFilter ? `No changes by "${actorFilter}".` : 'No administrative changes yet.'}
          >
            {(event) => (
              <Row id={event.id} className="da-table-row">
                <Cell className="da-table-cell da-table-muted">
                  <time dateTime={event.at}>{formatTime(event.at)}</time>
                </Cell>
                <Cell className="da-table-cell da-table-cell-strong">{event.actor}</Cell>
                <Cell className="da-table-cell">
                  <code className="da-code-chip">{event.action}</code>
                </Cell>
                <Cell className="da-table-cell">{event.target ?? '—'}</Cell>
              </Row>
            )}
          </DataTableBody>
        </Table>
      </div>
    </div>
  );
}

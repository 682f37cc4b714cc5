import {
  adminMessages,
  columnSortDirection,
  type SortState,
  USER_COLUMNS,
  USER_STATUS_COLUMN,
  type UserColumn,
  type UserRow,
} from '@digital-assistant/react';
import {
  Cell,
  Checkbox,
  Column,
  Row,
  type Selection,
  type SortDescriptor,
  Table,
  TableHeader,
} from 'react-aria-components';
import { IconButton } from '../Button/Button';
import { ActionsColumn } from '../DataTable/ActionsColumn';
import { DataTableBody } from '../DataTable/DataTableBody';
import { SortableColumnLabel } from '../DataTable/SortableColumnLabel';
import { CheckIcon, TrashIcon } from '../icons/icons';
import { StatusBadge } from '../StatusBadge/StatusBadge';

/** Props of `UsersTable`. */
export interface UsersTableProps {
  /** Rows of the current page, already sorted (the headless `tableView(...).rows`). */
  rows: readonly UserRow[];
  /** Current sort (controlled). Headers show it through aria-sort. */
  sort: SortState<UserColumn>;
  /** Called when a sortable header is pressed; the caller cycles ascending, descending, none. */
  onSortChange: (column: UserColumn) => void;
  /** E-mails of the selected rows (controlled). */
  selectedEmails: readonly string[];
  /** Called with the new selection. */
  onSelectionChange: (emails: string[]) => void;
  /** Called by a row's delete button; ask for confirmation before deleting. */
  onDeleteUser?: (row: UserRow) => void;
  /** The list is being fetched: shows 'Fetching user list...' when there are no rows yet. */
  isLoading?: boolean;
  /** A fetch error to show instead of rows, e.g. 'Error fetching users'. */
  error?: string | null;
  /** Text of the empty state. @default 'No users found.' */
  emptyMessage?: string;
  /**
   * Shows a sortable Status column (Active or Deactivated, from `row.userStatus`): for servers that
   * deactivate users (`useUsers().hasStatus`). @default false
   */
  showStatus?: boolean;
}

// react-aria names these 'Select All' and 'Select' + the row header (the e-mail).
function Selector() {
  return (
    <Checkbox slot="selection" className="da-checkbox">
      {({ isSelected, isIndeterminate }) => (
        <span
          className="da-checkbox-box"
          data-selected={isSelected || isIndeterminate || undefined}
          aria-hidden="true"
        >
          {isIndeterminate ? <span className="da-checkbox-dash" /> : isSelected ? <CheckIcon /> : null}
        </span>
      )}
    </Checkbox>
  );
}

/**
 * The Users table: selectable rows (for Modify User Roles, deletion and deactivation), Email, Name,
 * Role and optionally Status columns sortable by their headers, and a delete button per row. A
 * deactivated user's row has `data-state="deactivated"`.
 */
export function UsersTable({
  rows,
  sort,
  onSortChange,
  selectedEmails,
  onSelectionChange,
  onDeleteUser,
  isLoading = false,
  error = null,
  emptyMessage = 'No users found.',
  showStatus = false,
}: UsersTableProps) {
  const columns = showStatus ? [...USER_COLUMNS, USER_STATUS_COLUMN] : USER_COLUMNS;
  const sortDescriptor: SortDescriptor | undefined =
    sort.column !== null && sort.direction !== 'none'
      ? { column: sort.column, direction: sort.direction }
      : undefined;
  const handleSelection = (keys: Selection) =>
    onSelectionChange(keys === 'all' ? rows.map((row) => row.userEmail) : [...keys].map(String));
  return (
    <div className="da-table-container">
      <Table
        aria-label="Users"
        className="da-table"
        selectionMode="multiple"
        selectedKeys={new Set(selectedEmails)}
        onSelectionChange={handleSelection}
        sortDescriptor={sortDescriptor}
        onSortChange={(descriptor) => onSortChange(descriptor.column as UserColumn)}
      >
        <TableHeader className="da-table-header">
          <Column className="da-table-column da-table-selection-column">
            <Selector />
          </Column>
          {columns.map((column) => (
            <Column
              key={column.id}
              id={column.id}
              allowsSorting
              isRowHeader={column.id === 'userEmail'}
              className="da-table-column"
            >
              <SortableColumnLabel label={column.label} direction={columnSortDirection(sort, column.id)} />
            </Column>
          ))}
          <ActionsColumn />
        </TableHeader>
        <DataTableBody
          items={rows}
          error={error}
          isLoading={isLoading}
          loadingMessage={adminMessages.fetchingUsers}
          emptyMessage={emptyMessage}
        >
          {(row) => (
            <Row
              id={row.userEmail}
              className="da-table-row"
              data-state={row.userStatus === 'Deactivated' ? 'deactivated' : undefined}
            >
              <Cell className="da-table-cell">
                <Selector />
              </Cell>
              <Cell className="da-table-cell da-table-cell-strong">{row.userEmail}</Cell>
              <Cell className="da-table-cell">{row.userName}</Cell>
              <Cell className="da-table-cell">
                <span className="da-badge">{row.userRole}</span>
              </Cell>
              {showStatus ? (
                <Cell className="da-table-cell">
                  {row.userStatus ? (
                    <StatusBadge
                      tone={row.userStatus === 'Active' ? 'success' : 'muted'}
                      hasDot
                      className="da-user-status"
                      data-state={row.userStatus.toLowerCase()}
                    >
                      {row.userStatus}
                    </StatusBadge>
                  ) : null}
                </Cell>
              ) : null}
              <Cell className="da-table-cell da-table-actions">
                {onDeleteUser ? (
                  <IconButton
                    aria-label={`Delete ${row.userEmail}`}
                    size="sm"
                    onPress={() => onDeleteUser(row)}
                  >
                    <TrashIcon />
                  </IconButton>
                ) : null}
              </Cell>
            </Row>
          )}
        </DataTableBody>
      </Table>
    </div>
  );
}

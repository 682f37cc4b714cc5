import {
  adminMessages,
  USERS_PAGE_SIZE,
  type UseUsersResult,
  type UseUsersTableResult,
} from '@digital-assistant/react';
import { Pagination, UsersTable, UsersToolbar } from '@digital-assistant/ui';

export interface UsersPanelProps {
  users: UseUsersResult;
  table: UseUsersTableResult;
  selectedEmails: readonly string[];
  onSelectionChange: (emails: string[]) => void;
  onAddUser: () => void;
  onModifyUserRoles: () => void;
  onGenerateToken: () => void;
  isGeneratingToken: boolean;
  /** Asks to delete a user (the page confirms first). */
  onDeleteUser: (email: string) => void;
  /** Asks to delete every selected user (the page confirms first). */
  onDeleteSelected: () => void;
  /** Asks to deactivate (`false`) or reactivate (`true`) every selected user (the page confirms first). */
  onSetSelectedActive: (isActive: boolean) => void;
}

/** The Users tab: actions, the sortable table of the current page, and page buttons. */
export function UsersPanel({
  users,
  table,
  selectedEmails,
  onSelectionChange,
  onAddUser,
  onModifyUserRoles,
  onGenerateToken,
  isGeneratingToken,
  onDeleteUser,
  onDeleteSelected,
  onSetSelectedActive,
}: UsersPanelProps) {
  // Like 'Delete Selected', offered once a user is ticked; and only by servers that deactivate users.
  const canSetActive = users.hasStatus && selectedEmails.length > 0;
  return (
    <div className="da-stack">
      <UsersToolbar
        onAddUser={onAddUser}
        onModifyUserRoles={onModifyUserRoles}
        onGenerateToken={onGenerateToken}
        isGeneratingToken={isGeneratingToken}
        selectedCount={selectedEmails.length}
        // 'Delete Selected' is offered once a user is ticked.
        onDeleteSelected={selectedEmails.length > 0 ? onDeleteSelected : undefined}
        onDeactivateSelected={canSetActive ? () => onSetSelectedActive(false) : undefined}
        onReactivateSelected={canSetActive ? () => onSetSelectedActive(true) : undefined}
      />
      <UsersTable
        rows={table.rows}
        sort={table.sort}
        onSortChange={table.toggleSort}
        selectedEmails={selectedEmails}
        onSelectionChange={onSelectionChange}
        onDeleteUser={(row) => onDeleteUser(row.userEmail)}
        showStatus={users.hasStatus}
        isLoading={users.isPending}
        error={users.isError ? adminMessages.fetchUsersError : null}
      />
      {table.totalCount > 0 ? (
        <Pagination
          pages={table.pages}
          page={table.page}
          pageCount={table.pageCount}
          onPageChange={table.setPage}
          totalCount={table.totalCount}
          pageSize={USERS_PAGE_SIZE}
        />
      ) : null}
    </div>
  );
}

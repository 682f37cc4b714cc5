import type { UseRoleGroupsResult } from '@digital-assistant/react';
import { RolesTable, RolesToolbar } from '@digital-assistant/ui';

export interface RolesPanelProps {
  roleGroups: UseRoleGroupsResult;
  onCreateRoleGroup: () => void;
  onEditRoleGroup: (name: string) => void;
  /** Asks to delete a role group (the page confirms first). */
  onDeleteRoleGroup: (name: string) => void;
}

/** The Roles tab: 'Create Role Group' and the role groups with edit and delete buttons. */
export function RolesPanel({
  roleGroups,
  onCreateRoleGroup,
  onEditRoleGroup,
  onDeleteRoleGroup,
}: RolesPanelProps) {
  return (
    <div className="da-stack">
      <RolesToolbar onCreateRole={onCreateRoleGroup} />
      <RolesTable
        roles={roleGroups.roleGroups}
        onEditRole={(role) => onEditRoleGroup(role.role_name)}
        onDeleteRole={(role) => onDeleteRoleGroup(role.role_name)}
        isLoading={roleGroups.isPending}
        error={roleGroups.error?.message ?? null}
      />
    </div>
  );
}

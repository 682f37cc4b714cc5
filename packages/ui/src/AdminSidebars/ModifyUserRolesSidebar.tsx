import {
  type ModifyRolesForm,
  USER_MULTISELECT_VISIBLE_ITEMS,
  type UserProfile,
  validateModifyRoles,
} from '@digital-assistant/react';
import { MultiSelect } from '../MultiSelect/MultiSelect';
import { RoleSelectField, ValidatedSidebarForm } from './SidebarForm';

/** Props of `ModifyUserRolesSidebar`. */
export interface ModifyUserRolesSidebarProps {
  /** Whether the sidebar is shown. */
  isOpen: boolean;
  /** Closes it (the caller resets the fields). */
  onClose: () => void;
  /** Field values (controlled; the headless sidebars store's `modifyRoles`). */
  value: ModifyRolesForm;
  /** Called with the edited fields. */
  onChange: (patch: Partial<ModifyRolesForm>) => void;
  /** Users to choose from. */
  users: readonly UserProfile[];
  /** Role group names to choose from. */
  roles: readonly string[];
  /** Called with valid values when Submit is pressed. */
  onSubmit: (value: ModifyRolesForm) => void;
  /** The roles are being updated: Submit shows progress. */
  isSubmitting?: boolean;
}

/** The 'Modify User Roles' sidebar: a searchable user multiselect (6 items listed) and a role. */
export function ModifyUserRolesSidebar({ onChange, users, roles, ...form }: ModifyUserRolesSidebarProps) {
  return (
    <ValidatedSidebarForm {...form} title="Modify User Roles" validate={validateModifyRoles}>
      {(shown) => (
        <>
          <MultiSelect
            label="Users"
            searchLabel="Search users"
            isRequired
            items={users.map((user) => ({
              id: user.email,
              label: user.name || user.email,
              description: user.email,
            }))}
            selectedKeys={form.value.emails}
            onSelectionChange={(emails) => onChange({ emails })}
            visibleItemCount={USER_MULTISELECT_VISIBLE_ITEMS}
            errorMessage={shown.emails}
          />
          <RoleSelectField
            roles={roles}
            value={form.value.role}
            onChange={(role) => onChange({ role })}
            errorMessage={shown.role}
          />
        </>
      )}
    </ValidatedSidebarForm>
  );
}

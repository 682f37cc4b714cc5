import {
  type UseAdminSidebarsResult,
  type UserProfile,
  useCreateUser,
  useUpdateUserRoles,
} from '@digital-assistant/react';
import { AddUserSidebar, ModifyUserRolesSidebar } from '@digital-assistant/ui';

export interface UserSidebarsProps {
  sidebars: UseAdminSidebarsResult;
  users: readonly UserProfile[];
  roleNames: readonly string[];
  /** After the roles changed, e.g. to clear the table's selection. */
  onRolesUpdated: () => void;
}

/** 'Add User' and 'Modify User Roles': each closes (and resets) once the server has agreed. */
export function UserSidebars({ sidebars, users, roleNames, onRolesUpdated }: UserSidebarsProps) {
  const createUser = useCreateUser();
  const updateUserRoles = useUpdateUserRoles();
  return (
    <>
      <AddUserSidebar
        isOpen={sidebars.open === 'addUser'}
        onClose={sidebars.close}
        value={sidebars.addUser}
        onChange={sidebars.updateAddUser}
        roles={roleNames}
        onSubmit={(form) => createUser.mutate(form, { onSuccess: sidebars.close })}
        isSubmitting={createUser.isPending}
      />
      <ModifyUserRolesSidebar
        isOpen={sidebars.open === 'modifyRoles'}
        onClose={sidebars.close}
        value={sidebars.modifyRoles}
        onChange={sidebars.updateModifyRoles}
        users={users}
        roles={roleNames}
        onSubmit={(form) =>
          updateUserRoles.mutate(form, {
            onSuccess: () => {
              sidebars.close();
              onRolesUpdated();
            },
          })
        }
        isSubmitting={updateUserRoles.isPending}
      />
    </>
  );
}

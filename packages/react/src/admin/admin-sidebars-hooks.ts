/** The sidebars of the Users and permissions page as a hook: state, titles, validation, actions. */

import {
  type AddUserForm,
  type AdminSidebarsState,
  type AdminSidebarsStore,
  createAdminSidebarsStore,
  type FormValidation,
  type ModifyRolesForm,
  roleGroupError,
  roleGroupSidebarTitle,
  validateAddUser,
  validateModifyRoles,
} from '@digital-assistant/core';
import { useMemo, useState } from 'react';
import { useStore } from '../core/use-store';

/** What {@link useAdminSidebars} returns. */
export interface UseAdminSidebarsResult
  extends AdminSidebarsState,
    Omit<AdminSidebarsStore, 'subscribe' | 'getSnapshot'> {
  /** 'Create Role Group' or 'Editing Role {name}'. */
  roleGroupTitle: string;
  /** True in edit mode: the name field is read-only. */
  isRoleNameLocked: boolean;
  addUserValidation: FormValidation<keyof AddUserForm>;
  modifyRolesValidation: FormValidation<keyof ModifyRolesForm>;
  /** Why the role group cannot be saved ('Invalid input vaules', "Role '{name}' already exists."), or `null`. */
  roleGroupProblem: string | null;
}

/**
 * The three mutually exclusive sidebars (Add User, Modify User Roles, Create/Edit Role Group);
 * closing one resets its fields. `existingRoleNames` lets a duplicate role name be caught early.
 */
export function useAdminSidebars(existingRoleNames: readonly string[] = []): UseAdminSidebarsResult {
  const [store] = useState(createAdminSidebarsStore);
  const state = useStore(store);
  const derived = useMemo(
    () => ({
      roleGroupTitle: roleGroupSidebarTitle(state.roleGroup),
      isRoleNameLocked: state.roleGroup.mode === 'edit',
      addUserValidation: validateAddUser(state.addUser),
      modifyRolesValidation: validateModifyRoles(state.modifyRoles),
      roleGroupProblem: roleGroupError(state.roleGroup, existingRoleNames),
    }),
    [state, existingRoleNames],
  );
  const { subscribe: _subscribe, getSnapshot: _getSnapshot, ...actions } = store;
  return { ...state, ...derived, ...actions };
}

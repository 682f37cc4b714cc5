/**
 * The three sidebars of the Users and permissions page. At most one is open; closing one (or
 * opening another) resets its fields.
 */

import { createStore, type ReadableStore } from '../store';
import type { AddUserForm, ModifyRolesForm, RoleGroupForm } from './admin-forms';

/** Which sidebar is open. */
export type AdminSidebar = 'addUser' | 'modifyRoles' | 'roleGroup';

/** Snapshot of the sidebars store. */
export interface AdminSidebarsState {
  open: AdminSidebar | null;
  addUser: AddUserForm;
  modifyRoles: ModifyRolesForm;
  roleGroup: RoleGroupForm;
}

/** Every sidebar closed, every field empty. */
function initialState(): AdminSidebarsState {
  return {
    open: null,
    addUser: { email: '', name: '', role: '' },
    modifyRoles: { emails: [], role: '' },
    roleGroup: { mode: 'create', name: '', features: [], originalFeatures: [] },
  };
}

/** The sidebars' state and the actions of their buttons and fields. */
export interface AdminSidebarsStore extends ReadableStore<AdminSidebarsState> {
  openAddUser(): void;
  /** Opens Modify User Roles, optionally with users already chosen. */
  openModifyRoles(emails?: string[]): void;
  openCreateRoleGroup(): void;
  /** Opens the role group sidebar in edit mode for an existing group (its name is locked). */
  openEditRoleGroup(roleGroup: { name: string; features: readonly string[] }): void;
  /** Closes whatever is open and resets every field. */
  close(): void;
  updateAddUser(patch: Partial<AddUserForm>): void;
  updateModifyRoles(patch: Partial<ModifyRolesForm>): void;
  /** Changes the role group name; ignored in edit mode. */
  setRoleGroupName(name: string): void;
  setRoleGroupFeatures(features: string[]): void;
}

/** Creates the sidebars store with every sidebar closed. */
export function createAdminSidebarsStore(): AdminSidebarsStore {
  const store = createStore(initialState());
  const openWith = (patch: Partial<AdminSidebarsState> & { open: AdminSidebar }) =>
    store.setState({ ...initialState(), ...patch });
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    openAddUser: () => openWith({ open: 'addUser' }),
    openModifyRoles: (emails = []) =>
      openWith({ open: 'modifyRoles', modifyRoles: { emails: [...emails], role: '' } }),
    openCreateRoleGroup: () => openWith({ open: 'roleGroup' }),
    openEditRoleGroup: ({ name, features }) =>
      openWith({
        open: 'roleGroup',
        roleGroup: { mode: 'edit', name, features: [...features], originalFeatures: [...features] },
      }),
    close: () => store.setState(initialState()),
    updateAddUser: (patch) =>
      store.setState((state) =>
        state.open === 'addUser' ? { ...state, addUser: { ...state.addUser, ...patch } } : state,
      ),
    updateModifyRoles: (patch) =>
      store.setState((state) =>
        state.open === 'modifyRoles' ? { ...state, modifyRoles: { ...state.modifyRoles, ...patch } } : state,
      ),
    setRoleGroupName: (name) =>
      store.setState((state) =>
        state.open === 'roleGroup' && state.roleGroup.mode === 'create'
          ? { ...state, roleGroup: { ...state.roleGroup, name } }
          : state,
      ),
    setRoleGroupFeatures: (features) =>
      store.setState((state) =>
        state.open === 'roleGroup'
          ? { ...state, roleGroup: { ...state.roleGroup, features: [...features] } }
          : state,
      ),
  };
}

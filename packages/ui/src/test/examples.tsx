// Components wired to the headless stores the way the app wires them, shared by stories and tests
// (not exported from the package).
import {
  type AddUserForm,
  type createAdminSidebarsStore,
  createTableStore,
  createTokenOverlayStore,
  type ModifyRolesForm,
  type RoleGroupForm,
  tableView,
  USERS_PAGE_SIZE,
  type UserColumn,
  type UserProfile,
} from '@digital-assistant/react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { AddUserSidebar } from '../AdminSidebars/AddUserSidebar';
import { ModifyUserRolesSidebar } from '../AdminSidebars/ModifyUserRolesSidebar';
import { RoleSidebar } from '../AdminSidebars/RoleSidebar';
import { Pagination } from '../Pagination/Pagination';
import { TokenDialog } from '../TokenDialog/TokenDialog';
import { UsersTable } from '../UsersTable/UsersTable';
import { UsersToolbar } from '../UsersTable/UsersToolbar';
import { sampleFeatures, sampleRoleNames, sampleRows } from './fixtures';

type AdminSidebarsStore = ReturnType<typeof createAdminSidebarsStore>;

/** The three administration sidebars driven by the headless sidebars store. */
export function StoreWiredSidebars({
  store,
  users,
  onSubmit,
}: {
  store: AdminSidebarsStore;
  /** Users offered by Modify User Roles. */
  users: readonly UserProfile[];
  onSubmit: (value: AddUserForm | ModifyRolesForm | RoleGroupForm) => void;
}) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <>
      <AddUserSidebar
        isOpen={state.open === 'addUser'}
        onClose={store.close}
        value={state.addUser}
        onChange={store.updateAddUser}
        roles={sampleRoleNames}
        onSubmit={onSubmit}
      />
      <ModifyUserRolesSidebar
        isOpen={state.open === 'modifyRoles'}
        onClose={store.close}
        value={state.modifyRoles}
        onChange={store.updateModifyRoles}
        users={users}
        roles={sampleRoleNames}
        onSubmit={onSubmit}
      />
      <RoleSidebar
        isOpen={state.open === 'roleGroup'}
        onClose={store.close}
        value={state.roleGroup}
        onNameChange={store.setRoleGroupName}
        onFeaturesChange={store.setRoleGroupFeatures}
        features={sampleFeatures}
        existingRoleNames={sampleRoleNames}
        onSubmit={onSubmit}
      />
    </>
  );
}

/** The Users tab's toolbar, table and pagination over `total` sample users, driven by the table store. */
export function StoreWiredUsersPanel({ total, initialPage = 1 }: { total: number; initialPage?: number }) {
  const rows = useMemo(() => sampleRows(total), [total]);
  const store = useMemo(() => {
    const created = createTableStore<UserColumn>();
    created.setPage(initialPage);
    return created;
  }, [initialPage]);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const view = tableView(rows, state, USERS_PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <UsersToolbar
        onAddUser={() => {}}
        onModifyUserRoles={() => {}}
        onGenerateToken={() => {}}
        selectedCount={selected.length}
        onDeleteSelected={() => {}}
      />
      <UsersTable
        rows={view.rows}
        sort={view.sort}
        onSortChange={store.toggleSort}
        selectedEmails={selected}
        onSelectionChange={setSelected}
        onDeleteUser={() => {}}
      />
      <Pagination
        pages={view.pages}
        page={view.page}
        pageCount={view.pageCount}
        onPageChange={store.setPage}
        totalCount={view.totalCount}
        pageSize={USERS_PAGE_SIZE}
      />
    </>
  );
}

/** The token popup driven by the headless token overlay store, showing `token` from the start. */
export function StoreWiredTokenDialog({
  token,
  writeText,
}: {
  token: string;
  /** The clipboard's write. */
  writeText: (text: string) => Promise<void>;
}) {
  const [store] = useState(() => {
    const created = createTokenOverlayStore({ clipboard: { writeText } });
    created.show({ personal_access_token: token, message: 'Token generated.' });
    return created;
  });
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <TokenDialog
      isOpen={state.isVisible}
      token={state.token}
      message={state.message}
      isMasked={state.isMasked}
      onToggleMasked={store.toggleMasked}
      onCopy={() => void store.copy()}
      copyNotice={state.copyNotice}
      onClose={store.close}
    />
  );
}

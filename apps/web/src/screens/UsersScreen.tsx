/**
 * /users: the Users and permissions page. Glue only: the headless hooks hold the state, the rules
 * and the messages; the ui components draw them. The table model, the selection and the sidebars
 * live here, above the tabs, so switching tabs keeps the sort and page, and one sidebars store keeps
 * the three sidebars mutually exclusive.
 */
import {
  useAdminSidebars,
  useAuditLog,
  useFeatureList,
  useLoadRoleGroup,
  useMyTokens,
  useRoleGroups,
  useUsers,
  useUsersTable,
} from '@digital-assistant/react';
import { NoticeStack, UsersAndPermissionsPage, type UsersAndPermissionsTab } from '@digital-assistant/ui';
import { useDeferredValue, useState } from 'react';
import { ActivationConfirmation, type PendingActivation } from './users/ActivationConfirmation';
import { AuditPanel } from './users/AuditPanel';
import { DeleteConfirmation, type PendingDeletion } from './users/DeleteConfirmation';
import { RoleGroupSidebar } from './users/RoleGroupSidebar';
import { RolesPanel } from './users/RolesPanel';
import { TokenPopup, useTokenPopup } from './users/TokenPopup';
import { TokensPanel } from './users/TokensPanel';
import { UserSidebars } from './users/UserSidebars';
import { UsersPanel } from './users/UsersPanel';
import { useFadingNotices } from './users/useFadingNotices';

export function UsersScreen() {
  const [tab, setTab] = useState<UsersAndPermissionsTab>('users');
  const [selectedEmails, setSelectedEmails] = useState<string[]>([]);
  const [pendingDeletion, setPendingDeletion] = useState<PendingDeletion | null>(null);
  const [pendingActivation, setPendingActivation] = useState<PendingActivation | null>(null);
  const [actorFilter, setActorFilter] = useState('');
  const users = useUsers();
  const table = useUsersTable(users.rows);
  const roleGroups = useRoleGroups();
  const featureList = useFeatureList();
  // Listed here, not in the tab, so the tab can be left out on a server without the extension.
  const myTokens = useMyTokens();
  const auditLog = useAuditLog({ actor: useDeferredValue(actorFilter) });
  const sidebars = useAdminSidebars(roleGroups.roleNames);
  const loadRoleGroup = useLoadRoleGroup();
  const tokenPopup = useTokenPopup();
  const { notices, dismiss } = useFadingNotices();

  return (
    <>
      <UsersAndPermissionsPage
        selectedTab={tab}
        onSelectedTabChange={(next) => {
          sidebars.close();
          setTab(next);
          // Scripts use tokens behind the page's back: opening the tab shows their latest 'Last used'.
          if (next === 'tokens') void myTokens.refetch();
        }}
        usersPanel={
          <UsersPanel
            users={users}
            table={table}
            selectedEmails={selectedEmails}
            onSelectionChange={setSelectedEmails}
            onAddUser={sidebars.openAddUser}
            onModifyUserRoles={() => sidebars.openModifyRoles(selectedEmails)}
            onGenerateToken={tokenPopup.generate}
            isGeneratingToken={tokenPopup.isGenerating}
            onDeleteUser={(email) => setPendingDeletion({ kind: 'user', email })}
            onDeleteSelected={() => setPendingDeletion({ kind: 'users', emails: selectedEmails })}
            onSetSelectedActive={(isActive) => setPendingActivation({ emails: selectedEmails, isActive })}
          />
        }
        rolesPanel={
          <RolesPanel
            roleGroups={roleGroups}
            onCreateRoleGroup={sidebars.openCreateRoleGroup}
            onEditRoleGroup={async (name) => {
              // Edit shows the group as the server has it now ('Error getting role information.' if not).
              const group = await loadRoleGroup(name);
              if (group) sidebars.openEditRoleGroup({ name: group.role_name, features: group.feature_names });
            }}
            onDeleteRoleGroup={(name) => setPendingDeletion({ kind: 'roleGroup', name })}
          />
        }
        // A server without the token list extension gets no Tokens tab.
        tokensPanel={myTokens.isSupported === false ? undefined : <TokensPanel myTokens={myTokens} />}
        // A server without the audit extension gets no Audit tab.
        auditPanel={
          auditLog.isSupported === false ? undefined : (
            <AuditPanel auditLog={auditLog} actorFilter={actorFilter} onActorFilterChange={setActorFilter} />
          )
        }
      >
        <UserSidebars
          sidebars={sidebars}
          users={users.users}
          roleNames={roleGroups.roleNames}
          onRolesUpdated={() => setSelectedEmails([])}
        />
        <RoleGroupSidebar
          sidebars={sidebars}
          features={featureList.features}
          existingRoleNames={roleGroups.roleNames}
        />
        <TokenPopup popup={tokenPopup} />
        <DeleteConfirmation
          pending={pendingDeletion}
          onDone={() => setPendingDeletion(null)}
          onUserDeleted={(email) => setSelectedEmails((emails) => emails.filter((other) => other !== email))}
          onUsersDeleted={() => setSelectedEmails([])}
        />
        <ActivationConfirmation
          pending={pendingActivation}
          onDone={() => setPendingActivation(null)}
          onChanged={() => setSelectedEmails([])}
        />
      </UsersAndPermissionsPage>
      <NoticeStack notices={notices} onDismiss={dismiss} />
    </>
  );
}

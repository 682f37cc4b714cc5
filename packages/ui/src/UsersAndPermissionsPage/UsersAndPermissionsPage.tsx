import type { ReactNode } from 'react';
import { type Key, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { PageHeader } from '../PageHeader/PageHeader';

/** A tab of the Users and permissions page. */
export type UsersAndPermissionsTab = 'users' | 'roles' | 'tokens' | 'audit';

/** Props of `UsersAndPermissionsPage`. */
export interface UsersAndPermissionsPageProps {
  /** The selected tab (controlled); uncontrolled it starts on 'users'. */
  selectedTab?: UsersAndPermissionsTab;
  /** Called when another tab is chosen. */
  onSelectedTabChange?: (tab: UsersAndPermissionsTab) => void;
  /** Content of the 'Users' tab: toolbar, UsersTable, Pagination. */
  usersPanel: ReactNode;
  /** Content of the 'Roles' tab: toolbar and RolesTable. */
  rolesPanel: ReactNode;
  /** Content of the 'Tokens' tab (the signed-in user's personal access tokens); the tab shows only when given. */
  tokensPanel?: ReactNode;
  /** Content of the 'Audit' tab; the tab shows only when given. */
  auditPanel?: ReactNode;
  /** Where the close button goes. @default '/menu' */
  closeHref?: string;
  /** Page title. @default 'Users & Permissions' */
  title?: string;
  /** Messages shown above the tabs (StatusBanner). */
  notices?: ReactNode;
  /** Sidebars and dialogs, rendered after the page. */
  children?: ReactNode;
}

/** The Users and permissions page: header with a close button to the menu, and tabs Users, Roles (and Tokens, Audit). */
export function UsersAndPermissionsPage({
  selectedTab,
  onSelectedTabChange,
  usersPanel,
  rolesPanel,
  tokensPanel,
  auditPanel,
  closeHref = '/menu',
  title = 'Users & Permissions',
  notices,
  children,
}: UsersAndPermissionsPageProps) {
  return (
    <div className="da-page">
      <PageHeader title={title} closeHref={closeHref} />
      {notices ? <div className="da-notices">{notices}</div> : null}
      <Tabs
        className="da-tabs"
        selectedKey={selectedTab}
        defaultSelectedKey="users"
        onSelectionChange={(key: Key) => onSelectedTabChange?.(key as UsersAndPermissionsTab)}
      >
        <TabList aria-label="Users and permissions" className="da-tab-list">
          <Tab id="users" className="da-tab">
            Users
          </Tab>
          <Tab id="roles" className="da-tab">
            Roles
          </Tab>
          {tokensPanel !== undefined ? (
            <Tab id="tokens" className="da-tab">
              Tokens
            </Tab>
          ) : null}
          {auditPanel !== undefined ? (
            <Tab id="audit" className="da-tab">
              Audit
            </Tab>
          ) : null}
        </TabList>
        <TabPanel id="users" className="da-tab-panel">
          {usersPanel}
        </TabPanel>
        <TabPanel id="roles" className="da-tab-panel">
          {rolesPanel}
        </TabPanel>
        {tokensPanel !== undefined ? (
          <TabPanel id="tokens" className="da-tab-panel">
            {tokensPanel}
          </TabPanel>
        ) : null}
        {auditPanel !== undefined ? (
          <TabPanel id="audit" className="da-tab-panel">
            {auditPanel}
          </TabPanel>
        ) : null}
      </Tabs>
      {children}
    </div>
  );
}

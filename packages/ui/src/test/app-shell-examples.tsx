// The application frame around one part, for the AppShell parts' stories: every part must be inside
// AppShell.Root, so each story puts the part it documents in its place and fills the rest as the
// app does (not exported from the package).
import type { ReactNode } from 'react';
import { AppShell } from '../AppShell';
import type { AppShellMenuMode } from '../AppShell/AppShellContext';
import { CompassIcon } from '../icons/icons';
import type { ProfileUser } from '../ProfilePopup/ProfilePopup';

export const sampleStaff: ProfileUser = {
  email: 'staff@example.com',
  name: 'Sam Staff',
  role: 'STAFF',
  version: '0.1.0',
};
export const sampleAdmin: ProfileUser = {
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'CORE_ADMINS',
  version: '0.1.0',
};

export interface ShellAroundProps {
  /** Rendered first, e.g. AppShell.SkipLink (default: none). */
  skipLink?: ReactNode;
  /** The menu's links and sections (default: Discover, Agents). */
  nav?: ReactNode;
  /** The whole menu panel (default: header, `nav`, footer). */
  menu?: ReactNode;
  /** The menu header (default: AppShell.MenuHeader). */
  menuHeader?: ReactNode;
  /** The menu footer (default: AppShell.Footer for Sam Staff). */
  footer?: ReactNode;
  /** The main column's header (default: AppShell.Header titled 'Code Review'). */
  header?: ReactNode;
  /** The page (default: a paragraph). */
  content?: ReactNode;
  /** The whole main column (default: `header` and `content` in AppShell.Main). */
  main?: ReactNode;
  currentPath?: string;
  menuMode?: AppShellMenuMode;
  defaultMenuOpen?: boolean;
}

/** AppShell.Root with a docked, open menu and a page, any part of it replaced. */
export function ShellAround({
  skipLink,
  nav,
  menu,
  menuHeader = <AppShell.MenuHeader />,
  footer = <AppShell.Footer user={sampleStaff} onLogout={() => {}} />,
  header = <AppShell.Header title="Code Review" />,
  content = (
    <AppShell.Content>
      <div className="da-page">
        <p>Page content goes here.</p>
      </div>
    </AppShell.Content>
  ),
  main,
  currentPath = '/codereview',
  menuMode = 'docked',
  defaultMenuOpen = true,
}: ShellAroundProps) {
  return (
    <AppShell.Root currentPath={currentPath} menuMode={menuMode} defaultMenuOpen={defaultMenuOpen}>
      {skipLink}
      {menu ?? (
        <AppShell.MenuPanel>
          {menuHeader}
          <AppShell.MenuNav>
            {nav ?? (
              <>
                <AppShell.MenuLink href="/menu" icon={<CompassIcon />}>
                  Discover
                </AppShell.MenuLink>
                <AppShell.AgentsSection isElkDisabled />
              </>
            )}
          </AppShell.MenuNav>
          {footer}
        </AppShell.MenuPanel>
      )}
      {main ?? (
        <AppShell.Main>
          {header}
          {content}
        </AppShell.Main>
      )}
    </AppShell.Root>
  );
}

/** A story decorator: the story as the page of the app frame, under a header titled `title`. */
export function inAppFrame(title: string, currentPath = '/chat') {
  return (Story: () => ReactNode) => (
    <ShellAround
      currentPath={currentPath}
      header={<AppShell.Header title={title} />}
      content={
        <AppShell.Content>
          <Story />
        </AppShell.Content>
      }
    />
  );
}

import { useLogout, useMenuModel, useMenuPanel, useSession } from '@digital-assistant/react';
import { AppShell } from '@digital-assistant/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';

// The History (a react-aria GridList) comes with the chat screens, not in the first download.
const ChatHistorySection = lazy(() =>
  import('./chat/ChatHistorySection').then((module) => ({ default: module.ChatHistorySection })),
);

export interface ShellProps {
  /** Where the skip link leads: the id of the chat's message box; by default the page. */
  skipToComposer?: string;
  /** Page title in the header. */
  title?: ReactNode;
  /** Extra header content, e.g. the chat-type selector on chat routes. */
  header?: ReactNode;
  children: ReactNode;
}

/** The app shell for signed-in screens: menu panel by the headless menu model, header, content. */
export function Shell({ skipToComposer, title, header, children }: ShellProps) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const menu = useMenuModel(pathname);
  const panel = useMenuPanel();
  const { logout } = useLogout();
  return (
    <AppShell.Root isMenuOpen={panel.isOpen} onMenuOpenChange={panel.setOpen} currentPath={pathname}>
      {skipToComposer ? (
        <AppShell.SkipLink targetId={skipToComposer}>Skip to the message box</AppShell.SkipLink>
      ) : (
        <AppShell.SkipLink />
      )}
      <AppShell.MenuPanel>
        <AppShell.MenuHeader chatHref={menu.header.to} title={menu.header.title} />
        <AppShell.MenuNav>
          <AppShell.MenuLink href={menu.discover.to}>{menu.discover.label}</AppShell.MenuLink>
          {menu.showsHistory ? (
            <Suspense fallback={null}>
              <ChatHistorySection />
            </Suspense>
          ) : null}
          {menu.agents.length > 0 ? (
            <AppShell.AgentsSection
              isElkDisabled={menu.agents.find((item) => item.id === 'elk')?.isDisabled}
            />
          ) : null}
          {menu.admin ? (
            <AppShell.AdminSection
              feedbackHref={menu.admin.find((item) => item.id === 'feedback')?.to}
              knowledgeGapsHref={menu.admin.find((item) => item.id === 'knowledgeGaps')?.to}
            />
          ) : null}
        </AppShell.MenuNav>
        {user ? <AppShell.Footer user={user} onLogout={() => void logout()} /> : null}
      </AppShell.MenuPanel>
      <AppShell.Main>
        <AppShell.Header title={title}>{header}</AppShell.Header>
        <AppShell.Content>{children}</AppShell.Content>
      </AppShell.Main>
    </AppShell.Root>
  );
}

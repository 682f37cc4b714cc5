import { useLogout, useMenuModel, useMenuPanel, useSession } from '@digital-assistant/react';
import { AppShell } from '@digital-assistant/ui';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/** The app shell for signed-in screens: menu panel by the headless menu model, header, content. */
export function Shell({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const menu = useMenuModel(pathname);
  const panel = useMenuPanel();
  const { logout } = useLogout();
  return (
    <AppShell.Root isMenuOpen={panel.isOpen} onMenuOpenChange={panel.setOpen} currentPath={pathname}>
      <AppShell.MenuPanel>
        <AppShell.MenuHeader chatHref={menu.header.to} title={menu.header.title} />
        <AppShell.MenuNav>
          <AppShell.MenuLink href={menu.discover.to}>{menu.discover.label}</AppShell.MenuLink>
          {menu.agents.length > 0 ? (
            <AppShell.AgentsSection
              isElkDisabled={menu.agents.find((item) => item.id === 'elk')?.isDisabled}
            />
          ) : null}
          {menu.admin ? <AppShell.AdminSection /> : null}
        </AppShell.MenuNav>
        {user ? <AppShell.Footer user={user} onLogout={() => void logout()} /> : null}
      </AppShell.MenuPanel>
      <AppShell.Main>
        <AppShell.Header title={title} />
        <AppShell.Content>{children}</AppShell.Content>
      </AppShell.Main>
    </AppShell.Root>
  );
}

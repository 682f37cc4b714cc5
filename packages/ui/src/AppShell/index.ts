import type { ReactNode } from 'react';
import { AppShellAdminSection, type AppShellAdminSectionProps } from './AppShellAdminSection';
import { AppShellAgentsSection, type AppShellAgentsSectionProps } from './AppShellAgentsSection';
import { AppShellContent, type AppShellContentProps } from './AppShellContent';
import { AppShellFooter, type AppShellFooterProps } from './AppShellFooter';
import { AppShellHeader, type AppShellHeaderProps } from './AppShellHeader';
import { AppShellMain, type AppShellMainProps } from './AppShellMain';
import { AppShellMenuHeader, type AppShellMenuHeaderProps } from './AppShellMenuHeader';
import { AppShellMenuLink, type AppShellMenuLinkProps } from './AppShellMenuLink';
import { AppShellMenuNav, type AppShellMenuNavProps } from './AppShellMenuNav';
import { AppShellMenuPanel, type AppShellMenuPanelProps } from './AppShellMenuPanel';
import { AppShellMenuSection, type AppShellMenuSectionProps } from './AppShellMenuSection';
import { AppShellRoot, type AppShellRootProps } from './AppShellRoot';
import { AppShellSkipLink, type AppShellSkipLinkProps } from './AppShellSkipLink';

/**
 * The application frame as compound parts. Every part must be inside `AppShell.Root`; each part's
 * props type is exported (`AppShellRootProps`...).
 *
 * @example
 * <AppShell.Root isMenuOpen={open} onMenuOpenChange={setOpen} currentPath={pathname}>
 *   <AppShell.SkipLink />
 *   <AppShell.MenuPanel>
 *     <AppShell.MenuHeader chatHref="/chat" />
 *     <AppShell.MenuNav>
 *       <AppShell.MenuLink href="/discover">Discover</AppShell.MenuLink>
 *     </AppShell.MenuNav>
 *     <AppShell.Footer user={user} onLogout={logout} />
 *   </AppShell.MenuPanel>
 *   <AppShell.Main>
 *     <AppShell.Header title="Chat" />
 *     <AppShell.Content>…</AppShell.Content>
 *   </AppShell.Main>
 * </AppShell.Root>
 */
export const AppShell: {
  /** The frame: holds the menu's open state (docked or as a drawer) and the current path. */
  Root: (props: AppShellRootProps) => ReactNode;
  /** The first link of the page, leading past the menu (to `AppShell.Content` by default). */
  SkipLink: (props: AppShellSkipLinkProps) => ReactNode;
  /** The left panel: docked and collapsible in wide windows, a modal drawer in narrow ones. */
  MenuPanel: (props: AppShellMenuPanelProps) => ReactNode;
  /** Logo and product title at the top of the menu; both link to chat. */
  MenuHeader: (props: AppShellMenuHeaderProps) => ReactNode;
  /** The scrollable navigation area between the menu header and footer. */
  MenuNav: (props: AppShellMenuNavProps) => ReactNode;
  /** A titled group of menu links. */
  MenuSection: (props: AppShellMenuSectionProps) => ReactNode;
  /** One entry of the menu (`data-current` on the current page's); following it closes a drawer. */
  MenuLink: (props: AppShellMenuLinkProps) => ReactNode;
  /** The 'Agents' menu section: Code Review and Elk Agent. */
  AgentsSection: (props: AppShellAgentsSectionProps) => ReactNode;
  /** The 'Admin' menu section; render it only for administrators. */
  AdminSection: (props: AppShellAdminSectionProps) => ReactNode;
  /** Bottom of the menu: the user's initials and name; pressing it opens the profile popup. */
  Footer: (props: AppShellFooterProps) => ReactNode;
  /** The column right of the menu panel. */
  Main: (props: AppShellMainProps) => ReactNode;
  /** Top bar of the main column with the 'Toggle menu' button and the page title. */
  Header: (props: AppShellHeaderProps) => ReactNode;
  /** The page area (the document's `main` landmark). */
  Content: (props: AppShellContentProps) => ReactNode;
} = {
  Root: AppShellRoot,
  SkipLink: AppShellSkipLink,
  MenuPanel: AppShellMenuPanel,
  MenuHeader: AppShellMenuHeader,
  MenuNav: AppShellMenuNav,
  MenuSection: AppShellMenuSection,
  MenuLink: AppShellMenuLink,
  AgentsSection: AppShellAgentsSection,
  AdminSection: AppShellAdminSection,
  Footer: AppShellFooter,
  Main: AppShellMain,
  Header: AppShellHeader,
  Content: AppShellContent,
};

export type { AppShellAdminSectionProps } from './AppShellAdminSection';
export type { AppShellAgentsSectionProps } from './AppShellAgentsSection';
export type { AppShellContentProps } from './AppShellContent';
export type { AppShellContextValue, AppShellMenuMode } from './AppShellContext';
export { useAppShell } from './AppShellContext';
export type { AppShellFooterProps } from './AppShellFooter';
export type { AppShellHeaderProps } from './AppShellHeader';
export type { AppShellMainProps } from './AppShellMain';
export type { AppShellMenuHeaderProps } from './AppShellMenuHeader';
export type { AppShellMenuLinkProps } from './AppShellMenuLink';
export type { AppShellMenuNavProps } from './AppShellMenuNav';
export type { AppShellMenuPanelProps } from './AppShellMenuPanel';
export type { AppShellMenuSectionProps } from './AppShellMenuSection';
export type { AppShellRootProps } from './AppShellRoot';
export type { AppShellSkipLinkProps } from './AppShellSkipLink';
export {
  AppShellAdminSection,
  AppShellAgentsSection,
  AppShellContent,
  AppShellFooter,
  AppShellHeader,
  AppShellMain,
  AppShellMenuHeader,
  AppShellMenuLink,
  AppShellMenuNav,
  AppShellMenuPanel,
  AppShellMenuSection,
  AppShellRoot,
  AppShellSkipLink,
};

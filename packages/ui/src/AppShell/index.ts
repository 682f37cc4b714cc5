import { AppShellAdminSection } from './AppShellAdminSection';
import { AppShellAgentsSection } from './AppShellAgentsSection';
import { AppShellContent } from './AppShellContent';
import { AppShellFooter } from './AppShellFooter';
import { AppShellHeader } from './AppShellHeader';
import { AppShellMain } from './AppShellMain';
import { AppShellMenuHeader } from './AppShellMenuHeader';
import { AppShellMenuLink } from './AppShellMenuLink';
import { AppShellMenuNav } from './AppShellMenuNav';
import { AppShellMenuPanel } from './AppShellMenuPanel';
import { AppShellMenuSection } from './AppShellMenuSection';
import { AppShellRoot } from './AppShellRoot';
import { AppShellSkipLink } from './AppShellSkipLink';

/** The application frame as compound parts. Every part must be inside `AppShell.Root`. */
export const AppShell = {
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
export type { AppShellContextValue } from './AppShellContext';
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

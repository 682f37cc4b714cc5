export type {
  AppShellAdminSectionProps,
  AppShellAgentsSectionProps,
  AppShellContentProps,
  AppShellContextValue,
  AppShellFooterProps,
  AppShellHeaderProps,
  AppShellMainProps,
  AppShellMenuHeaderProps,
  AppShellMenuLinkProps,
  AppShellMenuNavProps,
  AppShellMenuPanelProps,
  AppShellMenuSectionProps,
  AppShellRootProps,
} from './AppShell';
export {
  AppShell,
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
  useAppShell,
} from './AppShell';
export type { AvatarProps } from './Avatar/Avatar';
export { Avatar } from './Avatar/Avatar';
export type {
  ButtonProps,
  ButtonSize,
  ButtonVariant,
  IconButtonProps,
  LinkButtonProps,
} from './Button/Button';
export { Button, IconButton, LinkButton } from './Button/Button';
export type { ConfirmDialogProps } from './ConfirmDialog/ConfirmDialog';
export { ConfirmDialog } from './ConfirmDialog/ConfirmDialog';
export type { HealthPageProps } from './HealthPage/HealthPage';
export { HealthPage } from './HealthPage/HealthPage';
export type { LoggedOutScreenProps } from './LoginScreen/LoggedOutScreen';
export { LoggedOutScreen } from './LoginScreen/LoggedOutScreen';
export type { LoginScreenProps } from './LoginScreen/LoginScreen';
export { LoginScreen } from './LoginScreen/LoginScreen';
export type { LogoProps } from './Logo/Logo';
export { Logo } from './Logo/Logo';
export type { PageHeaderProps } from './PageHeader/PageHeader';
export { PageHeader } from './PageHeader/PageHeader';
export type { ProfilePopupProps, ProfileUser } from './ProfilePopup/ProfilePopup';
export { ProfilePopup } from './ProfilePopup/ProfilePopup';

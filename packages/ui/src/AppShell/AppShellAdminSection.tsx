import { ChatIcon, FileIcon, UsersIcon } from '../icons/icons';
import { useAppShell } from './AppShellContext';
import { AppShellMenuLink } from './AppShellMenuLink';
import { AppShellMenuSection } from './AppShellMenuSection';

/** Props of `AppShell.AdminSection`. */
export interface AppShellAdminSectionProps {
  /** @default '/users' */
  usersHref?: string;
  /** @default '/status' */
  statusHref?: string;
  /** @default '/menu/chat' */
  adminChatHref?: string;
}

/** The 'Admin' menu section; render it only for administrators. */
export function AppShellAdminSection({
  usersHref = '/users',
  statusHref = '/status',
  adminChatHref = '/menu/chat',
}: AppShellAdminSectionProps) {
  useAppShell('AppShell.AdminSection');
  return (
    <AppShellMenuSection title="Admin">
      <AppShellMenuLink href={usersHref} icon={<UsersIcon />}>
        Users &amp; Permissions
      </AppShellMenuLink>
      <AppShellMenuLink href={statusHref} icon={<FileIcon />}>
        File Status
      </AppShellMenuLink>
      <AppShellMenuLink href={adminChatHref} icon={<ChatIcon />}>
        Admin Chat
      </AppShellMenuLink>
    </AppShellMenuSection>
  );
}

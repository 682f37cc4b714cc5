import { ChatIcon, FileIcon, SearchIcon, ThumbUpIcon, UsersIcon } from '../icons/icons';
import { useAppShell } from './AppShellContext';
import { AppShellMenuLink } from './AppShellMenuLink';
import { AppShellMenuSection } from './AppShellMenuSection';

/** Props of `AppShell.AdminSection`. */
export interface AppShellAdminSectionProps {
  /** @default '/users' */
  usersHref?: string;
  /** @default '/status' */
  statusHref?: string;
  /** The Feedback page's address; without it (a server without answer feedback) no link. */
  feedbackHref?: string;
  /** The Knowledge Gaps page's address; without it no link. */
  knowledgeGapsHref?: string;
  /** @default '/menu/chat' */
  adminChatHref?: string;
}

/** The 'Admin' menu section; render it only for administrators. */
export function AppShellAdminSection({
  usersHref = '/users',
  statusHref = '/status',
  feedbackHref,
  knowledgeGapsHref,
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
      {feedbackHref ? (
        <AppShellMenuLink href={feedbackHref} icon={<ThumbUpIcon />}>
          Feedback
        </AppShellMenuLink>
      ) : null}
      {knowledgeGapsHref ? (
        <AppShellMenuLink href={knowledgeGapsHref} icon={<SearchIcon />}>
          Knowledge Gaps
        </AppShellMenuLink>
      ) : null}
      <AppShellMenuLink href={adminChatHref} icon={<ChatIcon />}>
        Admin Chat
      </AppShellMenuLink>
    </AppShellMenuSection>
  );
}

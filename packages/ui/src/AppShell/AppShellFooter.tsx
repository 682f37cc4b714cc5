import { displayName } from '@digital-assistant/react';
import { Button, DialogTrigger, Popover } from 'react-aria-components';
import { Avatar } from '../Avatar/Avatar';
import { ChevronDownIcon } from '../icons/icons';
import { ProfilePopup, type ProfileUser } from '../ProfilePopup/ProfilePopup';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.Footer`. */
export interface AppShellFooterProps {
  /** Who is signed in. */
  user: ProfileUser;
  /** Where the popup's 'Chat' goes. @default '/chat' */
  chatHref?: string;
  /** Called when 'Logout' is pressed in the profile popup. */
  onLogout: () => void;
}

/** Bottom of the menu: the user's initials and name (or e-mail); pressing it opens the profile popup. */
export function AppShellFooter({ user, chatHref, onLogout }: AppShellFooterProps) {
  useAppShell('AppShell.Footer');
  const label = displayName(user);
  return (
    <div className="da-menu-footer">
      <DialogTrigger>
        <Button className="da-menu-footer-button">
          <Avatar name={user.name} email={user.email} />
          <span className="da-menu-footer-name">{label}</span>
          <ChevronDownIcon className="da-icon da-menu-footer-chevron" />
        </Button>
        <Popover placement="top start" offset={8} className="da-popover">
          <ProfilePopup user={user} chatHref={chatHref} onLogout={onLogout} />
        </Popover>
      </DialogTrigger>
    </div>
  );
}

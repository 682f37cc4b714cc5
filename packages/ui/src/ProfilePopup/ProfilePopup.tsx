import { profilePopupModel, type User } from '@digital-assistant/react';
import { Dialog, Heading } from 'react-aria-components';
import { Avatar } from '../Avatar/Avatar';
import { Button, LinkButton } from '../Button/Button';
import { ChatIcon, LogoutIcon } from '../icons/icons';

/**
 * The signed-in person as the profile popup shows them: the SDK's `User` (from `GET /api/auth`)
 * or any object with its e-mail and role; the name may be missing ('User' is shown).
 */
export type ProfileUser = Pick<User, 'email' | 'role'> & {
  /** Display name; 'User' is shown when empty. */
  name?: string | null;
  /** Application version string. */
  version?: string | null;
};

/** Props of `ProfilePopup`. */
export interface ProfilePopupProps {
  /** Who is signed in. */
  user: ProfileUser;
  /** Where 'Chat' goes. @default '/chat' */
  chatHref?: string;
  /** Called when 'Logout' is pressed (after the popup closes). */
  onLogout: () => void;
}

/**
 * The profile popup (240px): name (or 'User'), e-mail, Role and Version, with Chat and Logout.
 * It is a react-aria Dialog; AppShell.Footer opens it in a popover.
 */
export function ProfilePopup({ user, chatHref = '/chat', onLogout }: ProfilePopupProps) {
  const model = profilePopupModel({
    ...user,
    name: user.name ?? undefined,
    version: user.version ?? undefined,
  });
  return (
    <Dialog className="da-profile-popup" aria-label="Profile">
      {({ close }) => (
        <>
          <div className="da-profile-head">
            <Avatar name={user.name} email={user.email} size="lg" />
            <div className="da-profile-identity">
              <Heading slot="title" className="da-profile-name">
                {model.name}
              </Heading>
              <p className="da-profile-email">{user.email}</p>
            </div>
          </div>
          <dl className="da-profile-details">
            <div className="da-profile-row">
              <dt>Role</dt>
              <dd>{model.role}</dd>
            </div>
            <div className="da-profile-row">
              <dt>Version</dt>
              <dd>{model.version || '—'}</dd>
            </div>
          </dl>
          <div className="da-profile-actions">
            <LinkButton href={chatHref} onPress={close} size="sm">
              <ChatIcon />
              Chat
            </LinkButton>
            <Button
              size="sm"
              variant="danger"
              onPress={() => {
                close();
                onLogout();
              }}
            >
              <LogoutIcon />
              Logout
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

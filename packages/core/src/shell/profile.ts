/** The profile popup opened from the menu footer. */
import type { User } from '@digital-assistant/sdk';

/** Width of the profile popup, in px. */
export const PROFILE_POPUP_WIDTH = 240;

/** What the profile popup shows. */
export interface ProfilePopupModel {
  /** The user's name, or 'User' when there is none. */
  name: string;
  email: string;
  role: string;
  version: string;
  /** Where the Chat button goes. */
  chatTo: '/chat';
}

/** Builds the profile popup for a user (name fallback 'User'). */
export function profilePopupModel(user: Partial<User> | null | undefined): ProfilePopupModel {
  return {
    name: user?.name?.trim() || 'User',
    email: user?.email ?? '',
    role: user?.role ?? '',
    version: user?.version ?? '',
    chatTo: '/chat',
  };
}

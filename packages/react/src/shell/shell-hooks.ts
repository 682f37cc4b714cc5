/** Hooks of the app shell: menu panel, menu contents and profile popup. */

import {
  MENU_PANEL_ANIMATION_MS,
  MENU_PANEL_WIDTH,
  type MenuModel,
  menuModel,
  type ProfilePopupModel,
  profilePopupModel,
} from '@digital-assistant/core';
import { useMemo } from 'react';
import { useStore } from '../core/use-store';
import { useAppContext } from './app-context';

/** What {@link useMenuPanel} returns. */
export interface UseMenuPanelResult {
  isOpen: boolean;
  toggle: () => void;
  open: () => void;
  close: () => void;
  setOpen: (isOpen: boolean) => void;
  /** Expanded width in px (265). */
  width: number;
  /** Open/collapse animation in ms (225). */
  animationMs: number;
}

/** The menu panel's open state, shared by the header toggle and the panel itself. */
export function useMenuPanel(): UseMenuPanelResult {
  const { menuPanel } = useAppContext('useMenuPanel');
  const { isOpen } = useStore(menuPanel);
  return {
    isOpen,
    toggle: menuPanel.toggle,
    open: menuPanel.open,
    close: menuPanel.close,
    setOpen: menuPanel.setOpen,
    width: MENU_PANEL_WIDTH,
    animationMs: MENU_PANEL_ANIMATION_MS,
  };
}

/** What the menu lists for the signed-in user on `path` (the current location's pathname). */
export function useMenuModel(path: string): MenuModel {
  const { session } = useAppContext('useMenuModel');
  const { user, features } = useStore(session);
  return useMemo(() => menuModel(user, path, features), [user, path, features]);
}

/** What {@link useProfilePopup} returns. */
export interface UseProfilePopupResult extends ProfilePopupModel {
  /** The Chat button: goes to chat. */
  onChat: () => void;
  /** The Logout button. */
  onLogout: () => Promise<void>;
}

/** The profile popup's contents and buttons for the signed-in user. */
export function useProfilePopup(): UseProfilePopupResult {
  const { session, navigate } = useAppContext('useProfilePopup');
  const { user } = useStore(session);
  const model = useMemo(() => profilePopupModel(user), [user]);
  return { ...model, onChat: () => navigate(model.chatTo), onLogout: session.logout };
}

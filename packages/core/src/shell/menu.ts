/** The left menu panel: its constants, what it lists for a user, and its open/collapsed store. */

import { createStore, type ReadableStore } from '../store';
import { displayName, elkPermissionNote, hasElkAccess, isAdmin } from '../user';
import { isChatRoute } from './routes';

/** Width of the expanded menu panel, in px. */
export const MENU_PANEL_WIDTH = 265;
/** Duration of the open/collapse animation, in ms. */
export const MENU_PANEL_ANIMATION_MS = 225;
/** The panel opens by default when the window is wider than this, in px. */
export const MENU_PANEL_OPEN_MIN_WIDTH = 1000;

/** One link of the menu. `isDisabled` entries are shown but cannot be followed. */
export interface MenuItem {
  id: string;
  label: string;
  /** Absolute app path. */
  to: string;
  isDisabled: boolean;
  /** Why a disabled entry cannot be followed, and whom to ask. */
  disabledReason?: string;
}

/** What the menu panel shows for a user on a path. */
export interface MenuModel {
  /** Logo and title, going to chat. */
  header: { title: 'Digital Assistant'; to: '/chat' };
  /** The 'Discover' link, going to menu. */
  discover: MenuItem;
  /** True on chat routes: the History section (past conversations) is shown instead of Agents. */
  showsHistory: boolean;
  /**
   * Agents section (non-chat routes only; empty on chat routes). Elk Agent is disabled for people
   * without its permission (non-admins, or `elk_chat` from a server that lists features).
   */
  agents: MenuItem[];
  /** Admin section, `null` for non-admins. */
  admin: MenuItem[] | null;
  /** Footer label: the user's name, else e-mail. Opens the profile popup. */
  footerLabel: string;
}

/** Builds the menu for a user on a path (spec section 2, Layout), given the session's features if listed. */
export function menuModel(
  user: { name?: string | null; email?: string | null; role?: string | null } | null | undefined,
  path = '/',
  features?: readonly string[],
): MenuModel {
  const isAdministrator = isAdmin(user);
  const canUseElk = hasElkAccess(user, features);
  const showsHistory = isChatRoute(path);
  return {
    header: { title: 'Digital Assistant', to: '/chat' },
    discover: { id: 'discover', label: 'Discover', to: '/menu', isDisabled: false },
    showsHistory,
    agents: showsHistory
      ? []
      : [
          { id: 'codereview', label: 'Code Review', to: '/codereview', isDisabled: false },
          {
            id: 'elk',
            label: 'Elk Agent',
            to: '/elk',
            isDisabled: !canUseElk,
            ...(canUseElk ? {} : { disabledReason: elkPermissionNote(user?.role) }),
          },
        ],
    admin: isAdministrator
      ? [
          { id: 'users', label: 'Users & Permissions', to: '/users', isDisabled: false },
          { id: 'status', label: 'File Status', to: '/status', isDisabled: false },
          { id: 'feedback', label: 'Feedback', to: '/feedback', isDisabled: false },
          { id: 'knowledgeGaps', label: 'Knowledge Gaps', to: '/knowledge-gaps', isDisabled: false },
          { id: 'adminChat', label: 'Admin Chat', to: '/menu/chat', isDisabled: false },
        ]
      : null,
    footerLabel: displayName(user),
  };
}

/** Whether the panel starts open for a window width (open above 1000px). */
export function isMenuPanelOpenByDefault(windowWidth: number | undefined): boolean {
  return windowWidth !== undefined && windowWidth > MENU_PANEL_OPEN_MIN_WIDTH;
}

/** Snapshot of the menu panel store. */
export interface MenuPanelState {
  isOpen: boolean;
}

/** The menu panel's open/collapsed state, shared by the header toggle and the panel. */
export interface MenuPanelStore extends ReadableStore<MenuPanelState> {
  toggle(): void;
  open(): void;
  close(): void;
  setOpen(isOpen: boolean): void;
}

/**
 * Creates the menu panel store. It starts open when `isOpen` says so, otherwise when
 * `windowWidth` exceeds {@link MENU_PANEL_OPEN_MIN_WIDTH}.
 */
export function createMenuPanelStore(
  options: { windowWidth?: number; isOpen?: boolean } = {},
): MenuPanelStore {
  const store = createStore<MenuPanelState>({
    isOpen: options.isOpen ?? isMenuPanelOpenByDefault(options.windowWidth),
  });
  const setOpen = (isOpen: boolean) =>
    store.setState((state) => (state.isOpen === isOpen ? state : { isOpen }));
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    toggle: () => setOpen(!store.getSnapshot().isOpen),
    open: () => setOpen(true),
    close: () => setOpen(false),
    setOpen,
  };
}

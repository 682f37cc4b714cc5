import { createContext, useContext } from 'react';

/**
 * How the menu panel is laid out: `docked` beside the main column (wide windows), or `drawer`, a
 * modal panel over the page (1000px and below).
 */
export type AppShellMenuMode = 'docked' | 'drawer';

/** What `useAppShell` returns inside `AppShell.Root`: the menu's state and the ids its parts link. */
export interface AppShellContextValue {
  /** Whether the left menu panel is expanded. */
  isMenuOpen: boolean;
  /** Opens or collapses the menu panel. */
  setMenuOpen: (isOpen: boolean) => void;
  /** Id of the menu panel element, for the toggle's aria-controls. */
  menuId: string;
  /** Id of the page area (AppShell.Content), where the skip link leads by default. */
  contentId: string;
  /** Path of the current page; menu links to it are marked aria-current="page". */
  currentPath: string | undefined;
  /** Docked beside the page, or a modal drawer over it. */
  menuMode: AppShellMenuMode;
  /** For a link in the menu: closes the drawer once the link has been followed (does nothing when docked). */
  closeDrawerAfterNavigation: () => void;
}

export const AppShellContext = createContext<AppShellContextValue | null>(null);

/** Reads the shell's state; throws a clear error when a part is rendered outside AppShell.Root. */
export function useAppShell(part: string): AppShellContextValue {
  const context = useContext(AppShellContext);
  if (!context) throw new Error(`${part} must be used within AppShell`);
  return context;
}

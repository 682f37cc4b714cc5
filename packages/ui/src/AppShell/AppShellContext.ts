import { createContext, useContext } from 'react';

export interface AppShellContextValue {
  /** Whether the left menu panel is expanded. */
  isMenuOpen: boolean;
  /** Opens or collapses the menu panel. */
  setMenuOpen: (isOpen: boolean) => void;
  /** Id of the menu panel element, for the toggle's aria-controls. */
  menuId: string;
  /** Path of the current page; menu links to it are marked aria-current="page". */
  currentPath: string | undefined;
}

export const AppShellContext = createContext<AppShellContextValue | null>(null);

/** Reads the shell's state; throws a clear error when a part is rendered outside AppShell.Root. */
export function useAppShell(part: string): AppShellContextValue {
  const context = useContext(AppShellContext);
  if (!context) throw new Error(`${part} must be used within AppShell`);
  return context;
}

import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { AppShellContext } from './AppShellContext';

export interface AppShellRootProps {
  /** Whether the menu panel is expanded (controlled). */
  isMenuOpen?: boolean;
  /** Initial expanded state when uncontrolled. @default true */
  defaultMenuOpen?: boolean;
  /** Called with the new state when the menu toggle is pressed. */
  onMenuOpenChange?: (isOpen: boolean) => void;
  /** Path of the current page, e.g. '/users'; the matching menu link gets aria-current="page". */
  currentPath?: string;
  /** The menu panel and the main column. */
  children: ReactNode;
}

/**
 * Root of the application frame: a collapsible left menu panel (265px, 225 ms) beside the main
 * column. Every other AppShell part must be rendered inside it.
 *
 * @example
 * <AppShell.Root isMenuOpen={open} onMenuOpenChange={setOpen}>
 *   <AppShell.MenuPanel>…</AppShell.MenuPanel>
 *   <AppShell.Main><AppShell.Header title="Chat" /><AppShell.Content>…</AppShell.Content></AppShell.Main>
 * </AppShell.Root>
 */
export function AppShellRoot({
  isMenuOpen: controlledOpen,
  defaultMenuOpen = true,
  onMenuOpenChange,
  currentPath,
  children,
}: AppShellRootProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultMenuOpen);
  const isMenuOpen = controlledOpen ?? uncontrolledOpen;
  const menuId = useId();
  const setMenuOpen = useCallback(
    (isOpen: boolean) => {
      if (controlledOpen === undefined) setUncontrolledOpen(isOpen);
      onMenuOpenChange?.(isOpen);
    },
    [controlledOpen, onMenuOpenChange],
  );
  const value = useMemo(
    () => ({ isMenuOpen, setMenuOpen, menuId, currentPath }),
    [isMenuOpen, setMenuOpen, menuId, currentPath],
  );
  return (
    <AppShellContext.Provider value={value}>
      <div className="da-app-shell" data-menu-state={isMenuOpen ? 'open' : 'closed'}>
        {children}
      </div>
    </AppShellContext.Provider>
  );
}

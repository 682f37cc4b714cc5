import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { AppShellContext, type AppShellMenuMode } from './AppShellContext';
import { useMediaQuery } from './useMediaQuery';

/** Windows this narrow or narrower get the menu as a drawer (it opens by default only above 1000px). */
const DRAWER_MEDIA_QUERY = '(max-width: 1000px)';

/** Props of `AppShell.Root`. */
export interface AppShellRootProps {
  /** Whether the menu panel is expanded (controlled). */
  isMenuOpen?: boolean;
  /** Initial expanded state when uncontrolled. @default true */
  defaultMenuOpen?: boolean;
  /** Called with the new state when the menu opens or closes. */
  onMenuOpenChange?: (isOpen: boolean) => void;
  /** Path of the current page, e.g. '/users'; the matching menu link gets aria-current="page". */
  currentPath?: string;
  /**
   * `docked`: the panel sits beside the main column. `drawer`: a modal panel over the page, with a
   * close button, closed by Escape, a click outside or following a link, keeping focus inside while
   * open. By default the window decides: a drawer at 1000px and below. Crossing that width closes
   * the drawer, or opens the docked panel.
   */
  menuMode?: AppShellMenuMode;
  /** The menu panel and the main column. */
  children: ReactNode;
}

/**
 * Root of the application frame: a collapsible left menu panel (265px, 225 ms) beside the main
 * column, or over it as a drawer in narrow windows. Every other AppShell part must be rendered
 * inside it.
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
  menuMode: forcedMode,
  children,
}: AppShellRootProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultMenuOpen);
  const isMenuOpen = controlledOpen ?? uncontrolledOpen;
  const isNarrow = useMediaQuery(DRAWER_MEDIA_QUERY);
  const menuMode = forcedMode ?? (isNarrow ? 'drawer' : 'docked');
  const menuId = useId();
  const contentId = useId();
  const setMenuOpen = useCallback(
    (isOpen: boolean) => {
      if (controlledOpen === undefined) setUncontrolledOpen(isOpen);
      onMenuOpenChange?.(isOpen);
    },
    [controlledOpen, onMenuOpenChange],
  );

  // A drawer left open while the window narrows would cover the page: crossing the width resets
  // the panel to that width's default (closed as a drawer, open when docked).
  const previousMode = useRef(menuMode);
  useEffect(() => {
    if (previousMode.current === menuMode) return;
    previousMode.current = menuMode;
    const isOpenByDefault = menuMode === 'docked';
    if (isMenuOpen !== isOpenByDefault) setMenuOpen(isOpenByDefault);
  }, [menuMode, isMenuOpen, setMenuOpen]);

  // Whatever led to another page (a menu link, the profile popup's Chat), the drawer gives way to it.
  const previousPath = useRef(currentPath);
  useEffect(() => {
    if (previousPath.current === currentPath) return;
    previousPath.current = currentPath;
    if (menuMode === 'drawer' && isMenuOpen) setMenuOpen(false);
  }, [currentPath, menuMode, isMenuOpen, setMenuOpen]);

  // Deferred: a press ends before the click that follows the link, and a drawer unmounted in
  // between (no exit animation under reduced motion) would swallow that click.
  const closeDrawerAfterNavigation = useCallback(() => {
    if (menuMode === 'drawer') setTimeout(() => setMenuOpen(false), 0);
  }, [menuMode, setMenuOpen]);

  const value = useMemo(
    () => ({ isMenuOpen, setMenuOpen, menuId, contentId, currentPath, menuMode, closeDrawerAfterNavigation }),
    [isMenuOpen, setMenuOpen, menuId, contentId, currentPath, menuMode, closeDrawerAfterNavigation],
  );
  return (
    <AppShellContext.Provider value={value}>
      <div
        className="da-app-shell"
        data-menu-state={isMenuOpen ? 'open' : 'closed'}
        data-menu-mode={menuMode}
      >
        {children}
      </div>
    </AppShellContext.Provider>
  );
}

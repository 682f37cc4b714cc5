import type { MouseEvent, ReactNode } from 'react';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.SkipLink`. */
export interface AppShellSkipLinkProps {
  /**
   * The id of the element the link moves the focus to, e.g. the chat's message box.
   * @default the page area (AppShell.Content)
   */
  targetId?: string;
  /** @default 'Skip to main content' */
  children?: ReactNode;
}

/**
 * The first stop of the keyboard on every page: a link, shown only while it has the focus, that
 * moves the focus past the menu and the header to the page (or to `targetId`, such as the chat's
 * message box). Render it first inside AppShell.Root.
 *
 * @example
 * <AppShell.Root>
 *   <AppShell.SkipLink targetId="composer-openai">Skip to the message box</AppShell.SkipLink>
 *   <AppShell.MenuPanel>…</AppShell.MenuPanel>
 * </AppShell.Root>
 */
export function AppShellSkipLink({ targetId, children = 'Skip to main content' }: AppShellSkipLinkProps) {
  const { contentId } = useAppShell('AppShell.SkipLink');
  const id = targetId ?? contentId;
  // Moves the focus without touching the address: a #fragment would add a history entry in the app.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'nearest' });
  };
  return (
    <a className="da-skip-link" href={`#${id}`} onClick={onClick}>
      {children}
    </a>
  );
}

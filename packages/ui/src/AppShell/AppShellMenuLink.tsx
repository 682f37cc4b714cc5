import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.MenuLink`. */
export interface AppShellMenuLinkProps {
  /** Destination, resolved by the app's react-aria RouterProvider. */
  href: string;
  /** Leading icon. */
  icon?: ReactNode;
  /** Shown greyed out and not followable. */
  isDisabled?: boolean;
  /** Marks this link as the current page; defaults to comparing `href` with AppShell.Root's `currentPath`. */
  isCurrent?: boolean;
  /** Trailing content, e.g. a badge. */
  badge?: ReactNode;
  /** Label. */
  children: ReactNode;
}

/**
 * One entry of the menu. State is styled through `data-current` and react-aria's `data-disabled`.
 * Following it closes the menu when it is a drawer.
 */
export function AppShellMenuLink({
  href,
  icon,
  isDisabled,
  isCurrent,
  badge,
  children,
}: AppShellMenuLinkProps) {
  const { currentPath, closeDrawerAfterNavigation } = useAppShell('AppShell.MenuLink');
  const current = isCurrent ?? (currentPath !== undefined && currentPath === href);
  return (
    <Link
      href={href}
      isDisabled={isDisabled}
      onPress={closeDrawerAfterNavigation}
      className="da-menu-link"
      aria-current={current ? 'page' : undefined}
      data-current={current || undefined}
    >
      {icon ? <span className="da-menu-link-icon">{icon}</span> : null}
      <span className="da-menu-link-label">{children}</span>
      {badge ? <span className="da-menu-link-badge">{badge}</span> : null}
    </Link>
  );
}

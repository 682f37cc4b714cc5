import { type ReactNode, useId } from 'react';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.MenuSection`. */
export interface AppShellMenuSectionProps {
  /** Section heading, e.g. 'Agents'. */
  title: string;
  /** AppShell.MenuLink entries. */
  children: ReactNode;
}

/** A titled group of menu links. */
export function AppShellMenuSection({ title, children }: AppShellMenuSectionProps) {
  useAppShell('AppShell.MenuSection');
  const headingId = useId();
  return (
    <section className="da-menu-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="da-menu-section-title">
        {title}
      </h2>
      <div className="da-menu-section-items">{children}</div>
    </section>
  );
}

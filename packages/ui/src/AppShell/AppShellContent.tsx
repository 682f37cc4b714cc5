import type { ReactNode } from 'react';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.Content`. */
export interface AppShellContentProps {
  /** The page. */
  children: ReactNode;
}

/** The page area (the document's `main` landmark), where AppShell.SkipLink leads by default. */
export function AppShellContent({ children }: AppShellContentProps) {
  const { contentId } = useAppShell('AppShell.Content');
  return (
    <main id={contentId} className="da-shell-content" tabIndex={-1}>
      {children}
    </main>
  );
}

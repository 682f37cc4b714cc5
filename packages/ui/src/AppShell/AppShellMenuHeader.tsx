import { Link } from 'react-aria-components';
import { Logo } from '../Logo/Logo';
import { useAppShell } from './AppShellContext';

/** Props of `AppShell.MenuHeader`. */
export interface AppShellMenuHeaderProps {
  /** Where the logo and title go. @default '/chat' */
  chatHref?: string;
  /** Product title. @default 'Digital Assistant' */
  title?: string;
}

/** Logo and product title at the top of the menu; both link to chat. */
export function AppShellMenuHeader({
  chatHref = '/chat',
  title = 'Digital Assistant',
}: AppShellMenuHeaderProps) {
  const { closeDrawerAfterNavigation } = useAppShell('AppShell.MenuHeader');
  return (
    <div className="da-menu-header">
      <Link href={chatHref} className="da-menu-brand" onPress={closeDrawerAfterNavigation}>
        <Logo size={30} />
        <span className="da-menu-brand-title">{title}</span>
      </Link>
    </div>
  );
}

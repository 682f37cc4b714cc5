import type { ReactNode } from 'react';
import { Heading, Link } from 'react-aria-components';
import { IconButton } from '../Button/Button';
import { CloseIcon } from '../icons/icons';

/** Props of `PageHeader`. */
export interface PageHeaderProps {
  /** Page title (rendered as the page's h1). */
  title: ReactNode;
  /** Where the close button goes, e.g. '/menu'. Renders a link. */
  closeHref?: string;
  /** Called by the close button when there is no `closeHref`. */
  onClose?: () => void;
  /** Accessible name of the close control. @default 'Close' */
  closeLabel?: string;
  /** Actions shown before the close control. */
  children?: ReactNode;
}

/** A page's title bar with optional actions and a close control. */
export function PageHeader({ title, closeHref, onClose, closeLabel = 'Close', children }: PageHeaderProps) {
  return (
    <div className="da-page-header">
      <Heading level={1} className="da-page-title">
        {title}
      </Heading>
      <div className="da-page-actions">
        {children}
        {closeHref ? (
          <Link
            href={closeHref}
            aria-label={closeLabel}
            className="da-button da-icon-button"
            data-variant="ghost"
          >
            <CloseIcon />
          </Link>
        ) : onClose ? (
          <IconButton aria-label={closeLabel} onPress={onClose}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </div>
    </div>
  );
}

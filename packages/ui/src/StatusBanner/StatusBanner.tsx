import type { Notice, NoticeKind } from '@digital-assistant/react';
import type { ReactNode } from 'react';
import { IconButton } from '../Button/Button';
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon } from '../icons/icons';

/** Props of `StatusBanner`. */
export interface StatusBannerProps {
  /** info and success are polite (role=status); error is assertive (role=alert). */
  kind: NoticeKind;
  /** The message, e.g. 'Successfully added user a@example.com.'. */
  children: ReactNode;
  /** Shows a dismiss button when given. */
  onDismiss?: () => void;
}

const icons = { info: InfoIcon, success: SuccessIcon, error: AlertIcon } as const;

/** One success, error or info message (spec section 8), coloured and iconed by its kind. */
export function StatusBanner({ kind, children, onDismiss }: StatusBannerProps) {
  const Icon = icons[kind];
  return (
    <div className="da-status-banner" data-kind={kind} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon />
      <div className="da-status-banner-text">{children}</div>
      {onDismiss ? (
        <IconButton aria-label="Dismiss" size="sm" onPress={onDismiss}>
          <CloseIcon />
        </IconButton>
      ) : null}
    </div>
  );
}

/** Props of `NoticeStack`. */
export interface NoticeStackProps {
  /** Notices to show, oldest first (the headless notice store's `notices`). */
  notices: readonly Notice[];
  /** Dismisses one notice. */
  onDismiss?: (id: number) => void;
  /** Shows only the newest notices. @default 3 */
  maxVisible?: number;
}

/** Toasts in the bottom-right corner: the newest notices of the headless notice store. */
export function NoticeStack({ notices, onDismiss, maxVisible = 3 }: NoticeStackProps) {
  const visible = notices.slice(-maxVisible);
  return (
    <div className="da-notice-stack">
      {visible.map((notice) => (
        <StatusBanner
          key={notice.id}
          kind={notice.kind}
          onDismiss={onDismiss ? () => onDismiss(notice.id) : undefined}
        >
          {notice.text}
        </StatusBanner>
      ))}
    </div>
  );
}

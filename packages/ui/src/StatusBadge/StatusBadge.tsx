import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../utils/classNames';

/**
 * What a status means, which sets its colours: `success` (active, ready, done), `error` (failed,
 * revoked, not ready), `progress` (queued or running), `info` (kept, nothing went wrong), `action`
 * (something for a person to do) and `muted` (no longer in force: expired, deactivated).
 */
export type StatusBadgeTone = 'success' | 'error' | 'progress' | 'info' | 'action' | 'muted';

/** Props of {@link StatusBadge}. */
export interface StatusBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** What the status means; the badge's `data-tone`. */
  tone: StatusBadgeTone;
  /**
   * A dot before the words, for a state that holds (Active, Ready).
   * @default false
   */
  hasDot?: boolean;
  /** An icon before the words (a spinner while in progress, a tick when done). */
  icon?: ReactNode;
  /** The status in words, as the person reads it. */
  children: ReactNode;
}

/**
 * A status pill: a token's, a user's, a document's or a code review's status, in one look whose
 * colour says what it means (`tone`). Other attributes (`data-state`, a class of the table's own)
 * go on its element.
 *
 * @example
 * <StatusBadge tone="success" hasDot>Active</StatusBadge>
 * <StatusBadge tone="progress" icon={<SpinnerIcon />}>Processing</StatusBadge>
 */
export function StatusBadge({ tone, hasDot = false, icon, className, children, ...rest }: StatusBadgeProps) {
  return (
    <span
      {...rest}
      className={cx('da-status-badge', className)}
      data-tone={tone}
      data-dot={hasDot || undefined}
    >
      {icon}
      {children}
    </span>
  );
}

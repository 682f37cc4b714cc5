import { initials as initialsOf } from '@digital-assistant/react';

/** Props of `Avatar`. */
export interface AvatarProps {
  /** Person's name; its initials are shown. */
  name?: string | null;
  /** Used for the initial when there is no name. */
  email?: string;
  /** Size. @default 'md' */
  size?: 'sm' | 'md' | 'lg';
}

/** A round badge with a person's initials (at most two letters). Decorative: the name is always shown beside it. */
export function Avatar({ name, email, size = 'md' }: AvatarProps) {
  const initials = initialsOf(name) || initialsOf(email?.split('@')[0]) || '?';
  return (
    <span className="da-avatar" data-size={size} aria-hidden="true">
      {initials}
    </span>
  );
}

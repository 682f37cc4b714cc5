import { type ReactNode, type Ref, useEffect, useId } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { withClassName } from '../utils/classNames';

/** Visual weight of a button. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** Size of a button. */
export type ButtonSize = 'sm' | 'md';

/** Props of `Button`. */
export interface ButtonProps extends AriaButtonProps {
  /** Visual weight. @default 'secondary' */
  variant?: ButtonVariant;
  /** Size. @default 'md' */
  size?: ButtonSize;
  /** The button element, e.g. to give it the focus. */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * react-aria's Button announces a focused button turning pending (and back) through its live
 * announcer: an image labelled by the button's id, kept there for seven seconds. A button that goes
 * away meanwhile (a dialog's Submit closing it, a tab's toolbar) leaves an image with no name in the
 * page (axe's role-img-alt, and nothing a screen reader can say): its announcements go with it.
 */
function forgetAnnouncements(buttonId: string) {
  const forget = () => {
    for (const image of document.querySelectorAll('[data-live-announcer] [role="img"][aria-labelledby]')) {
      if (image.getAttribute('aria-labelledby')?.split(/\s+/).includes(buttonId)) image.remove();
    }
  };
  forget();
  // The announcer's first announcement is added 100 ms after it is asked for.
  setTimeout(forget, 150);
}

/** A react-aria Button with the product's look. State is styled through `data-pressed`, `data-hovered`, `data-disabled`... */
export function Button({ variant = 'secondary', size = 'md', className, id, ...props }: ButtonProps) {
  const ownId = useId();
  const buttonId = id ?? ownId;
  // Only a button that can be pending is announced (see forgetAnnouncements).
  const canBePending = props.isPending !== undefined;
  useEffect(() => {
    if (!canBePending) return;
    return () => forgetAnnouncements(buttonId);
  }, [canBePending, buttonId]);
  return (
    <AriaButton
      {...props}
      id={canBePending ? buttonId : id}
      data-variant={variant}
      data-size={size}
      className={withClassName('da-button', className)}
    />
  );
}

/** Props of `LinkButton`. */
export interface LinkButtonProps extends AriaLinkProps {
  /** Visual weight. @default 'secondary' */
  variant?: ButtonVariant;
  /** Size. @default 'md' */
  size?: ButtonSize;
}

/** A navigation link that looks like a button (goes through the app's react-aria RouterProvider). */
export function LinkButton({ variant = 'secondary', size = 'md', className, ...props }: LinkButtonProps) {
  return (
    <AriaLink
      {...props}
      data-variant={variant}
      data-size={size}
      className={withClassName('da-button', className)}
    />
  );
}

/** Props of `IconButton`. */
export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  /** Accessible name; icon buttons have no visible text. */
  'aria-label': string;
  /** The icon. */
  children: ReactNode;
}

/** A square button that shows only an icon; its `aria-label` names it. */
export function IconButton({ variant = 'ghost', className, ...props }: IconButtonProps) {
  return <Button {...props} variant={variant} className={withClassName('da-icon-button', className)} />;
}

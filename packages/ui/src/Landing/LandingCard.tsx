import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { Button, LinkButton } from '../Button/Button';
import { InfoIcon } from '../icons/icons';

/** Props of `LandingCard`. */
export interface LandingCardProps {
  /** Card title, e.g. 'Code Enhancement Agent'. */
  title: string;
  /** What it does. */
  description: string;
  /** Decorative icon. */
  icon?: ReactNode;
  /** Label of the action button, e.g. 'Upload'. */
  actionLabel: string;
  /** Where the action goes (renders a link). */
  href?: string;
  /** What the action does when there is no `href` (renders a button). */
  onAction?: () => void;
  /** A small tag next to the title, e.g. 'Admin'. */
  tag?: string;
  /** Shown but not usable. */
  isDisabled?: boolean;
  /** A line under the text, e.g. why the card is disabled and whom to ask. */
  note?: string;
}

/** One card of a landing page: icon, title, text and one action. */
export function LandingCard({
  title,
  description,
  icon,
  actionLabel,
  href,
  onAction,
  tag,
  isDisabled,
  note,
}: LandingCardProps) {
  return (
    <article className="da-landing-card" data-disabled={isDisabled || undefined}>
      <div className="da-landing-card-top">
        {icon ? <span className="da-landing-card-icon">{icon}</span> : null}
        {tag ? <span className="da-badge">{tag}</span> : null}
      </div>
      <Heading level={2} className="da-landing-card-title">
        {title}
      </Heading>
      <p className="da-landing-card-text">{description}</p>
      {note ? (
        <p className="da-landing-card-note">
          <InfoIcon />
          <span>{note}</span>
        </p>
      ) : null}
      <div className="da-landing-card-action">
        {href ? (
          <LinkButton
            href={href}
            variant="primary"
            isDisabled={isDisabled}
            aria-label={`${actionLabel}: ${title}`}
          >
            {actionLabel}
          </LinkButton>
        ) : (
          <Button
            variant="primary"
            onPress={onAction}
            isDisabled={isDisabled}
            aria-label={`${actionLabel}: ${title}`}
          >
            {actionLabel}
          </Button>
        )}
      </div>
    </article>
  );
}

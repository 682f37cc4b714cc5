import { Heading } from 'react-aria-components';
import { BookIcon, ChartIcon, ChatIcon, CodeIcon, FileIcon, UsersIcon } from '../icons/icons';
import { LandingCard } from './LandingCard';

/** Destinations of the landing cards; every one has the spec's default. */
export interface LandingLinks {
  /** @default '/codereview' */
  codeReviewHref?: string;
  /** @default '/elk' */
  elkHref?: string;
  /** @default '/menu/chat' */
  adminChatHref?: string;
  /** @default '/users' */
  usersHref?: string;
  /** @default '/status' */
  statusHref?: string;
}

export interface LandingCardsProps extends LandingLinks {
  /** Shows the admin-only cards (Train Bot, Admin Chat, Users, Status). */
  isAdmin: boolean;
  /** Opens the training upload window (Train Bot card). */
  onTrainBot?: () => void;
  /** Shows the ELK card disabled with a 'Coming soon' tag. @default false */
  isElkComingSoon?: boolean;
}

/** The cards of the landing pages: the two agents, then the admin-only cards. */
export function LandingCards({
  isAdmin,
  onTrainBot,
  isElkComingSoon = false,
  codeReviewHref = '/codereview',
  elkHref = '/elk',
  adminChatHref = '/menu/chat',
  usersHref = '/users',
  statusHref = '/status',
}: LandingCardsProps) {
  return (
    <div className="da-landing-grid">
      <LandingCard
        title="Code Enhancement Agent"
        description="Upload your python files as .zip to receive potential improvements, in both code & docstrings"
        icon={<CodeIcon />}
        actionLabel="Upload"
        href={codeReviewHref}
      />
      <LandingCard
        title="ELK Agent"
        description="Get ELK metrics for a specific environment/tenant over a period of time."
        icon={<ChartIcon />}
        actionLabel="Chat"
        href={elkHref}
        tag={isElkComingSoon ? 'Coming soon' : undefined}
        isDisabled={isElkComingSoon}
      />
      {isAdmin ? (
        <>
          <LandingCard
            title="Train Bot"
            description="Upload documents to the knowledge base the assistant answers from."
            icon={<BookIcon />}
            actionLabel="Upload"
            onAction={onTrainBot}
            tag="Admin"
          />
          <LandingCard
            title="Admin Chat"
            description="Chat with the knowledge assistant and see the sources behind each answer."
            icon={<ChatIcon />}
            actionLabel="Chat"
            href={adminChatHref}
            tag="Admin"
          />
          <LandingCard
            title="Users"
            description="Manage users, role groups and their feature permissions, and access tokens."
            icon={<UsersIcon />}
            actionLabel="Open"
            href={usersHref}
            tag="Admin"
          />
          <LandingCard
            title="Status"
            description="See which training documents are ready to answer from."
            icon={<FileIcon />}
            actionLabel="Open"
            href={statusHref}
            tag="Admin"
          />
        </>
      ) : null}
    </div>
  );
}

/** Props of the two landing pages. */
export type LandingPageProps = LandingCardsProps;

/** The agents landing page: the Code Enhancement and ELK agents, plus admin cards for admins. */
export function AgentsLanding(props: LandingPageProps) {
  return (
    <div className="da-page">
      <div className="da-landing-intro">
        <Heading level={1} className="da-page-title">
          Agents
        </Heading>
        <p className="da-landing-lead">Specialised assistants for code and operations.</p>
      </div>
      <LandingCards {...props} />
    </div>
  );
}

/** The Discover page (menu): the same cards, introduced as everything the assistant offers. */
export function DiscoverLanding(props: LandingPageProps) {
  return (
    <div className="da-page">
      <div className="da-landing-intro">
        <Heading level={1} className="da-page-title">
          Discover
        </Heading>
        <p className="da-landing-lead">Everything Digital Assistant can do for you.</p>
      </div>
      <LandingCards {...props} />
    </div>
  );
}

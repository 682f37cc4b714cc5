import { Heading } from 'react-aria-components';
import { BookIcon, ChartIcon, ChatIcon, CodeIcon, FileIcon, UsersIcon } from '../icons/icons';
import { LandingCard, type LandingCardProps } from './LandingCard';

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

/** Props of `LandingCards`. */
export interface LandingCardsProps extends LandingLinks {
  /** Shows the admin-only cards (Train Bot, Admin Chat, Users, Status). */
  isAdmin: boolean;
  /** Opens the training upload window (Train Bot card). */
  onTrainBot?: () => void;
  /** Shows the ELK card disabled with a 'Coming soon' tag. @default false */
  isElkComingSoon?: boolean;
  /**
   * The person lacks the ELK agent's permission: the card is disabled, tagged 'Needs permission',
   * and says this (why, and whom to ask; the headless `elkPermissionNote(role)`).
   */
  elkPermissionNote?: string;
}

/** The cards of the landing pages: the two agents, then the admin-only cards. */
export function LandingCards({
  isAdmin,
  onTrainBot,
  isElkComingSoon = false,
  elkPermissionNote,
  codeReviewHref = '/codereview',
  elkHref = '/elk',
  adminChatHref = '/menu/chat',
  usersHref = '/users',
  statusHref = '/status',
}: LandingCardsProps) {
  const agentCards: LandingCardProps[] = [
    {
      title: 'Code Enhancement Agent',
      description:
        'Upload your python files as .zip to receive potential improvements, in both code & docstrings',
      icon: <CodeIcon />,
      actionLabel: 'Upload',
      href: codeReviewHref,
    },
    {
      title: 'ELK Agent',
      description: 'Get ELK metrics for a specific environment/tenant over a period of time.',
      icon: <ChartIcon />,
      actionLabel: 'Chat',
      href: elkHref,
      tag: elkPermissionNote ? 'Needs permission' : isElkComingSoon ? 'Coming soon' : undefined,
      isDisabled: isElkComingSoon || Boolean(elkPermissionNote),
      note: elkPermissionNote,
    },
  ];
  const adminCards: LandingCardProps[] = [
    {
      title: 'Train Bot',
      description: 'Upload documents to the knowledge base the assistant answers from.',
      icon: <BookIcon />,
      actionLabel: 'Upload',
      onAction: onTrainBot,
    },
    {
      title: 'Admin Chat',
      description: 'Chat with the knowledge assistant and see the sources behind each answer.',
      icon: <ChatIcon />,
      actionLabel: 'Chat',
      href: adminChatHref,
    },
    {
      title: 'Users',
      description: 'Manage users, role groups and their feature permissions, and access tokens.',
      icon: <UsersIcon />,
      actionLabel: 'Open',
      href: usersHref,
    },
    {
      title: 'Status',
      description: 'See which training documents are ready to answer from.',
      icon: <FileIcon />,
      actionLabel: 'Open',
      href: statusHref,
    },
  ];
  const cards = isAdmin
    ? [...agentCards, ...adminCards.map((card) => ({ ...card, tag: 'Admin' }))]
    : agentCards;
  return (
    <div className="da-landing-grid">
      {cards.map((card) => (
        <LandingCard key={card.title} {...card} />
      ))}
    </div>
  );
}

/** Props of the two landing pages. */
export type LandingPageProps = LandingCardsProps;

function LandingPage({ title, lead, ...props }: LandingPageProps & { title: string; lead: string }) {
  return (
    <div className="da-page">
      <div className="da-landing-intro">
        <Heading level={1} className="da-page-title">
          {title}
        </Heading>
        <p className="da-landing-lead">{lead}</p>
      </div>
      <LandingCards {...props} />
    </div>
  );
}

/** The agents landing page: the Code Enhancement and ELK agents, plus admin cards for admins. */
export function AgentsLanding(props: LandingPageProps) {
  return <LandingPage title="Agents" lead="Specialised assistants for code and operations." {...props} />;
}

/** The Discover page (menu): the same cards, introduced as everything the assistant offers. */
export function DiscoverLanding(props: LandingPageProps) {
  return <LandingPage title="Discover" lead="Everything Digital Assistant can do for you." {...props} />;
}

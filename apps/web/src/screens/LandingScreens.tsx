import { useSession } from '@digital-assistant/react';
import { AgentsLanding, DiscoverLanding } from '@digital-assistant/ui';
import { useNavigate } from 'react-router';

/** Shared props of both landing pages: admin cards for admins; ELK is admin-only, so others see it coming soon. */
function useLandingProps() {
  const { isAdmin } = useSession();
  const navigate = useNavigate();
  return { isAdmin, isElkComingSoon: !isAdmin, onTrainBot: () => navigate('/train-bot') };
}

/** /agents: the landing page with the two agent cards (and the admin cards for admins). */
export function AgentsScreen() {
  return <AgentsLanding {...useLandingProps()} />;
}

/** /menu: the Discover landing page. */
export function DiscoverScreen() {
  return <DiscoverLanding {...useLandingProps()} />;
}

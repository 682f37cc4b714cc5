import { elkPermissionNote, useSession } from '@digital-assistant/react';
import { AgentsLanding, DiscoverLanding, type LandingPageProps } from '@digital-assistant/ui';
import { type ComponentType, useState } from 'react';
import { TrainBotWindows } from './knowledge/TrainBotWindows';

/**
 * A landing page: admin cards for admins; the ELK card says, to whoever lacks its permission, that
 * it needs it and whom to ask; the Train Bot card opens the upload window on the page.
 */
function Landing({ Page }: { Page: ComponentType<LandingPageProps> }) {
  const { isAdmin, hasElkAccess, user } = useSession();
  const [isUploadOpen, setUploadOpen] = useState(false);
  return (
    <>
      <Page
        isAdmin={isAdmin}
        elkPermissionNote={hasElkAccess ? undefined : elkPermissionNote(user?.role)}
        onTrainBot={() => setUploadOpen(true)}
      />
      {isAdmin ? <TrainBotWindows isOpen={isUploadOpen} onOpenChange={setUploadOpen} /> : null}
    </>
  );
}

/** /agents: the landing page with the two agent cards (and the admin cards for admins). */
export function AgentsScreen() {
  return <Landing Page={AgentsLanding} />;
}

/** /menu: the Discover landing page. */
export function DiscoverScreen() {
  return <Landing Page={DiscoverLanding} />;
}

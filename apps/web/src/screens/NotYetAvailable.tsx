import { PageHeader } from '@digital-assistant/ui';
import type { ReactNode } from 'react';

/**
 * A screen whose capability this server does not offer yet: it says so plainly instead of
 * pretending to work.
 */
export function NotYetAvailable({ title, capability }: { title: ReactNode; capability: string }) {
  return (
    <div className="da-page">
      <PageHeader title={title} closeHref="/menu" />
      <p className="app-not-available" role="note">
        {capability} is not available yet on this server.
      </p>
    </div>
  );
}

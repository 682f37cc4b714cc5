import { PageHeader } from '../PageHeader/PageHeader';

/** Props of `TenantSettingsPage`. */
export interface TenantSettingsPageProps {
  /** Where the close button returns. @default '/agents' */
  closeHref?: string;
}

/** Tenant Settings: the header 'Tenant Settings' with a close button, and (per the spec) no content yet. */
export function TenantSettingsPage({ closeHref = '/agents' }: TenantSettingsPageProps) {
  return (
    <div className="da-page">
      <PageHeader title="Tenant Settings" closeHref={closeHref} />
    </div>
  );
}

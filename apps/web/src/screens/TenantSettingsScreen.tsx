import { PageHeader } from '@digital-assistant/ui';

/** Tenant Settings: header, empty content, close returning to the landing page. */
export function TenantSettingsScreen() {
  return (
    <div className="da-page">
      <PageHeader title="Tenant Settings" closeHref="/agents" />
    </div>
  );
}

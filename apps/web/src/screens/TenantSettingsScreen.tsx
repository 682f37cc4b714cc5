import { TenantSettingsPage } from '@digital-assistant/ui';

/** Tenant Settings: header, empty content, close returning to the landing page. */
export function TenantSettingsScreen() {
  return <TenantSettingsPage closeHref="/agents" />;
}

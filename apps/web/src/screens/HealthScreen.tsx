import { HealthPage } from '@digital-assistant/ui';

/** ping, health and healthz: a plain page that needs no session. */
export function HealthScreen() {
  return <HealthPage />;
}

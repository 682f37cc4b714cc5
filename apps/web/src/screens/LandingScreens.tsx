import { PageHeader } from '@digital-assistant/ui';

export function AgentsScreen() {
  return (
    <div className="da-page">
      <PageHeader title="Agents" />
    </div>
  );
}

export function DiscoverScreen() {
  return (
    <div className="da-page">
      <PageHeader title="Discover" />
    </div>
  );
}

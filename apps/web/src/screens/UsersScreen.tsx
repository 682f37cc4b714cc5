import { PageHeader } from '@digital-assistant/ui';

export function UsersScreen() {
  return (
    <div className="da-page">
      <PageHeader title="Users and permissions" closeHref="/menu" />
    </div>
  );
}

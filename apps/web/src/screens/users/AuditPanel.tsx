import type { UseAuditLogResult } from '@digital-assistant/react';
import { AuditLogTable, Button } from '@digital-assistant/ui';

export interface AuditPanelProps {
  auditLog: UseAuditLogResult;
  actorFilter: string;
  onActorFilterChange: (actor: string) => void;
}

/** The Audit tab: administrative changes, newest first, filterable by who made them. */
export function AuditPanel({ auditLog, actorFilter, onActorFilterChange }: AuditPanelProps) {
  return (
    <div className="da-stack">
      <AuditLogTable
        events={auditLog.events}
        actorFilter={actorFilter}
        onActorFilterChange={onActorFilterChange}
        isLoading={auditLog.isPending}
        error={auditLog.error?.message ?? null}
      />
      {auditLog.hasNextPage ? (
        <div>
          <Button onPress={() => void auditLog.fetchNextPage()} isPending={auditLog.isFetchingNextPage}>
            Show older changes
          </Button>
        </div>
      ) : null}
    </div>
  );
}

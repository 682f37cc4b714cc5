// The audit log, newest first: listAuditEvents (filter by actor, page with `before`).
import type { Handlers } from '../../platform/http/contract.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../context.js';

export function createAuditHandlers({ db }: FeatureContext): Handlers {
  return defineHandlers({
    async listAuditEvents(request) {
      const { actor, limit = 100, before } = request.query;
      const conditions: string[] = [];
      const params: unknown[] = [];
      if (actor) {
        params.push(actor.trim().toLowerCase());
        conditions.push(`lower(actor) = $${params.length}`);
      }
      if (before) {
        params.push(before);
        conditions.push(`at < $${params.length}::timestamptz`);
      }
      params.push(limit);
      const { rows } = await db.query<{
        id: string;
        at: string;
        actor: string;
        action: string;
        target: string | null;
        details: unknown;
      }>(
        // Microsecond timestamps, so `before` set to the last `at` received never skips an event.
        `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, actor, action, target, details
           FROM audit_events ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
          ORDER BY audit_events.at DESC, id DESC LIMIT $${params.length}`,
        params,
      );
      return { events: rows };
    },
  });
}

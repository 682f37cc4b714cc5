// The audit log of administrative changes: who (actor e-mail, or `cli` for the admin command line),
// what (action and target), details, and when. Written in the same transaction as the change, by
// the features making it (through this feature's entry module) and the admin command line.
import type { Queryable } from '../../platform/db/db.js';

export type AuditAction =
  | 'user.create'
  | 'user.delete'
  | 'user.role_update'
  | 'user.deactivate'
  | 'user.reactivate'
  | 'role.create'
  | 'role.update'
  | 'role.delete'
  | 'token.create'
  | 'token.revoke'
  | 'knowledge.upload'
  | 'knowledge.delete'
  | 'knowledge.starter_questions'
  | 'knowledge.reingest'
  | 'knowledge.seed';

export interface AuditEntry {
  actor: string;
  action: AuditAction;
  target?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    'INSERT INTO audit_events (actor, action, target, details) VALUES ($1, $2, $3, $4::jsonb)',
    [entry.actor, entry.action, entry.target ?? null, JSON.stringify(entry.details ?? {})],
    { name: 'audit_record' },
  );
}

export interface AuditEvent {
  id: string;
  /** UTC, with microseconds. */
  at: string;
  actor: string;
  action: string;
  target: string | null;
  details: unknown;
}

/** Events newest first: of one actor (any case) if given, before a time if given, at most `limit`. */
export async function listAuditEvents(
  db: Queryable,
  filter: { actor?: string; before?: string; limit: number },
): Promise<AuditEvent[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.actor) {
    params.push(filter.actor.trim().toLowerCase());
    conditions.push(`lower(actor) = $${params.length}`);
  }
  if (filter.before) {
    params.push(filter.before);
    conditions.push(`at < $${params.length}::timestamptz`);
  }
  params.push(filter.limit);
  const { rows } = await db.query<AuditEvent>(
    // Microsecond timestamps, so `before` set to the last `at` received never skips an event.
    `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, actor, action, target, details
       FROM audit_events ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
      ORDER BY audit_events.at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows;
}

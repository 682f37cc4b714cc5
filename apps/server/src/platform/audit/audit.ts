// The audit log of administrative changes: who (actor e-mail, or `cli` for the admin command line),
// what (action and target), details, and when. Written in the same transaction as the change.
import type { Queryable } from '../db/db.js';

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

// Each user's ELK session: what the current topic is about (environment, tenant, metrics, period),
// kept in the database so a follow-up ("and in staging?", "and the week before?") resolves on any
// instance. A question fills in what it names over what the session holds; New Topic deletes it.
import type { Queryable } from '../../platform/db/db.js';
import { METRIC_KEYS, type MetricKey } from './metrics.js';
import type { QuestionParts } from './parse.js';
import { type Period, shiftPeriod } from './period.js';

export interface ElkSessionState {
  /** null: every environment (asked for explicitly). */
  environment?: string | null;
  /** null: every tenant (asked for explicitly). */
  tenant?: string | null;
  metrics?: MetricKey[];
  period?: { from: string; to: string; label: string };
}

export async function loadSession(db: Queryable, userId: string): Promise<ElkSessionState> {
  const { rows } = await db.query<{ state: ElkSessionState }>(
    'SELECT state FROM elk_sessions WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.state ?? {};
}

export async function saveSession(db: Queryable, userId: string, state: ElkSessionState): Promise<void> {
  await db.query(
    `INSERT INTO elk_sessions (user_id, state, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
    [userId, JSON.stringify(state)],
  );
}

export async function clearSession(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM elk_sessions WHERE user_id = $1', [userId]);
}

/** A question read against the session: the new state, and what is still missing or wrong. */
export interface Resolution {
  state: ElkSessionState;
  period?: Period;
  /** Parts the question (with the session) still lacks: 'target', 'metrics', 'period'. */
  missing: Array<'target' | 'metrics' | 'period'>;
  /** Things said that cannot be used (unknown names, impossible periods), for the answer. */
  problems: string[];
}

export function resolveQuestion(parts: QuestionParts, session: ElkSessionState): Resolution {
  const state: ElkSessionState = { ...session };
  const problems: string[] = [];
  if (parts.allEnvironments) state.environment = null;
  else if (parts.environment) state.environment = parts.environment;
  if (parts.allTenants) state.tenant = null;
  else if (parts.tenant) state.tenant = parts.tenant;
  // A name the source does not hold replaces the topic's: it is not answered for the old one later.
  if (parts.unknownEnvironment || parts.unknownName) delete state.environment;
  if (parts.unknownTenant || parts.unknownName) delete state.tenant;
  if (parts.metrics?.length) state.metrics = METRIC_KEYS.filter((key) => parts.metrics!.includes(key));

  const previous = session.period
    ? { from: new Date(session.period.from), to: new Date(session.period.to), label: session.period.label }
    : undefined;
  let period = previous;
  if (parts.period) period = parts.period;
  else if (parts.shift) {
    if (previous) period = shiftPeriod(previous, parts.shift);
    else problems.push(`There is no earlier period to go back from for "${parts.shift.label}".`);
  }
  if (parts.invalidPeriod) problems.push(parts.invalidPeriod);
  if (period)
    state.period = { from: period.from.toISOString(), to: period.to.toISOString(), label: period.label };

  const missing: Resolution['missing'] = [];
  if (state.environment === undefined && state.tenant === undefined) missing.push('target');
  if (!state.metrics?.length) missing.push('metrics');
  if (!period) missing.push('period');
  return { state, ...(period ? { period } : {}), missing, problems };
}

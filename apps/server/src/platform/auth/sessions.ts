// Browser sessions as credentials: an opaque random id in an HttpOnly cookie, stored only as its
// SHA-256 with the XSRF token bound to it. A session ends after SESSION_IDLE_MINUTES without use or
// SESSION_ABSOLUTE_HOURS after sign-in, whichever comes first. The identity feature creates and
// ends them (features/identity/store.ts); this finds the identity behind one on each request.
import type { Queryable } from '../db/db.js';
import {
  type Identity,
  toUserRecord,
  USER_WITH_FEATURES_COLUMNS,
  type UserWithFeaturesRow,
} from './identity.js';
import { sha256 } from './secrets.js';

export interface SessionPolicy {
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
}

interface SessionRow extends UserWithFeaturesRow {
  id_hash: string;
  xsrf_token: string;
  seen_seconds_ago: number;
}

/**
 * The identity behind a session cookie value, or undefined when unknown, expired or idle too long.
 * A deactivated user's identity is returned (`is_active` false) so the caller can say why it refuses.
 */
export async function findSessionIdentity(
  db: Queryable,
  sessionId: string,
  policy: SessionPolicy,
): Promise<Identity | undefined> {
  const idHash = sha256(sessionId);
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id_hash, s.xsrf_token, extract(epoch FROM now() - s.last_seen_at)::int AS seen_seconds_ago,
            ${USER_WITH_FEATURES_COLUMNS}
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = $1 AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => $2::int)`,
    [idHash, policy.sessionIdleMinutes],
    // Every cookie call runs it: planned once, not on each call (see QueryOptions.name).
    { name: 'find_session_identity' },
  );
  const row = rows[0];
  if (!row) return undefined;
  // Writing last_seen_at on every call would double the cost of each request; a minute is precise enough.
  if (row.is_active && row.seen_seconds_ago >= 60) {
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
  }
  return {
    user: toUserRecord(row),
    features: new Set(row.features),
    via: 'session',
    sessionHash: idHash,
    xsrfToken: row.xsrf_token,
  };
}

// The identity feature's tables: browser sessions (created at sign-in, ended at sign-out) and the
// checks of sign-ins in progress (sso_states). Finding the identity behind a session cookie on each
// request is platform/auth's (findSessionIdentity).
import { randomSecret, sha256 } from '../../platform/auth/secrets.js';
import type { SessionPolicy } from '../../platform/auth/sessions.js';
import type { Queryable } from '../../platform/db/db.js';

export interface NewSession {
  /** The cookie value; never stored. */
  sessionId: string;
  xsrfToken: string;
  expiresAt: Date;
}

export async function createSession(
  db: Queryable,
  userId: string,
  policy: SessionPolicy,
): Promise<NewSession> {
  const sessionId = randomSecret(32);
  const xsrfToken = randomSecret(24);
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO sessions (id_hash, user_id, xsrf_token, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4::int))
     RETURNING expires_at`,
    [sha256(sessionId), userId, xsrfToken, policy.sessionAbsoluteHours],
  );
  // Housekeeping: sessions past their absolute end are of no use to anyone.
  await db.query('DELETE FROM sessions WHERE expires_at < now()');
  return { sessionId, xsrfToken, expiresAt: new Date(rows[0]!.expires_at) };
}

export async function deleteSession(db: Queryable, sessionHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [sessionHash]);
}

/**
 * Ends every browser session of these users at once (users' deactivation, which reaches it through
 * FeatureContext.endUserSessions), in the caller's transaction.
 */
export async function endUserSessions(tx: Queryable, userIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM sessions WHERE user_id = ANY($1::uuid[])', [userIds]);
}

export interface SsoChecks {
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
}

/** Stores a sign-in's checks under its state, dropping those older than `ttlMinutes`. */
export async function saveSsoState(
  db: Queryable,
  state: string,
  checks: SsoChecks,
  ttlMinutes: number,
): Promise<void> {
  await db.query(`DELETE FROM sso_states WHERE created_at < now() - make_interval(mins => $1::int)`, [
    ttlMinutes,
  ]);
  await db.query('INSERT INTO sso_states (state, code_verifier, nonce, return_to) VALUES ($1, $2, $3, $4)', [
    state,
    checks.codeVerifier,
    checks.nonce,
    checks.returnTo,
  ]);
}

/** Takes (once) the checks stored under a state within `ttlMinutes`; undefined when none. */
export async function takeSsoState(
  db: Queryable,
  state: string,
  ttlMinutes: number,
): Promise<SsoChecks | undefined> {
  const { rows } = await db.query<{ code_verifier: string; nonce: string; return_to: string | null }>(
    `DELETE FROM sso_states WHERE state = $1 AND created_at > now() - make_interval(mins => $2::int)
     RETURNING code_verifier, nonce, return_to`,
    [state, ttlMinutes],
  );
  const row = rows[0];
  return row && { codeVerifier: row.code_verifier, nonce: row.nonce, returnTo: row.return_to };
}

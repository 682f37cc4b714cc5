// Personal access tokens of a user: created (random, shown once, stored as SHA-256, with an expiry),
// listed, revoked. Checking a bearer token on each request is platform/auth's (findTokenIdentity).

import { randomSecret, sha256 } from '../../platform/auth/secrets.js';
import { TOKEN_PREFIX } from '../../platform/auth/tokens.js';
import type { Queryable } from '../../platform/db/db.js';

export interface NewToken {
  id: string;
  /** The token value: returned to its owner once, never stored. */
  token: string;
  name: string;
  expiresAt: Date | null;
}

export async function createToken(
  db: Queryable,
  userId: string,
  options: { name: string; expiresInDays: number },
): Promise<NewToken> {
  const token = `${TOKEN_PREFIX}${randomSecret(32)}`;
  const { rows } = await db.query<{ id: string; expires_at: Date | null }>(
    `INSERT INTO personal_access_tokens (user_id, name, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4::int))
     RETURNING id, expires_at`,
    [userId, options.name, sha256(token), options.expiresInDays],
  );
  const row = rows[0]!;
  return {
    id: row.id,
    token,
    name: options.name,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  };
}

export interface TokenRow {
  id: string;
  name: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A user's tokens, revoked and expired ones too, newest first. */
export async function listTokens(db: Queryable, userId: string): Promise<TokenRow[]> {
  const { rows } = await db.query<TokenRow>(
    `SELECT id, name, created_at, expires_at, last_used_at, revoked_at
       FROM personal_access_tokens WHERE user_id = $1 ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows;
}

/**
 * Revokes a user's token (again: keeps the first revocation's time). Answers its name, or undefined
 * when the user has no token with this id.
 */
export async function revokeToken(db: Queryable, userId: string, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    `UPDATE personal_access_tokens SET revoked_at = coalesce(revoked_at, now())
      WHERE id = $1 AND user_id = $2 RETURNING name`,
    [id, userId],
  );
  return rows[0]?.name;
}

// Personal access tokens as credentials: the identity behind a bearer token (the tokens feature
// creates, lists and revokes them, features/tokens/store.ts).
import type { Queryable } from '../db/db.js';
import {
  type Identity,
  toUserRecord,
  USER_WITH_FEATURES_COLUMNS,
  type UserWithFeaturesRow,
} from './identity.js';
import { sha256 } from './secrets.js';

/** Prefix that makes a leaked token recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'da_pat_';

interface TokenIdentityRow extends UserWithFeaturesRow {
  token_id: string;
  used_seconds_ago: number | null;
}

/**
 * The identity behind a bearer token, or undefined when unknown, expired or revoked. A deactivated
 * user's identity is returned (`is_active` false) so the caller can say why it refuses.
 */
export async function findTokenIdentity(db: Queryable, token: string): Promise<Identity | undefined> {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  const { rows } = await db.query<TokenIdentityRow>(
    `SELECT t.id AS token_id, extract(epoch FROM now() - t.last_used_at)::int AS used_seconds_ago,
            ${USER_WITH_FEATURES_COLUMNS}
       FROM personal_access_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL
        AND (t.expires_at IS NULL OR t.expires_at > now())`,
    [sha256(token)],
    // Every bearer call runs it: planned once, not on each call (see QueryOptions.name).
    { name: 'find_token_identity' },
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.is_active && (row.used_seconds_ago === null || row.used_seconds_ago >= 60)) {
    await db.query('UPDATE personal_access_tokens SET last_used_at = now() WHERE id = $1', [row.token_id]);
  }
  return { user: toUserRecord(row), features: new Set(row.features), via: 'token', tokenId: row.token_id };
}

// Personal access tokens of the signed-in user: generateToken (shown once), listMyTokens, revokeToken.

import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Handlers } from '../../platform/http/contract.js';
import { notFound } from '../../platform/http/errors.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import { recordAudit } from '../audit/index.js';
import type { FeatureContext } from '../context.js';
import { createToken, listTokens, revokeToken } from './store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createTokensHandlers({ db, config }: FeatureContext): Handlers {
  return defineHandlers({
    async generateToken(request) {
      const { user } = requireIdentity(request);
      const query = request.query;
      const name = query.name?.trim() || `Token ${new Date().toISOString().slice(0, 10)}`;
      const expiresInDays = query.expires_in_days ?? config.tokenDefaultDays;
      const token = await db.transaction(async (tx) => {
        const created = await createToken(tx, user.id, { name, expiresInDays });
        await recordAudit(tx, {
          actor: user.email,
          action: 'token.create',
          target: user.email,
          details: { id: created.id, name, expires_at: iso(created.expiresAt) },
        });
        return created;
      });
      return {
        message: 'Personal access token created. It is shown only once: copy it now.',
        personal_access_token: token.token,
        id: token.id,
        expires_at: iso(token.expiresAt),
      };
    },

    async listMyTokens(request) {
      const { user } = requireIdentity(request);
      const rows = await listTokens(db, user.id);
      return {
        tokens: rows.map((row) => ({
          id: row.id,
          name: row.name,
          created_at: new Date(row.created_at).toISOString(),
          expires_at: iso(row.expires_at),
          last_used_at: iso(row.last_used_at),
          revoked_at: iso(row.revoked_at),
        })),
      };
    },

    async revokeToken(request) {
      const { user } = requireIdentity(request);
      const { id } = request.body;
      const missing = notFound('You have no personal access token with this id.');
      if (!UUID.test(id)) throw missing;
      await db.transaction(async (tx) => {
        const name = await revokeToken(tx, user.id, id);
        if (name === undefined) throw missing;
        await recordAudit(tx, {
          actor: user.email,
          action: 'token.revoke',
          target: user.email,
          details: { id, name },
        });
      });
      return { message: 'Token revoked.' };
    },
  });
}

// The audit log, newest first: listAuditEvents (filter by actor, page with `before`).
import type { Handlers } from '../../platform/http/contract.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';
import type { FeatureContext } from '../context.js';
import { listAuditEvents } from './store.js';

export function createAuditHandlers({ db }: FeatureContext): Handlers {
  return defineHandlers({
    async listAuditEvents(request) {
      const { actor, limit = 100, before } = request.query;
      return { events: await listAuditEvents(db, { actor, before, limit }) };
    },
  });
}

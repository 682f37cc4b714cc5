// Test support: a server whose demo knowledge set (features/knowledge/demo) is seeded and ingested
// by the real pipeline before the tests ask it anything.
import type { Config } from '../platform/config/config.js';
import type { Db } from '../platform/db/db.js';
import { type Backend, startTestServer, type TestServer } from './harness.js';

/** How many documents the demo knowledge set holds. */
export const DEMO_DOCUMENT_COUNT = 8;

/** Waits until at least `count` knowledge documents exist and every one of them is ready. */
export async function waitForReadyDocuments(db: Db, count: number, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ ready: number; total: number }>(
      `SELECT count(*) FILTER (WHERE status = 'ready')::int AS ready, count(*)::int AS total FROM knowledge_documents`,
    );
    if (rows[0]!.total >= count && rows[0]!.ready === rows[0]!.total) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the demo documents did not become ready');
}

/** `startTestServer` with the demo knowledge set seeded, once all its documents are ready. */
export async function startDemoKnowledgeServer(
  backend: Backend,
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  const server = await startTestServer(backend, { ...overrides, seedDemoKnowledge: true });
  await waitForReadyDocuments(server.db, DEMO_DOCUMENT_COUNT);
  return server;
}

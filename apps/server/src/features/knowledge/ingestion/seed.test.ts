// The embedded default's first start: the demo knowledge set goes through the upload pipeline
// (stored files, ingestion jobs) and answers questions; it comes once, not again after deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import type { components } from '../../../generated/contract.js';
import { loadConfig } from '../../../platform/config/config.js';
import {
  BACKENDS,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
  testConfig,
} from '../../../test/harness.js';
import { DEMO_ACCOUNTS } from '../../identity/index.js';
import { DEMO_DOCUMENTS } from '../demo/demo-set.js';
import { searchKnowledge } from '../retrieval/search.js';

type Document = components['schemas']['KnowledgeDocument'];

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;

describe('SEED_DEMO_KNOWLEDGE', () => {
  it('is on for the embedded PGlite database and off with DATABASE_URL, unless set', () => {
    expect(loadConfig({}).seedDemoKnowledge).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).seedDemoKnowledge).toBe(false);
    expect(loadConfig({ SEED_DEMO_KNOWLEDGE: 'false' }).seedDemoKnowledge).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/app', SEED_DEMO_KNOWLEDGE: 'true' }).seedDemoKnowledge,
    ).toBe(true);
    expect(() => loadConfig({ SEED_DEMO_KNOWLEDGE: 'maybe' })).toThrow(
      /SEED_DEMO_KNOWLEDGE must be true or false/,
    );
  });
});

describe.each(BACKENDS)('the demo knowledge set on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend, { seedDemoKnowledge: true });
  }, 120_000);
  afterAll(() => server?.close());

  async function list(app = server.app): Promise<Document[]> {
    const admin = await sessionFor(server.db, ADMIN);
    const response = await call(app, admin, { method: 'GET', url: '/api/knowledge/documents' });
    return (response.json() as { documents: Document[] }).documents;
  }

  it('is ingested through the pipeline on first start and answers questions', async () => {
    const deadline = Date.now() + 60_000;
    let documents = await list();
    while (documents.some((document) => document.state === 'queued' || document.state === 'parsing')) {
      if (Date.now() > deadline) throw new Error('The demo set was not ingested in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
      documents = await list();
    }
    expect(documents.map((document) => [document.document, document.status]).sort()).toEqual(
      DEMO_DOCUMENTS.map((document) => [document.name, 'Ready']).sort(),
    );
    // Through the same pipeline as uploads: stored files and ingestion jobs.
    const stored = await server.db.query(
      'SELECT 1 FROM knowledge_documents d JOIN blobs b ON b.id = d.blob_id',
    );
    expect(stored.rows).toHaveLength(DEMO_DOCUMENTS.length);
    const jobs = await server.db.query<{ state: string }>(
      "SELECT state FROM jobs WHERE queue = 'knowledge.ingest'",
    );
    expect(jobs.rows.map((row) => row.state)).toEqual(DEMO_DOCUMENTS.map(() => 'succeeded'));
    const hits = await searchKnowledge(server.db, {
      query: 'How do I connect to the VPN from home?',
      viewer: { role: 'STAFF' },
      department: 'it',
    });
    expect(hits[0]?.documentName).toBe('it-onboarding-vpn-guide.md');
  });

  it('does not come back at the next start once its documents were deleted', async () => {
    const admin = await sessionFor(server.db, ADMIN);
    for (const document of await list()) {
      const response = await call(server.app, admin, {
        method: 'POST',
        url: '/api/knowledge/documents/delete',
        payload: { id: document.id },
      });
      expect(response.statusCode).toBe(200);
    }
    const again = await buildApp({ config: testConfig({ seedDemoKnowledge: true }), db: server.db });
    try {
      expect(await list(again)).toEqual([]);
    } finally {
      await again.close();
    }
  });
});

// Hybrid retrieval against the project's OpenAI-compatible stand-in over real HTTP (its
// /v1/embeddings is a deterministic hashed-words-and-trigrams embedding, not a semantic model):
// chunks embedded by a durable job into pgvector (PGlite's), fused with full text, visibility kept,
// vectors replaced with their chunks, and full text alone whenever vectors cannot take part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../../platform/config/config.js';
import { Jobs } from '../../../platform/jobs/jobs.js';
import { createConfiguredEmbedder } from '../../../platform/llm/index.js';
import { BACKENDS, type TestDb, testConfig } from '../../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../../test/llm-standin.js';
import { readDemoDocuments } from '../demo/demo-set.js';
import { PGA_FEATURE, type Viewer } from '../departments.js';
import { addDemoDocuments, addDocument, openKnowledgeTestDb, queueDocument } from '../test-support.js';
import { searchKnowledge } from './search.js';
import { KnowledgeVectors } from './vectors.js';

const VPN_GUIDE = 'it-onboarding-vpn-guide.md';
const PGA_NOTES = 'pga-go-live-notes.txt';
/** Misspelled: in no document, so full text finds nothing (the stand-in's trigrams come near). */
const MISSPELLED_VPN = 'globalprotekt';
const MISSPELLED_PGA = 'pga golive cutovr windw';

const staff: Viewer = { role: 'STAFF', features: new Set(['chat']) };
const pgaMember: Viewer = { role: 'PGA', features: new Set(['chat', PGA_FEATURE]) };

const warnings: string[] = [];
const log = { warn: (_object: object, message: string) => void warnings.push(message) };

function llm(standin: LlmStandin | { url: string }, embeddingModel = 'standin-embedding'): LlmConfig {
  return { ...testConfig().llm, baseUrl: standin.url, embeddingModel, maxRetries: 0 };
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(BACKENDS)('hybrid knowledge retrieval on %s', (backend) => {
  let standin: LlmStandin;
  let test: TestDb;
  let jobs: Jobs;
  let vectors: KnowledgeVectors;
  let hasPgvector = false;

  const count = async (sql: string) => Number((await test.db.query<{ n: string }>(sql)).rows[0]!.n);
  const unembedded = () =>
    count(`SELECT count(*) AS n FROM knowledge_chunks c
             JOIN knowledge_documents d ON d.id = c.document_id AND d.generation = c.generation
           WHERE NOT EXISTS (SELECT 1 FROM knowledge_chunk_vectors v WHERE v.document_id = c.document_id
             AND v.generation = c.generation AND v.ordinal = c.ordinal)`);

  beforeAll(async () => {
    standin = await startLlmStandin();
    test = await openKnowledgeTestDb(backend);
    await addDemoDocuments(test.db);
    jobs = new Jobs(test.db, { pollIntervalMs: 50 });
    vectors = new KnowledgeVectors(createConfiguredEmbedder(llm(standin))!, { minSimilarity: 0.05, log });
    const { rows } = await test.db.query<{ available: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available`,
    );
    hasPgvector = rows[0]!.available;
    expect(await vectors.start(test.db, jobs)).toBe(hasPgvector);
  }, 120_000);
  afterAll(async () => {
    await jobs?.stop();
    await test?.cleanup();
    await standin?.close();
  });

  it('answers from full text alone, without an error, where the database has no pgvector', async () => {
    if (hasPgvector) return;
    expect(warnings.some((message) => message.includes('no pgvector'))).toBe(true);
    const hits = await searchKnowledge(
      test.db,
      { query: 'install the VPN client', viewer: { role: 'STAFF' }, k: 5 },
      { vectors },
    );
    expect(hits[0]?.documentName).toBe(VPN_GUIDE);
    expect(hits.every((hit) => hit.match !== 'vector')).toBe(true);
  });

  describe.runIf(backend === 'pglite')('with pgvector', () => {
    it('embeds every current chunk through the model, in the background', async () => {
      await waitFor(async () => (await unembedded()) === 0, 'every chunk to be embedded');
      expect(await count('SELECT count(*) AS n FROM knowledge_chunk_vectors')).toBe(
        await count('SELECT count(*) AS n FROM knowledge_chunks'),
      );
      const calls = standin.requests().filter((request) => request.path === '/v1/embeddings');
      expect(calls.length).toBeGreaterThan(0);
      expect(calls[0]).toMatchObject({ model: 'standin-embedding' });
      expect(calls[0]!.input!.length).toBeGreaterThan(1);
    });

    it('finds by similarity what full text cannot (misspelled words), fused with full text', async () => {
      const viewer = { role: 'STAFF' };
      expect(await searchKnowledge(test.db, { query: MISSPELLED_VPN, viewer, k: 5 })).toEqual([]);
      const hits = await searchKnowledge(test.db, { query: MISSPELLED_VPN, viewer, k: 5 }, { vectors });
      expect(hits[0]).toMatchObject({ documentName: VPN_GUIDE, match: 'vector' });
      expect(hits[0]!.text).toMatch(/GlobalProtect/);

      // A question full text answers keeps its full-text hits (and their 'all' matches) at the top.
      const both = await searchKnowledge(
        test.db,
        { query: 'install GlobalProtect', viewer, k: 5 },
        { vectors },
      );
      expect(both[0]).toMatchObject({ documentName: VPN_GUIDE, match: 'all' });
    });

    it('never returns a restricted department by similarity to someone who may not read it', async () => {
      const asStaff = await searchKnowledge(
        test.db,
        { query: MISSPELLED_PGA, viewer: staff, department: 'pga', k: 10 },
        { vectors },
      );
      expect(asStaff.map((hit) => hit.documentName)).not.toContain(PGA_NOTES);
      const asPga = await searchKnowledge(
        test.db,
        { query: MISSPELLED_PGA, viewer: pgaMember, department: 'pga', k: 10 },
        { vectors },
      );
      expect(asPga.map((hit) => hit.documentName)).toContain(PGA_NOTES);

      // Re-uploaded for IT and waiting to be ingested: its PGA chunks stay out of IT's answers.
      const notes = (await readDemoDocuments()).find((demo) => demo.name === PGA_NOTES)!;
      await queueDocument(test.db, { ...notes, departments: ['it'] });
      for (const department of ['it', undefined] as const) {
        const duringReupload = await searchKnowledge(
          test.db,
          { query: MISSPELLED_PGA, viewer: staff, k: 10, ...(department ? { department } : {}) },
          { vectors },
        );
        expect(duringReupload.map((hit) => hit.documentName)).not.toContain(PGA_NOTES);
      }
      await addDocument(test.db, notes);
    });

    it('leaves chunks found only by similarity out when asked to (quoted excerpts)', async () => {
      const hits = await searchKnowledge(
        test.db,
        { query: MISSPELLED_VPN, viewer: { role: 'STAFF' }, k: 5, includeVectorOnly: false },
        { vectors },
      );
      expect(hits).toEqual([]);
    });

    it("replaces a re-uploaded document's vectors with its new chunks", async () => {
      const file = (await readDemoDocuments()).find((demo) => demo.name === VPN_GUIDE)!;
      const before = await test.db.query<{ generation: number }>(
        `SELECT DISTINCT v.generation FROM knowledge_chunk_vectors v
           JOIN knowledge_documents d ON d.id = v.document_id WHERE d.name = $1`,
        [VPN_GUIDE],
      );
      await addDocument(test.db, file);
      await vectors.schedule();
      await waitFor(async () => (await unembedded()) === 0, 'the new chunks to be embedded');
      const after = await test.db.query<{ generation: number; current: number }>(
        `SELECT DISTINCT v.generation, d.generation AS current FROM knowledge_chunk_vectors v
           JOIN knowledge_documents d ON d.id = v.document_id WHERE d.name = $1`,
        [VPN_GUIDE],
      );
      expect(after.rows).toHaveLength(1);
      expect(after.rows[0]!.generation).toBe(after.rows[0]!.current);
      expect(after.rows[0]!.generation).not.toBe(before.rows[0]!.generation);
    });

    it('answers from full text alone when the embedding model cannot be reached', async () => {
      const down = new KnowledgeVectors(createConfiguredEmbedder(llm({ url: 'http://127.0.0.1:9/v1' }))!, {
        minSimilarity: 0.05,
        log,
      });
      const otherJobs = new Jobs(test.db);
      try {
        await down.start(test.db, otherJobs);
        const hits = await searchKnowledge(
          test.db,
          { query: 'install GlobalProtect', viewer: { role: 'STAFF' }, k: 5 },
          { vectors: down },
        );
        expect(hits[0]).toMatchObject({ documentName: VPN_GUIDE, match: 'all' });
        expect(warnings).toContain('could not embed the question: answering from full text only');
      } finally {
        await otherJobs.stop();
      }
    });

    it('drops the vectors of another model when LLM_EMBEDDING_MODEL changes, and embeds again', async () => {
      const otherJobs = new Jobs(test.db, { pollIntervalMs: 50 });
      const renamed = new KnowledgeVectors(createConfiguredEmbedder(llm(standin, 'standin-embedding-2'))!, {
        minSimilarity: 0.05,
        log,
      });
      try {
        await jobs.stop();
        await renamed.start(test.db, otherJobs);
        await waitFor(async () => (await unembedded()) === 0, 'the chunks to be embedded by the new model');
        const models = await test.db.query<{ model: string }>(
          'SELECT DISTINCT model FROM knowledge_chunk_vectors',
        );
        expect(models.rows).toEqual([{ model: 'standin-embedding-2' }]);
      } finally {
        await otherJobs.stop();
      }
    });
  });
});

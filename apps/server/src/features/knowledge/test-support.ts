// Test support for the knowledge feature: a test database with the knowledge tables, documents
// added the way an upload would add them (upsert, then ingest), and a real server whose ingestion
// is held back.
import { createHash } from 'node:crypto';
import { buildApp } from '../../app.js';
import { MODULES } from '../../modules.js';
import type { Config } from '../../platform/config/config.js';
import type { Db } from '../../platform/db/db.js';
import { type Backend, openTestDb, type TestDb, type TestServer, testConfig } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { readDemoDocuments } from './demo/demo-set.js';
import type { Department } from './departments.js';
import { type IngestOptions, type IngestResult, ingestDocument } from './ingestion/ingest.js';
import { extensionOf } from './ingestion/parse/types.js';
import { knowledgeMigrations } from './migrations.js';
import { type KnowledgeDocument, upsertDocument } from './store.js';

/** A test database with the knowledge tables (applied here unless the module list already did). */
export async function openKnowledgeTestDb(backend: Backend): Promise<TestDb> {
  const test = await openTestDb(backend);
  const { rows } = await test.db.query<{ exists: boolean }>(
    `SELECT to_regclass('knowledge_documents') IS NOT NULL AS "exists"`,
  );
  if (!rows[0]?.exists) {
    for (const migration of knowledgeMigrations) await test.db.exec(migration.sql);
  }
  return test;
}

export interface AddedDocument {
  document: KnowledgeDocument;
  result: IngestResult;
}

export interface TrainingFile {
  name: string;
  departments: Department[];
  bytes: Uint8Array;
}

/**
 * Records an upload of `bytes` under `name` (a re-upload when the name exists) and leaves it queued:
 * its ingestion waits until `ingest` is called, as behind a long ingestion queue.
 */
export async function queueDocument(
  db: Db,
  file: TrainingFile,
): Promise<{ document: KnowledgeDocument; ingest: (options?: IngestOptions) => Promise<IngestResult> }> {
  const { document } = await upsertDocument(db, {
    name: file.name,
    extension: extensionOf(file.name),
    departments: file.departments,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  });
  const ingest = (options: IngestOptions = {}) =>
    ingestDocument(
      db,
      { documentId: document.id, version: document.version, name: file.name, bytes: file.bytes },
      options,
    );
  return { document, ingest };
}

/** Records an upload of `bytes` under `name` and ingests it at once. */
export async function addDocument(
  db: Db,
  file: TrainingFile,
  options: IngestOptions = {},
): Promise<AddedDocument> {
  const { document, ingest } = await queueDocument(db, file);
  return { document, result: await ingest(options) };
}

/** Ingests the whole demo set. */
export async function addDemoDocuments(db: Db): Promise<AddedDocument[]> {
  const added: AddedDocument[] = [];
  for (const file of await readDemoDocuments()) added.push(await addDocument(db, file));
  return added;
}

export interface HeldIngestionServer extends TestServer {
  /**
   * Ingests what waits: a second instance on the same database, with the ingestion worker, runs
   * until no document is Queued or Parsing, then closes. The first instance still answers.
   */
  ingestQueued(): Promise<void>;
}

/**
 * A real server whose knowledge ingestion is held back, as behind a long ingestion queue: it runs
 * no ingestion worker, so uploads and re-uploads stay Queued until `ingestQueued()`.
 */
export async function startHeldIngestionServer(
  backend: Backend,
  overrides: Partial<Config> = {},
): Promise<HeldIngestionServer> {
  const { db, cleanup } = await openTestDb(backend);
  const config = testConfig(overrides);
  const modules = MODULES.map((module) =>
    module.name === 'knowledge' ? { ...module, start: undefined, stop: undefined } : module,
  );
  const app = await buildApp({ config, db, modules });
  const waiting = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          "SELECT count(*) AS n FROM knowledge_documents WHERE status IN ('queued', 'parsing')",
        )
      ).rows[0]!.n,
    );
  return {
    app,
    db,
    async ingestQueued() {
      const ingesting = await buildApp({ config, db });
      try {
        const deadline = Date.now() + 120_000;
        while ((await waiting()) > 0) {
          if (Date.now() > deadline) throw new Error('the held-back documents were not ingested in 120 s');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await ingesting.close();
      }
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

/** A training upload's multipart body (`files[]` and `department`), as the Train Bot window sends it. */
export function trainingUpload(
  files: ReadonlyArray<{ name: string; bytes: Uint8Array | string }>,
  departments: readonly Department[],
): { payload: Buffer; headers: Record<string, string> } {
  return multipartForm(
    files.map((file) => ({ ...file, field: 'files[]' })),
    [['department', departments.join(',')]],
  );
}

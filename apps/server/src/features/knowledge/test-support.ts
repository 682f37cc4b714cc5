// Test support for the knowledge feature: a test database with the knowledge tables, and documents
// added the way an upload would add them (upsert, then ingest).
import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/db.js';
import { type Backend, openTestDb, type TestDb } from '../../test/harness.js';
import { readDemoDocuments } from './demo/demo-set.js';
import type { Department } from './departments.js';
import { type IngestOptions, type IngestResult, ingestDocument } from './ingest.js';
import { knowledgeMigrations } from './migrations.js';
import { extensionOf } from './parse/types.js';
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

/** Records an upload of `bytes` under `name` and ingests it at once. */
export async function addDocument(
  db: Db,
  file: { name: string; departments: Department[]; bytes: Uint8Array },
  options: IngestOptions = {},
): Promise<AddedDocument> {
  const { document } = await upsertDocument(db, {
    name: file.name,
    extension: extensionOf(file.name),
    departments: file.departments,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  });
  const result = await ingestDocument(
    db,
    { documentId: document.id, version: document.version, name: file.name, bytes: file.bytes },
    options,
  );
  return { document, result };
}

/** Ingests the whole demo set. */
export async function addDemoDocuments(db: Db): Promise<AddedDocument[]> {
  const added: AddedDocument[] = [];
  for (const file of await readDemoDocuments()) added.push(await addDocument(db, file));
  return added;
}

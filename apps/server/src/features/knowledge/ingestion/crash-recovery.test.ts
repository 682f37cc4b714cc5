import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../generated/contract.js';
import { DatabaseBlobs } from '../../../platform/blobs/blobs.js';
import type { Db } from '../../../platform/db/db.js';
import { BACKENDS, sessionFor } from '../../../test/harness.js';
import { pollUntil } from '../../../test/poll.js';
import {
  afterACrash,
  cleanupsAfterAll,
  insertCrashedJob,
  listDocuments,
  longPdf,
  serverProcessEnvironment,
  startServerProcess,
  stopServerProcess,
  uploadTrainingFiles,
} from '../../../test/server-processes.js';
import { DEMO_ACCOUNTS } from '../../identity/index.js';
import { createKnowledgeModule } from '../module.js';
import { upsertDocument } from '../store.js';
import { INGEST_QUEUE } from './pipeline.js';

type Document = components['schemas']['KnowledgeDocument'];

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;

const isInProgress = (document: Document) => document.state === 'queued' || document.state === 'parsing';

describe.each(BACKENDS)('a server killed with SIGKILL during ingestion, on %s', (backend) => {
  const cleanups = cleanupsAfterAll();

  it('ends every document Ready after a restart', async () => {
    const env = await serverProcessEnvironment(backend, cleanups, {
      // A dead server's ingestion is taken up again after at most this long.
      INGEST_LEASE_SECONDS: '2',
    });
    const first = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(first, 'SIGKILL'));
    const names = ['handbook-1.pdf', 'handbook-2.pdf', 'handbook-3.pdf', 'short.md'];
    const pdfs = await Promise.all(
      names.slice(0, 3).map(async (name) => ({ name, bytes: await longPdf(`Handbook ${name}`, 150) })),
    );
    const note = { name: 'short.md', bytes: '# Short\n\nThe short note is about parking.\n' };
    expect(await uploadTrainingFiles(first, [...pdfs, note])).toBe(200);

    // Killed as soon as a document is being parsed.
    const isParsing = (document: Document) => document.state === 'parsing';
    const statuses = await pollUntil(
      () => listDocuments(first),
      (documents) => documents.some(isParsing),
      { timeoutMs: 120_000, intervalMs: 20 },
    );
    expect(statuses.some(isParsing)).toBe(true);
    await stopServerProcess(first, 'SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(second, 'SIGTERM'));
    const before = await listDocuments(second);
    expect(before.some(isInProgress)).toBe(true);
    const documents = await pollUntil(
      () => listDocuments(second),
      (documents) => documents.length === names.length && !documents.some(isInProgress),
      { timeoutMs: 180_000, intervalMs: 200 },
    );
    expect(Object.fromEntries(documents.map((document) => [document.document, document.status]))).toEqual(
      Object.fromEntries(names.map((name) => [name, 'Ready'])),
    );
    await stopServerProcess(second, 'SIGTERM');
  }, 600_000);
});

describe.each(BACKENDS)('what a crash leaves in the database, on %s', (backend) => {
  const crash = afterACrash(backend);
  let db: Db;
  let app: FastifyInstance;

  /** A document being parsed by a worker that died: its job running under an expired lease. */
  async function crashedIngestion(name: string, text: string, attempts: number): Promise<string> {
    db = await crash.openDb();
    const blob = await new DatabaseBlobs(db).put(Readable.from([Buffer.from(text)]));
    const { document } = await upsertDocument(db, {
      name,
      extension: 'md',
      departments: ['knowledge'],
      size: blob.size,
      sha256: blob.sha256,
      blobId: blob.id,
    });
    await db.query("UPDATE knowledge_documents SET status = 'parsing' WHERE id = $1", [document.id]);
    await insertCrashedJob(db, {
      queue: INGEST_QUEUE,
      payload: { documentId: document.id },
      dedupeKey: document.id,
      attempts,
    });
    return document.id;
  }

  async function start() {
    app = await crash.start(createKnowledgeModule({ reconcileIntervalMs: 100 }));
    return sessionFor(db, ADMIN);
  }

  async function waitForEnd(caller: Awaited<ReturnType<typeof start>>): Promise<Document> {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/knowledge/documents',
        headers: caller.headers,
      });
      const [document] = (response.json() as { documents: Document[] }).documents;
      if (document && !isInProgress(document)) return document;
      if (Date.now() > deadline) throw new Error(`Still ${document?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('takes up an ingestion whose worker died (expired lease) and ends it Ready', async () => {
    await crashedIngestion('dead-worker.md', '# Lockers\n\nLockers are emptied every Friday.\n', 1);
    const document = await waitForEnd(await start());
    expect(document).toMatchObject({ document: 'dead-worker.md', status: 'Ready', reason: null });
  }, 90_000);

  it('fails a document whose every attempt crashed the server, with the reason', async () => {
    await crashedIngestion('poison.md', '# Poison\n\nThis file crashed the server every time.\n', 3);
    const document = await waitForEnd(await start());
    expect(document.status).toBe('Failed');
    expect(document.reason).toMatch(
      /^Ingestion did not finish: The server stopped while working on it, 3 time\(s\)/,
    );
  }, 90_000);
});

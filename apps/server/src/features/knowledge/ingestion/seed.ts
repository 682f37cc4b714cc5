// The demo knowledge set on first start: each demo file is stored as a blob and queued for
// ingestion exactly as an upload would be, so a new instance answers questions once the worker has
// gone through them. "First start" is recorded in knowledge_state: deleting the demo documents
// later does not bring them back, and an instance that already has documents is never seeded.
import { Readable } from 'node:stream';
import type { BlobInfo, Blobs } from '../../../platform/blobs/blobs.js';
import type { Db } from '../../../platform/db/db.js';
import type { Jobs } from '../../../platform/jobs/jobs.js';
import { recordAudit } from '../../audit/index.js';
import { readDemoDocuments } from '../demo/demo-set.js';
import { upsertDocument } from '../store.js';
import { extensionOf } from './parse/types.js';
import { enqueueIngestion, INGEST_QUEUE } from './pipeline.js';

const SEEDED_KEY = 'demo_seeded';

async function isFirstStart(db: Pick<Db, 'query'>): Promise<boolean> {
  const { rows } = await db.query<{ is_first: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM knowledge_state WHERE key = $1)
        AND NOT EXISTS (SELECT 1 FROM knowledge_documents) AS is_first`,
    [SEEDED_KEY],
  );
  return rows[0]?.is_first === true;
}

/** Queues the demo documents when the knowledge base has never had any; answers how many were queued. */
export async function seedDemoKnowledge(db: Db, jobs: Jobs, blobs: Blobs): Promise<number> {
  if (!(await isFirstStart(db))) return 0;
  const files = await readDemoDocuments();
  // Blobs are written outside the transaction (on PGlite it holds the only connection).
  const stored: Array<{ file: (typeof files)[number]; blob: BlobInfo }> = [];
  for (const file of files) {
    stored.push({ file, blob: await blobs.put(Readable.from([Buffer.from(file.bytes)])) });
  }
  const isSeeded = await db.transaction(async (tx) => {
    // Two instances starting at once: the second waits here and then finds the first one's work.
    await tx.query('LOCK TABLE knowledge_state IN SHARE ROW EXCLUSIVE MODE');
    if (!(await isFirstStart(tx))) return false;
    for (const { file, blob } of stored) {
      const { document } = await upsertDocument(tx, {
        name: file.name,
        extension: extensionOf(file.name),
        departments: file.departments,
        size: blob.size,
        sha256: blob.sha256,
        blobId: blob.id,
      });
      await enqueueIngestion(jobs, document.id, tx);
    }
    await tx.query('INSERT INTO knowledge_state (key, value) VALUES ($1, $2::jsonb)', [
      SEEDED_KEY,
      JSON.stringify({ documents: files.map((file) => file.name) }),
    ]);
    await recordAudit(tx, {
      actor: 'system',
      action: 'knowledge.seed',
      target: null,
      details: { documents: files.map((file) => file.name) },
    });
    return true;
  });
  if (!isSeeded) {
    for (const { blob } of stored) await blobs.delete(blob.id);
    return 0;
  }
  jobs.wake(INGEST_QUEUE);
  return stored.length;
}

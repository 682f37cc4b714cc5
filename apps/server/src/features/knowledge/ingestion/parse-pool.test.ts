import { Readable } from 'node:stream';
import { strToU8 } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseBlobs } from '../../../platform/blobs/blobs.js';
import type { JobContext } from '../../../platform/jobs/jobs.js';
import { BACKENDS, type TestDb } from '../../../test/harness.js';
import { buildDocx, buildPdf, buildPptx } from '../demo/build-files.js';
import { findDocument, upsertDocument } from '../store.js';
import { addDocument, openKnowledgeTestDb } from '../test-support.js';
import { createParsePool, ParseLimitError, ParsePool, parseThreadEntry } from './parse-pool.js';
import { createIngestHandler, INGEST_QUEUE, type IngestPayload } from './pipeline.js';
import { prepareBytes } from './prepare.js';

/** A parse thread that dies on every file named crash*, and answers "no text" for the others. */
const CRASHING_THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (request) => {
  if (request.name.startsWith('crash')) process.exit(3);
  parentPort.postMessage({ id: request.id, prepared: { kind: 'no_text', reason: 'answered by ' + request.name } });
});
parentPort.postMessage({ ready: true });`;

/**
 * A parse thread that spins forever on spin*, fills buffers on buffers* and objects on objects*, and
 * answers "no text" for the others.
 */
const LIMITED_THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (request) => {
  const kept = [];
  if (request.name.startsWith('spin')) for (;;) {}
  if (request.name.startsWith('buffers')) for (;;) kept.push(new Uint8Array(1024 * 1024).fill(1));
  if (request.name.startsWith('objects')) for (let index = 0; ; index++) kept.push({ index, text: 'x' + index });
  parentPort.postMessage({ id: request.id, prepared: { kind: 'no_text', reason: 'answered by ' + request.name } });
});
parentPort.postMessage({ ready: true });`;

function crashingPool(size = 1): ParsePool {
  return new ParsePool({ filename: CRASHING_THREAD, eval: true }, size);
}

/** Files of every kind and outcome: text, no text, legacy, broken, mismatched, empty. */
async function sampleFiles(): Promise<{ name: string; bytes: Uint8Array }[]> {
  const document = {
    title: 'Travel policy',
    sections: [
      { heading: 'Booking', paragraphs: ['Trains are booked through the travel desk.'] },
      { heading: 'Expenses', paragraphs: ['Receipts are scanned within a week.'] },
    ],
  };
  return [
    { name: 'travel.docx', bytes: await buildDocx(document) },
    { name: 'travel.pdf', bytes: await buildPdf(document) },
    { name: 'travel.pptx', bytes: buildPptx([{ title: 'Travel', bullets: ['Book trains early'] }]) },
    { name: 'travel.md', bytes: strToU8('# Travel\n\nTrains are booked through the travel desk.\n') },
    { name: 'travel.html', bytes: strToU8('<h1>Travel</h1><p>Receipts are scanned within a week.</p>') },
    { name: 'map.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]) },
    { name: 'old.ppt', bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]) },
    { name: 'broken.pdf', bytes: strToU8('%PDF-1.4\nnot really a pdf') },
    { name: 'notes.pdf', bytes: strToU8('# Not a PDF at all\n') },
    { name: 'empty.md', bytes: new Uint8Array() },
    { name: 'script.exe', bytes: strToU8('MZ') },
  ];
}

describe('the ingestion parse threads', () => {
  const pools: ParsePool[] = [];
  afterEach(async () => {
    for (const pool of pools.splice(0)) await pool.close();
  });
  /** `pool`, closed after the test whatever happens. */
  function closedAfter(pool: ParsePool): ParsePool {
    pools.push(pool);
    return pool;
  }
  function limitedPool(size: number, options: ConstructorParameters<typeof ParsePool>[2]): ParsePool {
    return closedAfter(new ParsePool({ filename: LIMITED_THREAD, eval: true }, size, options));
  }

  it('prepare every kind of file exactly as the server thread does, and take the bytes over', async () => {
    const entry = parseThreadEntry();
    expect(entry).toBeDefined();
    // No spare thread here: a file that takes a while on a busy machine leaves the others waiting.
    const pool = closedAfter(new ParsePool(entry!, 2, { slowMs: 3_600_000 }));
    const files = (await sampleFiles()).filter((sample) => !sample.name.endsWith('.exe'));
    const here = [];
    for (const file of files) here.push(await prepareBytes(file.name, file.bytes));
    // All at once: two threads, the others waiting their turn.
    const moved = files.map((file) => new Uint8Array(file.bytes));
    const there = await Promise.all(files.map((file, index) => pool.prepare(file.name, moved[index]!, {})));
    expect(there).toEqual(here);
    for (const [index, file] of files.entries()) {
      if (file.bytes.length > 0) expect(moved[index]!.byteLength, file.name).toBe(0);
    }
    expect(pool.threads).toBe(2);
    await pool.close();
    expect(pool.threads).toBe(0);
  }, 60_000);

  it('fail the document of a thread that dies, and start a new thread for the next one', async () => {
    const pool = closedAfter(crashingPool());
    await expect(pool.prepare('crash.md', strToU8('x'), {})).rejects.toThrow(
      'The parse thread stopped (exit code 3)',
    );
    await expect(pool.prepare('fine.md', strToU8('x'), {})).resolves.toEqual({
      kind: 'no_text',
      reason: 'answered by fine.md',
    });
  }, 30_000);

  it('queue documents beyond their number and answer each its own', async () => {
    const pool = closedAfter(crashingPool(2));
    const names = ['a.md', 'b.md', 'crash-c.md', 'd.md', 'e.md'];
    const outcomes = await Promise.allSettled(names.map((name) => pool.prepare(name, strToU8(name), {})));
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'crashed'))).toEqual([
      { kind: 'no_text', reason: 'answered by a.md' },
      { kind: 'no_text', reason: 'answered by b.md' },
      'crashed',
      { kind: 'no_text', reason: 'answered by d.md' },
      { kind: 'no_text', reason: 'answered by e.md' },
    ]);
  }, 30_000);

  it('end with close, and refuse what comes after (the job tries it again at the next start)', async () => {
    const pool = closedAfter(crashingPool());
    await pool.prepare('warm.md', strToU8('x'), {});
    expect(pool.threads).toBe(1);
    await pool.close();
    expect(pool.threads).toBe(0);
    await expect(pool.prepare('after.md', strToU8('# After\n'), {})).rejects.toThrow(
      'The server stopped before the file was read; it is read again when the server is back.',
    );
    await pool.close();
  }, 30_000);

  it('end a parse that goes past the time limit, saying so, and parse the next file in a new thread', async () => {
    const pool = limitedPool(1, { timeoutMs: 300 });
    const outcome = pool.prepare('spin.md', strToU8('x'), {});
    await expect(outcome).rejects.toBeInstanceOf(ParseLimitError);
    await expect(outcome).rejects.toMatchObject({
      limit: 'time',
      message: expect.stringMatching(
        /^Reading the file took longer than 0\.3 seconds, the limit for one file, and was stopped\. .* split it, and upload it again\.$/,
      ),
    });
    await expect(pool.prepare('fine.md', strToU8('x'), {})).resolves.toEqual({
      kind: 'no_text',
      reason: 'answered by fine.md',
    });
  }, 30_000);

  it('end a parse whose heap or buffers go past the memory limit, saying so', async () => {
    const pool = limitedPool(2, {
      memoryMb: 64,
      timeoutMs: 120_000,
    });
    const reason =
      /^Reading the file needed more than 64 MB of memory, the limit for one file, and was stopped\./;
    // Buffers live outside V8's heap: the pool's own watch ends this one.
    await expect(pool.prepare('buffers.md', strToU8('x'), {})).rejects.toMatchObject({
      limit: 'memory',
      message: expect.stringMatching(reason),
    });
    // Objects fill the heap: V8 ends the thread at its limit.
    await expect(pool.prepare('objects.md', strToU8('x'), {})).rejects.toMatchObject({
      limit: 'memory',
      message: expect.stringMatching(reason),
    });
    await expect(pool.prepare('fine.md', strToU8('x'), {})).resolves.toMatchObject({ kind: 'no_text' });
  }, 60_000);

  it('end a parse at once when its caller aborts, and drop a waiting one without parsing it', async () => {
    // No time limit to speak of: only the abort can end the spinning parse; no spare thread either.
    const pool = limitedPool(1, {
      timeoutMs: 3_600_000,
      slowMs: 3_600_000,
    });
    const running = new AbortController();
    const waiting = new AbortController();
    const spinning = pool.prepare('spin.md', strToU8('x'), {}, running.signal);
    const queued = pool.prepare('queued.md', strToU8('x'), {}, waiting.signal);
    waiting.abort(new Error('The document was deleted.'));
    await expect(queued).rejects.toThrow('The document was deleted.');
    running.abort(new Error('The document was deleted.'));
    await expect(spinning).rejects.toThrow('The document was deleted.');
    await expect(pool.prepare('fine.md', strToU8('x'), {})).resolves.toMatchObject({ kind: 'no_text' });
    const aborted = new AbortController();
    aborted.abort(new Error('Already gone.'));
    await expect(pool.prepare('fine.md', strToU8('x'), {}, aborted.signal)).rejects.toThrow('Already gone.');
  }, 30_000);

  it('leave no file behind a slow one: a spare thread takes the next once every thread has been on its file a while', async () => {
    const pool = limitedPool(1, {
      timeoutMs: 3_600_000,
      slowMs: 200,
    });
    const slow = new AbortController();
    const spinning = pool.prepare('spin.md', strToU8('x'), {}, slow.signal);
    await expect(pool.prepare('fine.md', strToU8('x'), {})).resolves.toMatchObject({
      reason: 'answered by fine.md',
    });
    await expect(pool.prepare('next.md', strToU8('x'), {})).resolves.toMatchObject({
      reason: 'answered by next.md',
    });
    expect(pool.threads).toBe(2);
    slow.abort(new Error('Deleted.'));
    await expect(spinning).rejects.toThrow('Deleted.');
  }, 30_000);

  it('fail a file whose thread never gets ready to parse, for its job to try again, and end idle threads', async () => {
    const stuck = closedAfter(
      new ParsePool({ filename: 'setInterval(() => {}, 1000);', eval: true }, 1, {
        startMs: 300,
      }),
    );
    await expect(stuck.prepare('a.md', strToU8('x'), {})).rejects.toThrow(
      'The parse thread did not start in 0.3 seconds',
    );
    // Idle for 1 s before a thread ends: on a busy machine the first file's thread may wait that long
    // for the second to finish.
    const pool = limitedPool(2, { idleMs: 1_000 });
    await Promise.all([pool.prepare('a.md', strToU8('x'), {}), pool.prepare('b.md', strToU8('x'), {})]);
    expect(pool.threads).toBe(2);
    while (pool.threads > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(pool.prepare('c.md', strToU8('x'), {})).resolves.toMatchObject({ kind: 'no_text' });
  }, 30_000);

  it('are always threads: at least one', () => {
    expect(createParsePool(1)).toBeInstanceOf(ParsePool);
  });
});

describe.each(BACKENDS)('ingestion with parse threads on %s', (backend) => {
  let test: TestDb;
  let pool: ParsePool;
  beforeAll(async () => {
    test = await openKnowledgeTestDb(backend);
    pool = new ParsePool(parseThreadEntry()!, 1);
  });
  afterAll(async () => {
    await pool.close();
    await test.cleanup();
  });

  it('records the same status, reason and chunks as parsing in the server thread', async () => {
    for (const file of await sampleFiles()) {
      const here = await addDocument(test.db, { ...file, departments: ['it'] });
      const there = await addDocument(test.db, { ...file, departments: ['it'] }, { parser: pool });
      expect(there.result, file.name).toEqual(here.result);
      const [stored, storedHere] = await Promise.all([
        findDocument(test.db, there.document.id),
        findDocument(test.db, here.document.id),
      ]);
      expect({ status: stored?.status, reason: stored?.reason }, file.name).toEqual({
        status: storedHere?.status,
        reason: storedHere?.reason,
      });
    }
    const tooLarge = await addDocument(
      test.db,
      { name: 'large.md', departments: ['it'], bytes: strToU8('# Large\n\nMore than ten bytes.\n') },
      { parser: pool, limits: { maxBytes: 10 } },
    );
    expect(tooLarge.result).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^The file is larger than/),
    });
  }, 120_000);

  it('retries a document whose parse thread died, fails it with the reason after the last attempt, and can take it up again', async () => {
    const blobs = new DatabaseBlobs(test.db);
    const text = '# Lockers\n\nLockers are emptied every Friday.\n';
    const blob = await blobs.put(Readable.from([Buffer.from(text)]));
    const { document } = await upsertDocument(test.db, {
      name: 'crash-lockers.md',
      extension: 'md',
      departments: ['it'],
      size: blob.size,
      sha256: blob.sha256,
      blobId: blob.id,
    });
    const job = (attempt: number): JobContext<IngestPayload> => ({
      id: 'job',
      queue: INGEST_QUEUE,
      payload: { documentId: document.id },
      attempt,
      maxAttempts: 3,
      signal: new AbortController().signal,
    });
    const crashing = crashingPool();
    try {
      const ingest = createIngestHandler(test.db, blobs, { parser: crashing });
      await expect(ingest(job(1))).rejects.toThrow('The parse thread stopped (exit code 3)');
      // Not the last attempt: the job runs again, the document waits.
      expect(await findDocument(test.db, document.id)).toMatchObject({ status: 'parsing', reason: null });
      await expect(ingest(job(3))).rejects.toThrow('The parse thread stopped (exit code 3)');
      expect(await findDocument(test.db, document.id)).toMatchObject({
        status: 'failed',
        reason:
          'Ingestion failed 3 time(s): The parse thread stopped (exit code 3). Re-ingest it to try again.',
      });
    } finally {
      await crashing.close();
    }
    // The stored file is still there: a re-ingest parses it.
    const ingest = createIngestHandler(test.db, blobs, { parser: pool });
    expect(await ingest(job(1))).toMatchObject({ status: 'ready', chunks: 1 });
    expect(await findDocument(test.db, document.id)).toMatchObject({ status: 'ready', chunkCount: 1 });
  }, 60_000);
});

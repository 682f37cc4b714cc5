// Graceful shutdown with two instances on one PostgreSQL (and Redis when TEST_REDIS_URL is set), the
// real server in processes of its own over real HTTP: SIGTERM one while it streams an answer and
// ingests documents. The answer ends, after the grace period, with a clean `error` event and what
// was said is kept; the document being ingested is handed back and finished by the other instance
// long before its lease (two minutes here) could have run out; the stopped instance exits 0.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import {
  type Cleanups,
  listDocuments,
  longPdf,
  openConversation,
  type RunningServer,
  serverProcessEnvironment,
  startServerProcess,
  startStreamingAnswer,
  stopServerProcess,
  uploadTrainingFiles,
} from '../../test/server-processes.js';
import { openPglite, openPostgres } from '../db/db.js';

const LEASE_SECONDS = 120;

/** Every document's status by name, once all are Ready on `running`: polled, within half the lease. */
async function expectAllReady(running: RunningServer, names: readonly string[]): Promise<void> {
  await expect
    .poll(
      async () =>
        Object.fromEntries(
          (await listDocuments(running)).map((document) => [document.document, document.status]),
        ),
      { timeout: (LEASE_SECONDS / 2) * 1000, interval: 250 },
    )
    .toEqual(Object.fromEntries(names.map((name) => [name, 'Ready'])));
}

/** Uploads `names` as long PDFs (300 pages each) to `running`. */
async function uploadLongPdfs(running: RunningServer, names: readonly string[]): Promise<void> {
  const files = await Promise.all(names.map(async (name) => ({ name, bytes: await longPdf(name, 300) })));
  expect(await uploadTrainingFiles(running, files)).toBe(200);
}

describe.runIf(process.env.TEST_DATABASE_URL)('SIGTERM to one of two instances on PostgreSQL', () => {
  const cleanups: Cleanups = [];
  let standin: LlmStandin | undefined;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await standin?.close();
  });

  it('ends its answer cleanly keeping what was said, and the other instance takes its ingestion at once', async () => {
    standin = await startLlmStandin();
    const env = await serverProcessEnvironment('postgres', cleanups, {
      LLM_BASE_URL: standin.url,
      LLM_MODEL: 'standin',
      SHUTDOWN_GRACE_SECONDS: '2',
      INGEST_LEASE_SECONDS: String(LEASE_SECONDS),
      INGEST_CONCURRENCY: '1',
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    });
    const stopped = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(stopped, 'SIGKILL'));
    const db = await openPostgres(env.DATABASE_URL!, { max: 1 });
    cleanups.push(() => db.close());
    const runningJobs = async () =>
      (
        await db.query<{ id: string; locked_by: string }>(
          "SELECT id, locked_by FROM jobs WHERE queue = 'knowledge.ingest' AND state = 'running'",
        )
      ).rows;

    // Enough work that this instance is still ingesting (one at a time) when it is stopped.
    const names = Array.from({ length: 8 }, (_, index) => `manual-${index + 1}.pdf`);
    await uploadLongPdfs(stopped, names);
    // The other instance starts once this one is ingesting (both take from one queue).
    await expect
      .poll(async () => (await listDocuments(stopped)).some((document) => document.state === 'parsing'), {
        timeout: 120_000,
        interval: 20,
      })
      .toBe(true);
    // Alone so far, this instance holds the running ingestion: its worker's name (one for all its jobs).
    const [held] = await runningJobs();
    expect(held).toBeDefined();
    const other = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(other, 'SIGTERM'));

    const question = 'Tell me everything [[standin:words=2000]] [[standin:delay=20]]';
    const answer = await startStreamingAnswer(stopped, question);
    await expect.poll(answer.deltaCount, { timeout: 60_000 }).toBeGreaterThan(5);
    // Still at work on a document when it is told to stop.
    expect((await runningJobs()).map((job) => job.locked_by)).toContain(held!.locked_by);

    const sigtermAt = Date.now();
    const exited = new Promise<number | null>((resolve) => stopped.child.once('exit', resolve));
    stopped.child.kill('SIGTERM');
    // The stream ends cleanly (no reset) after the grace period, with an error event saying why.
    await answer.ended;
    const events = answer.events();
    const last = events.at(-1)!;
    expect(last).toEqual({
      type: 'error',
      error: {
        code: 'server_unavailable',
        error:
          'The server is restarting: ask again in a moment (your question and what was answered are kept).',
      },
    });
    expect(events.filter((event) => event.type === 'done')).toEqual([]);
    const streamed = answer.streamedText();
    expect(await exited).toBe(0);
    // Its jobs were handed back, not left running under a lease.
    expect((await runningJobs()).map((job) => job.locked_by)).not.toContain(held!.locked_by);
    // Within the grace period, plus the time to keep the answer and close.
    expect(Date.now() - sigtermAt).toBeLessThan(30_000);

    // What was said is kept, as a Stop keeps it, and readable on the other instance.
    const kept = await openConversation(other, answer.conversationId);
    expect(kept.Messages).toHaveLength(2);
    expect(kept.Messages[0]).toEqual({ type: 1, message: question });
    expect(kept.Messages[1]).toMatchObject({ type: 0, stopped: true, message: streamed });

    // Every document ends Ready on the other instance, long before the stopped one's lease ran out.
    await expectAllReady(other, names);
    expect(Date.now() - sigtermAt).toBeLessThan((LEASE_SECONDS / 2) * 1000);
  }, 400_000);
});

describe('SIGTERM to the one instance on PGlite', () => {
  const cleanups: Cleanups = [];
  let standin: LlmStandin | undefined;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await standin?.close();
  });

  it('ends its answer cleanly, and the next start finishes its ingestion without waiting for the lease', async () => {
    standin = await startLlmStandin();
    const env = await serverProcessEnvironment('pglite', cleanups, {
      LLM_BASE_URL: standin.url,
      LLM_MODEL: 'standin',
      SHUTDOWN_GRACE_SECONDS: '1',
      INGEST_LEASE_SECONDS: String(LEASE_SECONDS),
      INGEST_CONCURRENCY: '1',
    });
    const stopped = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(stopped, 'SIGKILL'));
    const names = ['manual-1.pdf', 'manual-2.pdf', 'manual-3.pdf'];
    await uploadLongPdfs(stopped, names);
    const answer = await startStreamingAnswer(
      stopped,
      'Tell me everything [[standin:words=2000]] [[standin:delay=20]]',
    );
    await expect.poll(answer.deltaCount, { timeout: 60_000 }).toBeGreaterThan(5);
    expect((await listDocuments(stopped)).some((document) => document.state !== 'ready')).toBe(true);

    const exited = new Promise<number | null>((resolve) => stopped.child.once('exit', resolve));
    stopped.child.kill('SIGTERM');
    await answer.ended;
    expect(answer.events().at(-1)).toMatchObject({ type: 'error', error: { code: 'server_unavailable' } });
    const streamed = answer.streamedText();
    expect(await exited).toBe(0);
    // Its jobs were handed back, not left running under a lease (its data folder, read once it is gone).
    const data = await openPglite(path.join(env.DATA_DIR!, 'pglite'));
    const running = await data.query(
      "SELECT id FROM jobs WHERE queue = 'knowledge.ingest' AND state = 'running'",
    );
    await data.close();
    expect(running.rows).toEqual([]);

    const next = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(next, 'SIGTERM'));
    const kept = await openConversation(next, answer.conversationId);
    expect(kept.Messages[1]).toMatchObject({ type: 0, stopped: true, message: streamed });
    await expectAllReady(next, names);
  }, 400_000);
});

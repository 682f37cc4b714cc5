import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../modules.js';
import { BACKENDS, type Backend } from '../../test/harness.js';
import { type Db, openPglite, openPostgres } from '../db/db.js';
import { migrate } from '../db/migrations.js';
import { type JobStatus, Jobs, type JobsOptions, PermanentJobError } from './jobs.js';

/**
 * Two server instances on one database: on PostgreSQL two connection pools on one schema; on
 * PGlite (one process by design) two Jobs on the one database.
 */
async function openShared(
  backend: Backend,
): Promise<{ first: Db; second: Db; cleanup: () => Promise<void> }> {
  if (backend === 'pglite') {
    const db = await openPglite();
    await migrate(db, MODULES);
    return { first: db, second: db, cleanup: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const first = await openPostgres(url, { schema, max: 4 });
  const second = await openPostgres(url, { schema, max: 4 });
  await migrate(first, MODULES);
  return {
    first,
    second,
    async cleanup() {
      await first.close();
      await second.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

async function waitFor(
  jobs: Jobs,
  id: string,
  isDone: (status: JobStatus) => boolean,
  timeoutMs = 15_000,
): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await jobs.status(id);
    if (status && isDone(status)) return status;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${JSON.stringify(status)}`);
    await sleep(25);
  }
}

const isFinished = (status: JobStatus) => ['succeeded', 'failed', 'cancelled'].includes(status.state);

describe.each(BACKENDS)('jobs on %s', (backend) => {
  let first: Db;
  let second: Db;
  let cleanup: () => Promise<void>;
  const opened: Jobs[] = [];
  const fast: JobsOptions = { pollIntervalMs: 50 };
  const open = (db: Db, options: JobsOptions = {}) => {
    const jobs = new Jobs(db, { ...fast, ...options });
    opened.push(jobs);
    return jobs;
  };
  let queueNumber = 0;
  // Each test its own queue: a worker of an earlier test never picks a later test's jobs.
  const newQueue = () => `test-queue-${++queueNumber}`;

  beforeAll(async () => {
    ({ first, second, cleanup } = await openShared(backend));
  });
  afterAll(async () => {
    await Promise.all(opened.map((jobs) => jobs.stop(0)));
    await cleanup();
  });

  it('two workers on one database run each of many jobs exactly once, and both take a share', async () => {
    const queue = newQueue();
    const producer = open(first);
    const runs: Array<{ id: string; worker: string }> = [];
    const handler = (worker: string) => async (job: { id: string }) => {
      runs.push({ id: job.id, worker });
      await sleep(Math.random() * 4);
    };
    const workerA = open(first);
    const workerB = open(second);
    workerA.work(queue, handler('A'), { concurrency: 4 });
    workerB.work(queue, handler('B'), { concurrency: 4 });
    const ids: string[] = [];
    for (let index = 0; index < 150; index++) {
      ids.push((await producer.enqueue(queue, { index })).id);
    }
    for (const id of ids) await waitFor(producer, id, isFinished);

    const counts = new Map<string, number>();
    for (const run of runs) counts.set(run.id, (counts.get(run.id) ?? 0) + 1);
    expect(runs).toHaveLength(ids.length);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(runs.map((run) => run.id))).toEqual(new Set(ids));
    expect(runs.some((run) => run.worker === 'A')).toBe(true);
    expect(runs.some((run) => run.worker === 'B')).toBe(true);
    const states = await first.query<{ state: string; count: number }>(
      'SELECT state, count(*)::int AS count FROM jobs WHERE queue = $1 GROUP BY state',
      [queue],
    );
    expect(states.rows).toEqual([{ state: 'succeeded', count: ids.length }]);
  });

  it('a job whose worker died mid-job is run again by another once its lease expires', async () => {
    const queue = newQueue();
    const dying = open(first);
    let finishLate!: () => void;
    const started = new Promise<string>((resolve) => {
      dying.work(
        queue,
        (job) => {
          resolve(job.id);
          // Never finishes on its own, deaf to its abort signal: as good as a dead process.
          return new Promise<void>((done) => {
            finishLate = done;
          });
        },
        { leaseMs: 400 },
      );
    });
    const { id } = await dying.enqueue(queue, { file: 'report.pdf' });
    expect(await started).toBe(id);
    await dying.stop(0); // the process "dies": no more polling, no lease renewal

    const survivor = open(second);
    const ranBy: number[] = [];
    survivor.work(queue, async (job) => {
      ranBy.push(job.attempt);
      return { pages: 3 };
    });
    const done = await waitFor(survivor, id, isFinished);
    expect(done).toMatchObject({ state: 'succeeded', attempts: 2, result: { pages: 3 } });
    expect(ranBy).toEqual([2]);

    // The dead worker's attempt finishing after all changes nothing: it no longer holds the job.
    finishLate();
    await sleep(100);
    expect(await survivor.status(id)).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      result: { pages: 3 },
    });
  });

  it('retries a transient failure with growing delays, then succeeds', async () => {
    const queue = newQueue();
    const jobs = open(first);
    const attempts: number[] = [];
    jobs.work(
      queue,
      async (job) => {
        attempts.push(Date.now());
        if (job.attempt < 3) throw new Error('The model endpoint timed out');
        return 'ok';
      },
      { backoffMs: 150 },
    );
    const { id } = await jobs.enqueue(queue, {});
    const done = await waitFor(jobs, id, isFinished);
    expect(done).toMatchObject({ state: 'succeeded', attempts: 3, lastError: null, result: 'ok' });
    const [one, two, three] = attempts as [number, number, number];
    expect(two - one).toBeGreaterThanOrEqual(150);
    expect(three - two).toBeGreaterThanOrEqual(300);
  });

  it('a failing attempt is visible with its error while the job waits for its retry', async () => {
    const queue = newQueue();
    const jobs = open(first);
    jobs.work(
      queue,
      async () => {
        throw new Error('Connection reset by the model endpoint');
      },
      { backoffMs: 60_000 },
    );
    const { id } = await jobs.enqueue(queue, {});
    const waiting = await waitFor(jobs, id, (status) => status.attempts === 1 && status.state === 'queued');
    expect(waiting.lastError).toBe('Connection reset by the model endpoint');
    expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await jobs.cancel(id)).toBe(true);
  });

  it('a permanent error fails the job at once with its reason', async () => {
    const queue = newQueue();
    const jobs = open(first);
    let calls = 0;
    jobs.work(queue, async () => {
      calls++;
      throw new PermanentJobError(
        'report.pdf is not a valid PDF (no xref table): export it again and re-upload.',
      );
    });
    const { id } = await jobs.enqueue(queue, {}, { maxAttempts: 5 });
    const done = await waitFor(jobs, id, isFinished);
    expect(done).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'report.pdf is not a valid PDF (no xref table): export it again and re-upload.',
    });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(calls).toBe(1);
  });

  it('fails with the last error once the attempts are used up', async () => {
    const queue = newQueue();
    const jobs = open(first);
    jobs.work(
      queue,
      async () => {
        throw new Error('Disk full');
      },
      { backoffMs: 10 },
    );
    const { id } = await jobs.enqueue(queue, {}, { maxAttempts: 3 });
    const done = await waitFor(jobs, id, isFinished);
    expect(done).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'Disk full (gave up after 3 attempts)',
    });
  });

  it('fails a job whose last attempt died with it, saying so', async () => {
    const queue = newQueue();
    const dying = open(first);
    const started = new Promise<void>((resolve) => {
      dying.work(
        queue,
        () => {
          resolve();
          return new Promise<void>(() => {});
        },
        { leaseMs: 200 },
      );
    });
    const { id } = await dying.enqueue(queue, {}, { maxAttempts: 1 });
    await started;
    await dying.stop(0);
    const survivor = open(second);
    let isRun = false;
    survivor.work(queue, async () => {
      isRun = true;
    });
    const done = await waitFor(survivor, id, isFinished);
    expect(done.state).toBe('failed');
    expect(done.lastError).toContain('The server stopped while working on it, 1 time(s) out of 1');
    expect(isRun).toBe(false);
  });

  it('stop waits for running jobs to finish, then takes no more', async () => {
    const queue = newQueue();
    const jobs = open(first);
    let isFinishedBeforeStop = false;
    const started = new Promise<void>((resolve) => {
      jobs.work(queue, async () => {
        resolve();
        await sleep(400);
        isFinishedBeforeStop = true;
      });
    });
    const { id } = await jobs.enqueue(queue, {});
    await started;
    const stopping = Date.now();
    await jobs.stop(5000);
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(300);
    expect(isFinishedBeforeStop).toBe(true);
    expect(await jobs.status(id)).toMatchObject({ state: 'succeeded' });

    const later = await jobs.enqueue(queue, {});
    await sleep(300);
    expect(await jobs.status(later.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(() => jobs.work(newQueue(), async () => {})).toThrow('stopped');
  });

  it('stop gives up after its timeout, aborting the handler and leaving the lease to expire', async () => {
    const queue = newQueue();
    const jobs = open(first);
    let signal: AbortSignal | undefined;
    const started = new Promise<void>((resolve) => {
      jobs.work(
        queue,
        (job) => {
          signal = job.signal;
          resolve();
          return new Promise<void>(() => {});
        },
        { leaseMs: 60_000 },
      );
    });
    const { id } = await jobs.enqueue(queue, {});
    await started;
    const stopping = Date.now();
    await jobs.stop(200);
    expect(Date.now() - stopping).toBeLessThan(2000);
    expect(signal?.aborted).toBe(true);
    expect(await jobs.status(id)).toMatchObject({ state: 'running', attempts: 1 });
    await jobs.cancel(id);
  });

  it('one waiting job per dedupe key; a key never runs twice at once', async () => {
    const queue = newQueue();
    const producer = open(first);
    const one = await producer.enqueue(queue, { v: 1 }, { dedupeKey: 'doc-1' });
    const again = await producer.enqueue(queue, { v: 2 }, { dedupeKey: 'doc-1' });
    const other = await producer.enqueue(queue, { v: 3 }, { dedupeKey: 'doc-2' });
    expect(again).toEqual({ id: one.id, isNew: false });
    expect(other.isNew).toBe(true);

    let running = 0;
    let mostAtOnce = 0;
    const ran: unknown[] = [];
    let releaseFirst!: () => void;
    const firstStarted = new Promise<void>((resolve) => {
      for (const db of [first, second]) {
        open(db).work(
          queue,
          async (job) => {
            const payload = job.payload as { v: number };
            if (payload.v === 3) return;
            running++;
            mostAtOnce = Math.max(mostAtOnce, running);
            ran.push(payload.v);
            if (payload.v === 1) {
              resolve();
              await new Promise<void>((done) => {
                releaseFirst = done;
              });
            }
            running--;
          },
          { concurrency: 2 },
        );
      }
    });
    await firstStarted;
    // While doc-1 runs, a new doc-1 job waits (a re-upload must be processed again), but not beside it.
    const third = await producer.enqueue(queue, { v: 4 }, { dedupeKey: 'doc-1' });
    expect(third.isNew).toBe(true);
    await sleep(300);
    expect(ran).toEqual([1]);
    releaseFirst();
    await waitFor(producer, third.id, isFinished);
    expect(ran).toEqual([1, 4]);
    expect(mostAtOnce).toBe(1);
  });

  it('cancel stops a waiting job from running; runAt delays a job', async () => {
    const queue = newQueue();
    const jobs = open(first);
    const ran: string[] = [];
    const runAt = new Date(Date.now() + 1500);
    const cancelled = await jobs.enqueue(queue, {}, { runAt });
    const later = await jobs.enqueue(queue, {}, { runAt });
    expect(await jobs.cancel(cancelled.id, 'Deleted by admin@example.com')).toBe(true);
    jobs.work(queue, async (job) => {
      ran.push(job.id);
    });
    await sleep(300);
    expect(ran).toEqual([]);
    await waitFor(jobs, later.id, isFinished);
    expect(ran).toEqual([later.id]);
    expect(Date.now()).toBeGreaterThanOrEqual(runAt.getTime());
    expect(await jobs.status(cancelled.id)).toMatchObject({
      state: 'cancelled',
      lastError: 'Deleted by admin@example.com',
    });
    expect(await jobs.cancel(cancelled.id)).toBe(false);
    expect(await jobs.status('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('cancelling a running job aborts its handler on this instance at once, with the reason', async () => {
    const queue = newQueue();
    const jobs = open(first);
    const aborted = new Promise<unknown>((resolve) => {
      jobs.work(
        queue,
        (job) =>
          new Promise<void>((_, reject) => {
            job.signal.addEventListener('abort', () => {
              resolve(job.signal.reason);
              reject(job.signal.reason);
            });
          }),
        // Renewed every 20 minutes: only the cancel itself can abort the handler within the test.
        { leaseMs: 3_600_000 },
      );
    });
    const { id } = await jobs.enqueue(queue, {});
    await waitFor(jobs, id, (status) => status.state === 'running');
    expect(await jobs.cancel(id, 'The document was deleted.')).toBe(true);
    expect(await aborted).toMatchObject({ message: 'The document was deleted.' });
    // The handler's rejection does not turn the cancelled job into a retry.
    await sleep(100);
    expect(await jobs.status(id)).toMatchObject({
      state: 'cancelled',
      lastError: 'The document was deleted.',
    });
  });

  it('a job enqueued in a transaction exists only if the transaction commits', async () => {
    const queue = newQueue();
    const jobs = open(first);
    await expect(
      first.transaction(async (tx) => {
        await jobs.enqueue(queue, {}, { tx });
        throw new Error('the upload failed');
      }),
    ).rejects.toThrow('the upload failed');
    const kept = await first.transaction((tx) => jobs.enqueue(queue, { kept: true }, { tx }));
    const { rows } = await first.query<{ id: string }>('SELECT id FROM jobs WHERE queue = $1', [queue]);
    expect(rows).toEqual([{ id: kept.id }]);
  });
});

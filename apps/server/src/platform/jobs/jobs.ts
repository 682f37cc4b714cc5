// Durable background work in the database, shared by every server instance on it.
//
// A job is a row of `jobs`. Workers claim ready rows with `FOR UPDATE SKIP LOCKED` (two instances
// never take one row), holding a lease they renew while the handler runs; a worker that dies stops
// renewing, its lease runs out and the next poll of any instance claims the job again. A handler
// that throws is retried with exponential backoff until `maxAttempts`; one that throws a
// `PermanentJobError` (bad input, nothing a retry would change) fails at once. Every job ends
// `succeeded`, `failed` with a reason a person can act on, or `cancelled`: none stays queued or
// running forever, since an expired lease past the last attempt is failed too.
//
// Why not pg-boss: pg-boss 12 does run on PGlite (its `fromPglite` adapter) and PostgreSQL, and was
// tried first. It was not adopted because (1) it owns a second schema (13 tables, partitions) with
// its own versioning and maintenance timers beside our per-module migrations; (2) enqueueing inside
// a feature's transaction (a document row and its ingestion job, all or nothing) needs an adapter
// from our `Queryable` to its multi-statement SQL paths; (3) the semantics we need are not its
// defaults: `singletonKey` did not deduplicate on a standard queue, failing at once without retries
// needs batch handlers with per-job results and a dead-letter queue, expiry is an in-process timer
// plus heartbeats of at least 10 s; and in a trial on PGlite a job retried with a 1 s delay had
// not run again 12 s later; (4) it is ~18k lines of JavaScript for what is a few SQL statements
// here. The statements below are the whole mechanism, on the same `Db` every feature uses.
import { randomUUID } from 'node:crypto';
import type { Db, Queryable, QueryResult } from '../db/db.js';
import { tracer } from '../operations/tracing.js';

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** What `status()` answers about one job. */
export interface JobStatus {
  id: string;
  queue: string;
  state: JobState;
  payload: unknown;
  dedupeKey: string | null;
  /** Attempts started so far (the running one included). */
  attempts: number;
  maxAttempts: number;
  /** When it may run next (queued) or was last made ready. */
  runAt: Date;
  /** The last attempt's error; for a failed job, why it failed. */
  lastError: string | null;
  /** What the handler returned (JSON), once succeeded. */
  result: unknown;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface EnqueueOptions {
  /**
   * While a job of this queue with this key is waiting, enqueueing the key again returns that job
   * instead of adding one; jobs with one key never run at the same time (one waits for the other).
   */
  dedupeKey?: string;
  /** Attempts before the job fails for good. @default the queue's, else 5 */
  maxAttempts?: number;
  /** Not before this time. @default now */
  runAt?: Date;
  /** Enqueue inside this transaction (the job exists only if it commits). */
  tx?: Queryable;
}

export interface EnqueueResult {
  id: string;
  /** False when an equal dedupeKey returned the job already waiting. */
  isNew: boolean;
}

/** How long ago `job` was queued, in seconds (0 for a context made by hand without `queuedAt`). */
export function secondsSinceQueued(job: Pick<JobContext<unknown>, 'queuedAt'>): number {
  return job.queuedAt ? Math.max(0, (Date.now() - job.queuedAt.getTime()) / 1000) : 0;
}

/** What a handler receives. */
export interface JobContext<Payload> {
  id: string;
  queue: string;
  payload: Payload;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** When the job was queued (its first attempt's wait and earlier attempts included in what follows). */
  queuedAt?: Date;
  /**
   * Aborted when the job is cancelled (at once on this instance), its lease is lost (taken over) or
   * the server stops past its timeout.
   */
  signal: AbortSignal;
}

export type JobHandler<Payload = unknown> = (job: JobContext<Payload>) => Promise<unknown>;

export interface WorkOptions {
  /** Jobs of this queue this instance runs at once. @default 1 */
  concurrency?: number;
  /** Lease length; renewed every third of it while the handler runs. @default 30 s */
  leaseMs?: number;
  /** First retry delay; doubles each attempt (with up to 20% jitter). @default 1 s */
  backoffMs?: number;
  /** Longest retry delay. @default 5 min */
  maxBackoffMs?: number;
  /** Default maxAttempts of jobs enqueued without one. @default 5 */
  maxAttempts?: number;
}

/** Thrown by a handler when retrying cannot help: the job fails at once with this message. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface JobsOptions {
  /** How often an idle queue looks for work (and for expired leases). @default 1000 ms */
  pollIntervalMs?: number;
  /** How long stop() waits for running handlers. @default 10 s */
  stopTimeoutMs?: number;
  /** Name of this worker in `locked_by` (defaults to a random id). */
  workerId?: string;
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Told how each attempt this instance ran ended, and how long it took (metrics). */
  onAttemptEnd?(attempt: AttemptEnd): void;
}

/**
 * How an attempt ended: `succeeded`; `retrying` (failed, queued again with backoff); `failed` (for
 * good); `cancelled`; `handed_back` (the server stopped: queued again at once for another instance).
 */
export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'cancelled' | 'handed_back';

export interface AttemptEnd {
  queue: string;
  outcome: AttemptOutcome;
  durationMs: number;
}

/** Whether the workers of this instance are polling (readiness). */
export interface WorkersHealth {
  isStopped: boolean;
  /** Per queue, how long ago its worker last finished looking for work; null: not yet. */
  queues: Array<{ queue: string; sinceLastPollMs: number | null }>;
  /** How often an idle queue polls. */
  pollIntervalMs: number;
}

/** The abort reason of a job handed back at stop: its attempt is given back, not failed. */
class HandBack extends Error {
  constructor() {
    super('The server is stopping: the job is handed back to another instance');
    this.name = 'HandBack';
  }
}

interface JobRow {
  id: string;
  queue: string;
  state: JobState;
  payload: unknown;
  dedupe_key: string | null;
  attempts: number;
  max_attempts: number;
  run_at: Date | string;
  last_error: string | null;
  result: unknown;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
  /** The W3C traceparent of what queued it, when traced. */
  trace_parent: string | null;
}

interface Worker {
  queue: string;
  handler: JobHandler;
  concurrency: number;
  leaseMs: number;
  backoffMs: number;
  maxBackoffMs: number;
  maxAttempts: number;
  running: Map<
    string,
    { done: Promise<void>; abort: AbortController; renew: NodeJS.Timeout; attempts: number }
  >;
  timer?: NodeJS.Timeout;
  /** The claim in flight, if any. */
  polling?: Promise<void>;
  isPollAgain: boolean;
  /** When a poll last completed (claim answered), for readiness. */
  lastPolledAt?: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_ERROR_LENGTH = 2000;

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function toStatus(row: JobRow): JobStatus {
  return {
    id: row.id,
    queue: row.queue,
    state: row.state,
    payload: row.payload,
    dedupeKey: row.dedupe_key,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: toDate(row.run_at),
    lastError: row.last_error,
    result: row.result ?? null,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    finishedAt: row.finished_at === null ? null : toDate(row.finished_at),
  };
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

/** Delay before attempt `attempt + 1`: backoff doubling from `baseMs`, capped, with jitter. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (1 + Math.random() * 0.2));
}

/**
 * The job queues of one server instance over one database. `enqueue`, `cancel` and `status` work
 * at any time; `work` registers a handler and starts polling its queue until `stop`.
 */
export class Jobs {
  readonly workerId: string;
  private readonly workers = new Map<string, Worker>();
  private readonly pollIntervalMs: number;
  private readonly stopTimeoutMs: number;
  private isStopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobsOptions = {},
  ) {
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  }

  /** Adds a job (or returns the waiting one with the same dedupeKey). */
  async enqueue(queue: string, payload: unknown, options: EnqueueOptions = {}): Promise<EnqueueResult> {
    const db = options.tx ?? this.db;
    const maxAttempts = options.maxAttempts ?? this.workers.get(queue)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be at least 1');
    const json = JSON.stringify(payload ?? null);
    const runAt = options.runAt ?? null;
    // The trace of what queues it (a request), which its attempts continue.
    const traceParent = tracer()?.traceContext() ?? null;
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO jobs (queue, payload, dedupe_key, max_attempts, run_at, trace_parent)
         VALUES ($1, $2::jsonb, $3, $4, COALESCE($5::timestamptz, now()), $6)
         ON CONFLICT (queue, dedupe_key) WHERE state = 'queued' AND dedupe_key IS NOT NULL DO NOTHING
         RETURNING id`,
        [queue, json, options.dedupeKey ?? null, maxAttempts, runAt, traceParent],
        { name: 'jobs_enqueue' },
      );
      if (inserted.rows[0]) {
        if (!options.tx) this.wake(queue);
        return { id: inserted.rows[0].id, isNew: true };
      }
      const waiting = await db.query<{ id: string }>(
        "SELECT id FROM jobs WHERE queue = $1 AND dedupe_key = $2 AND state = 'queued'",
        [queue, options.dedupeKey],
      );
      if (waiting.rows[0]) return { id: waiting.rows[0].id, isNew: false };
      // The waiting job was claimed between the two statements: insert again.
    }
    throw new Error(`Could not enqueue a ${queue} job with key ${options.dedupeKey}: it kept changing`);
  }

  /**
   * Cancels a waiting or running job. A handler running it on this instance sees its signal aborted
   * at once; on another instance, at that one's next lease renewal (within a third of the lease).
   */
  async cancel(id: string, reason = 'Cancelled.'): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET state = 'cancelled', last_error = $2, finished_at = now(), updated_at = now(),
         locked_by = NULL, locked_until = NULL
       WHERE id = $1 AND state IN ('queued', 'running')`,
      [id, reason],
    );
    if (rowCount > 0) {
      for (const worker of this.workers.values()) worker.running.get(id)?.abort.abort(new Error(reason));
    }
    return rowCount > 0;
  }

  /** The job's state, attempts and last error; undefined when no such job exists. */
  async status(id: string): Promise<JobStatus | undefined> {
    const { rows } = await this.db.query<JobRow>('SELECT * FROM jobs WHERE id = $1', [id]);
    return rows[0] ? toStatus(rows[0]) : undefined;
  }

  /** Registers the handler of `queue` on this instance and starts polling it. */
  work<Payload>(queue: string, handler: JobHandler<Payload>, options: WorkOptions = {}): void {
    if (this.isStopped) throw new Error('Jobs are stopped');
    if (this.workers.has(queue)) throw new Error(`Queue ${queue} already has a worker on this instance`);
    const leaseMs = options.leaseMs ?? 30_000;
    const worker: Worker = {
      queue,
      handler: handler as JobHandler,
      concurrency: Math.max(1, options.concurrency ?? 1),
      leaseMs,
      backoffMs: options.backoffMs ?? 1000,
      maxBackoffMs: options.maxBackoffMs ?? 5 * 60_000,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      running: new Map(),
      isPollAgain: false,
    };
    this.workers.set(queue, worker);
    this.schedule(worker, 0);
  }

  /** Polls `queue` now instead of at the next interval (enqueue does this for its own instance). */
  wake(queue: string): void {
    const worker = this.workers.get(queue);
    if (worker) this.schedule(worker, 0);
  }

  /**
   * Stops polling and waits for running handlers up to the stop timeout. Handlers still running
   * then are aborted and their leases left to expire, so another instance retries them.
   */
  async stop(timeoutMs = this.stopTimeoutMs): Promise<void> {
    this.isStopped = true;
    for (const worker of this.workers.values()) clearTimeout(worker.timer);
    // A claim in flight either released its jobs (stopped) or started them: wait for it first.
    await Promise.allSettled([...this.workers.values()].map((worker) => worker.polling));
    const running: Promise<void>[] = [];
    for (const worker of this.workers.values()) {
      for (const job of worker.running.values()) running.push(job.done);
    }
    let timer: NodeJS.Timeout | undefined;
    const isTimedOut = await Promise.race([
      Promise.allSettled(running).then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (isTimedOut) {
      for (const worker of this.workers.values()) {
        for (const [id, job] of worker.running) {
          this.options.log?.warn(
            { job: id, queue: worker.queue },
            'job still running at stop: lease left to expire',
          );
          clearInterval(job.renew);
          job.abort.abort(new Error('The server is stopping'));
        }
      }
    }
  }

  /**
   * Graceful stop: no more claims, and every running job is aborted and handed back at once (queued
   * again, its attempt not counted) so another instance takes it at its next poll instead of
   * waiting for the lease to run out. Waits up to `timeoutMs` for the handlers to settle; a handler
   * still running then keeps going unheard (its outcome is fenced off: the job is no longer its).
   */
  async handBack(timeoutMs = this.stopTimeoutMs): Promise<number> {
    this.isStopped = true;
    for (const worker of this.workers.values()) clearTimeout(worker.timer);
    await Promise.allSettled([...this.workers.values()].map((worker) => worker.polling));
    const handed: Array<{ id: string; attempts: number; done: Promise<void> }> = [];
    for (const worker of this.workers.values()) {
      for (const [id, job] of worker.running) {
        clearInterval(job.renew);
        handed.push({ id, attempts: job.attempts, done: job.done });
        job.abort.abort(new HandBack());
      }
    }
    if (handed.length === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(handed.map((job) => job.done)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    // Handlers that settled released their jobs themselves (run's catch); these release the rest.
    for (const job of handed) await this.release(job.id, job.attempts).catch(() => {});
    return handed.length;
  }

  /** Whether the workers poll: stopped, and how long ago each queue last looked for work. */
  workersHealth(): WorkersHealth {
    const now = Date.now();
    return {
      isStopped: this.isStopped,
      pollIntervalMs: this.pollIntervalMs,
      queues: [...this.workers.values()].map((worker) => ({
        queue: worker.queue,
        sinceLastPollMs: worker.lastPolledAt === undefined ? null : now - worker.lastPolledAt,
      })),
    };
  }

  /** Queues a running job of this worker again for now, its attempt given back. */
  private async release(id: string, attempts: number): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET state = 'queued', attempts = attempts - 1, run_at = now(), updated_at = now(),
         locked_by = NULL, locked_until = NULL
       WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'running'`,
      [id, this.workerId, attempts],
    );
  }

  private schedule(worker: Worker, delayMs: number): void {
    if (this.isStopped) return;
    if (worker.polling) {
      if (delayMs === 0) worker.isPollAgain = true;
      return;
    }
    clearTimeout(worker.timer);
    worker.timer = setTimeout(() => {
      worker.polling = this.poll(worker).finally(() => {
        worker.polling = undefined;
        const isMore = worker.isPollAgain && worker.running.size < worker.concurrency;
        this.schedule(worker, isMore ? 0 : this.pollIntervalMs);
      });
    }, delayMs);
    worker.timer.unref?.();
  }

  private async poll(worker: Worker): Promise<void> {
    if (this.isStopped) return;
    worker.isPollAgain = false;
    let claimed: JobRow[] = [];
    try {
      const free = worker.concurrency - worker.running.size;
      if (free > 0) claimed = await this.claim(worker, free);
      worker.lastPolledAt = Date.now();
    } catch (error) {
      this.options.log?.error({ err: error, queue: worker.queue }, 'could not claim jobs');
    }
    if (this.isStopped && claimed.length > 0) {
      // Stopped while claiming: hand the jobs back untouched rather than start them.
      await this.db
        .query(
          `UPDATE jobs SET state = 'queued', attempts = attempts - 1, locked_by = NULL, locked_until = NULL
           WHERE id = ANY($1::uuid[]) AND locked_by = $2 AND state = 'running'`,
          [claimed.map((row) => row.id), this.workerId],
        )
        .catch(() => {});
      return;
    }
    for (const row of claimed) this.run(worker, row);
  }

  /**
   * A statement recording the queue's own progress (claims, leases, outcomes): without waiting for
   * the disk on PostgreSQL (see `TransactionOptions.isSynchronousCommit`). Lost in a database crash,
   * such a write leaves the job as it was before, and its lease makes it run again: the at-least-once
   * delivery a worker's own death already implies. `name`: a prepared statement, for those every
   * job runs (claim, success), planned once per connection instead of on every job.
   */
  private bookkeeping<Row>(sql: string, params: unknown[], name?: string): Promise<QueryResult<Row>> {
    return this.db.asyncCommit.query<Row>(sql, params, name ? { name } : {});
  }

  private async claim(worker: Worker, limit: number): Promise<JobRow[]> {
    // One statement: a job whose last attempt's lease ran out has no attempt left and is failed
    // with a reason (`exhausted`), and the ready jobs are claimed; the two sets never overlap.
    const { rows } = await this.bookkeeping<JobRow>(
      `WITH exhausted AS (
         UPDATE jobs SET state = 'failed', finished_at = now(), updated_at = now(), locked_by = NULL, locked_until = NULL,
           last_error = 'The server stopped while working on it, ' || attempts || ' time(s) out of ' || max_attempts ||
             ' (last error: ' || COALESCE(last_error, 'none') || '). Retry it once the server runs steadily; if it keeps happening, this input may crash the server.'
         WHERE queue = $1 AND state = 'running' AND locked_until < now() AND attempts >= max_attempts
         RETURNING id
       )
       UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = $2,
         locked_until = now() + $3 * interval '1 millisecond', updated_at = now()
       WHERE id IN (
         SELECT id FROM jobs candidate
         WHERE queue = $1
           AND ((state = 'queued' AND run_at <= now())
             OR (state = 'running' AND locked_until < now() AND attempts < max_attempts))
           AND (dedupe_key IS NULL OR NOT EXISTS (
             SELECT 1 FROM jobs other
             WHERE other.queue = candidate.queue AND other.dedupe_key = candidate.dedupe_key
               AND other.id <> candidate.id AND other.state = 'running' AND other.locked_until >= now()))
         ORDER BY run_at, created_at
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [worker.queue, this.workerId, worker.leaseMs, limit],
      'jobs_claim',
    );
    return rows;
  }

  private run(worker: Worker, row: JobRow): void {
    const abort = new AbortController();
    const fence = [row.id, this.workerId, row.attempts] as const;
    const renew = setInterval(
      () => {
        this.bookkeeping(
          `UPDATE jobs SET locked_until = now() + $4 * interval '1 millisecond'
             WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'running'`,
          [...fence, worker.leaseMs],
        ).then(
          ({ rowCount }) => {
            if (rowCount === 0) abort.abort(new Error('The job was cancelled or taken over'));
          },
          (error) => this.options.log?.warn({ err: error, job: row.id }, 'could not renew the job lease'),
        );
      },
      Math.max(50, Math.floor(worker.leaseMs / 3)),
    );
    const startedAt = performance.now();
    let outcome: AttemptOutcome = 'succeeded';
    // Each attempt is a span (tracing on only), its statements and model calls in it: a child of
    // the span that queued the job (an upload's request), else a trace of its own.
    const span = tracer()?.startSpan(`job ${row.queue}`, {
      kind: 'consumer',
      isRoot: true,
      ...(row.trace_parent ? { parent: row.trace_parent } : {}),
      attributes: { 'da.job.queue': row.queue, 'da.job.id': row.id, 'da.job.attempt': row.attempts },
    });
    let failure: unknown;
    const attempt = async () => {
      try {
        const result = await worker.handler({
          id: row.id,
          queue: row.queue,
          payload: row.payload,
          attempt: row.attempts,
          maxAttempts: row.max_attempts,
          queuedAt: toDate(row.created_at),
          signal: abort.signal,
        });
        await this.bookkeeping(
          `UPDATE jobs SET state = 'succeeded', result = $4::jsonb, last_error = NULL, finished_at = now(),
             updated_at = now(), locked_by = NULL, locked_until = NULL
           WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'running'`,
          [...fence, JSON.stringify(result ?? null)],
          'jobs_succeed',
        );
      } catch (error) {
        failure = error;
        if (abort.signal.reason instanceof HandBack) {
          outcome = 'handed_back';
          await this.release(row.id, row.attempts).catch((failure) =>
            this.options.log?.error({ err: failure, job: row.id }, 'could not hand the job back'),
          );
        } else {
          outcome = await this.fail(worker, row, error).catch((failure) => {
            this.options.log?.error({ err: failure, job: row.id }, 'could not record the job failure');
            return 'failed' as const;
          });
        }
      } finally {
        clearInterval(renew);
        worker.running.delete(row.id);
        this.options.onAttemptEnd?.({
          queue: worker.queue,
          outcome,
          durationMs: performance.now() - startedAt,
        });
        if (span) {
          span.setAttributes({ 'da.job.outcome': outcome });
          if (outcome === 'failed' || outcome === 'retrying') span.fail(failure);
          span.end();
        }
        this.schedule(worker, 0);
      }
    };
    const done = span ? span.activate(attempt) : attempt();
    worker.running.set(row.id, { done, abort, renew, attempts: row.attempts });
  }

  private async fail(worker: Worker, row: JobRow, error: unknown): Promise<AttemptOutcome> {
    const fence = [row.id, this.workerId, row.attempts] as const;
    const message = describe(error);
    const isFinal = error instanceof PermanentJobError || row.attempts >= row.max_attempts;
    if (isFinal) {
      const reason =
        error instanceof PermanentJobError || row.max_attempts === 1
          ? message
          : `${message} (gave up after ${row.attempts} attempts)`;
      await this.db.query(
        `UPDATE jobs SET state = 'failed', last_error = $4, finished_at = now(), updated_at = now(),
           locked_by = NULL, locked_until = NULL
         WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'running'`,
        [...fence, reason],
      );
      return 'failed';
    }
    this.options.log?.warn(
      { job: row.id, queue: row.queue, attempt: row.attempts, err: error },
      'job attempt failed; retrying',
    );
    const delayMs = retryDelayMs(row.attempts, worker.backoffMs, worker.maxBackoffMs);
    // A newer job with the same key already waits: it does the work, this one steps aside.
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET state = 'queued', last_error = $4, run_at = now() + $5 * interval '1 millisecond',
         updated_at = now(), locked_by = NULL, locked_until = NULL
       WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'running'
         AND (dedupe_key IS NULL OR NOT EXISTS (
           SELECT 1 FROM jobs other WHERE other.queue = jobs.queue AND other.dedupe_key = jobs.dedupe_key
             AND other.state = 'queued'))`,
      [...fence, message, delayMs],
    );
    if (rowCount === 0) {
      await this.db.query(
        `UPDATE jobs SET state = 'cancelled', last_error = $4, finished_at = now(), updated_at = now(),
           locked_by = NULL, locked_until = NULL
         WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'running'`,
        [...fence, `Superseded by a newer job with the same key (this attempt failed: ${message})`],
      );
      return 'cancelled';
    }
    return 'retrying';
  }
}

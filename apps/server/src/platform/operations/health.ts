// Liveness and readiness for load balancers and orchestrators, outside /api: they are operations'
// routes, not part of the contract clients are written against (no SDK helper, no authentication,
// nothing a browser page calls). `GET /livez`: the process answers (200, no dependency checked, so
// an orchestrator does not restart a server for its database's outage). `GET /readyz`: 200 when
// this instance can serve, else 503 naming what is not ready: the database answers, Redis answers
// (when REDIS_URL is set), the job workers poll, and the server is not shutting down.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/db.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Lifecycle } from './lifecycle.js';

export interface HealthDependencies {
  db: Db;
  jobs: Jobs;
  lifecycle: Lifecycle;
  redis?: Redis;
}

/** One check's outcome in the readiness body. */
export interface CheckResult {
  isReady: boolean;
  /** Why not, in words an operator can act on. */
  reason?: string;
}

/** A check taking longer than this fails (a load balancer's probe must not hang). */
const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function checkDatabase(db: Db): Promise<CheckResult> {
  try {
    await withTimeout(db.query('SELECT 1'), 'The database');
    return { isReady: true };
  } catch (error) {
    return { isReady: false, reason: `The database does not answer: ${reasonOf(error)}` };
  }
}

async function checkRedis(redis: Redis): Promise<CheckResult> {
  if (redis.status !== 'ready') return { isReady: false, reason: `Redis is not connected (${redis.status})` };
  try {
    await withTimeout(redis.ping(), 'Redis');
    return { isReady: true };
  } catch (error) {
    return { isReady: false, reason: `Redis does not answer: ${reasonOf(error)}` };
  }
}

function checkJobs(jobs: Jobs): CheckResult {
  const health = jobs.workersHealth();
  if (health.isStopped) return { isReady: false, reason: 'The job workers are stopped' };
  // A poll waits for the database: allow a few intervals, and a slow claim on a busy database.
  const staleMs = Math.max(10_000, health.pollIntervalMs * 5);
  const stale = health.queues.filter(
    (queue) => queue.sinceLastPollMs === null || queue.sinceLastPollMs > staleMs,
  );
  if (stale.length > 0) {
    return {
      isReady: false,
      reason: `Job workers have not polled for over ${staleMs / 1000} s: ${stale.map((queue) => queue.queue).join(', ')}`,
    };
  }
  return { isReady: true };
}

/** Whether this instance can serve, with each check's outcome. */
export async function readiness(dependencies: HealthDependencies): Promise<{
  isReady: boolean;
  checks: Record<string, CheckResult>;
}> {
  const { db, jobs, lifecycle, redis } = dependencies;
  const checks: Record<string, CheckResult> = {
    server: lifecycle.isDraining
      ? { isReady: false, reason: 'The server is shutting down' }
      : { isReady: true },
  };
  const [database, redisCheck] = await Promise.all([
    checkDatabase(db),
    redis ? checkRedis(redis) : undefined,
  ]);
  checks.database = database;
  if (redisCheck) checks.redis = redisCheck;
  checks.jobs = checkJobs(jobs);
  return { isReady: Object.values(checks).every((check) => check.isReady), checks };
}

/** Registers GET /livez and GET /readyz (never cached, no session needed). */
export function registerHealthRoutes(app: FastifyInstance, dependencies: HealthDependencies): void {
  app.get('/livez', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const { isReady, checks } = await readiness(dependencies);
    reply.header('cache-control', 'no-store');
    if (isReady) return reply.send({ status: 'ready', checks });
    const failing = Object.entries(checks).filter(([, check]) => !check.isReady);
    return reply.code(503).send({
      status: 'not_ready',
      error: `Not ready: ${failing.map(([name, check]) => `${name} (${check.reason})`).join('; ')}`,
      code: 'server_unavailable',
      failing: failing.map(([name]) => name),
      checks,
    });
  });
}

// Metrics in the Prometheus text format (prom-client), never public: on a port of their own
// (METRICS_PORT, an interface the load balancer does not route to) and/or at GET /metrics on the
// server's port behind `Authorization: Bearer METRICS_TOKEN`; with neither, not served at all.
// Collected always (counting costs next to nothing); the queue figures and the database pool are
// read when scraped. Names and sample alert rules: apps/server/README.md (Operations).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { safeEqual } from '../auth/secrets.js';
import type { Db } from '../db/db.js';
import type { AttemptEnd, Jobs } from '../jobs/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's metrics (registerMetrics); absent on a bare Fastify instance. */
    metrics?: ServerMetrics;
  }
}

/** Latency buckets in seconds, from a cached read to a long answer. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const FIRST_TOKEN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30];
const JOB_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/** The operation a request is counted under: its operationId, else its route pattern. */
function operationOf(request: FastifyRequest): string {
  return request.routeOptions.config.operation?.operationId ?? request.routeOptions.url ?? 'unmatched';
}

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'operation' | 'method' | 'status'>;
  private readonly openStreams: Gauge;
  private readonly firstToken: Histogram<'chat'>;
  private readonly modelErrors: Counter<'chat' | 'code'>;
  private readonly modelTokens: Counter<'chat' | 'direction'>;
  private readonly jobAttempts: Histogram<'queue' | 'outcome'>;
  private readonly rateLimited: Counter<'operation'>;
  private readonly ingestions: Histogram<'outcome'>;
  private readonly reviews: Histogram<'outcome'>;
  /** The port of their own the metrics are served on (METRICS_PORT), once listening. */
  port: number | undefined;

  /**
   * `hasProcessMetrics`: also Node's process metrics (process_*, nodejs_*), which watch the event loop
   * and garbage collection for the life of the process: only when the metrics are served.
   */
  constructor(db: Db, jobs: () => Jobs | undefined, options: { hasProcessMetrics: boolean }) {
    const registers = [this.registry];
    if (options.hasProcessMetrics) collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'da_http_request_duration_seconds',
      help: 'Time from request to the end of its answer (a streamed answer: its last event), per operation and status.',
      labelNames: ['operation', 'method', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.openStreams = new Gauge({
      name: 'da_sse_streams_open',
      help: 'Chat answers being streamed (server-sent events) by this instance.',
      registers,
    });
    this.firstToken = new Histogram({
      name: 'da_chat_time_to_first_token_seconds',
      help: 'Time from a chat question to the first piece of its answer, per chat operation.',
      labelNames: ['chat'],
      buckets: FIRST_TOKEN_BUCKETS,
      registers,
    });
    this.modelErrors = new Counter({
      name: 'da_chat_model_errors_total',
      help: 'Chat answers that failed for the language model (model_error, model_timeout, model_not_configured), per chat operation and code.',
      labelNames: ['chat', 'code'],
      registers,
    });
    this.modelTokens = new Counter({
      name: 'da_chat_model_tokens_total',
      help: 'Tokens the language model reported (usage), per chat operation (the code review: uploadCodeReviewZip, whose job calls it) and direction (input: the prompt, output: the answer).',
      labelNames: ['chat', 'direction'],
      registers,
    });
    this.jobAttempts = new Histogram({
      name: 'da_job_attempt_duration_seconds',
      help: 'Durations of job attempts run by this instance, per queue (knowledge.ingest: ingestion, review.analyze: code review) and outcome (succeeded, retrying, failed, cancelled, handed_back).',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.ingestions = new Histogram({
      name: 'da_knowledge_ingestion_seconds',
      help: 'Training documents ingested by this instance, from upload (queued) to their end, per outcome (ready, no_text, failed, unsupported_legacy: a .ppt to convert).',
      labelNames: ['outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.reviews = new Histogram({
      name: 'da_code_review_seconds',
      help: 'Code reviews finished by this instance, from upload (queued) to their end, per outcome (success, failed).',
      labelNames: ['outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.rateLimited = new Counter({
      name: 'da_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), per operation.',
      labelNames: ['operation'],
      registers,
    });

    // Read from the database when scraped: the queue is shared by every instance (any one reports it).
    const queued = new Gauge({
      name: 'da_jobs_queued',
      help: 'Jobs waiting, ready to run or retrying later, per queue (every instance on the database).',
      labelNames: ['queue'],
      registers,
    });
    const running = new Gauge({
      name: 'da_jobs_running',
      help: 'Jobs running, per queue (every instance on the database).',
      labelNames: ['queue'],
      registers,
    });
    new Gauge({
      name: 'da_jobs_oldest_ready_age_seconds',
      help: 'How long the oldest job ready to run has waited to be taken, per queue (0 when none waits).',
      labelNames: ['queue'],
      registers,
      async collect() {
        const { rows } = await db.query<{ queue: string; queued: number; running: number; oldest: number }>(
          `SELECT queue,
             count(*) FILTER (WHERE state = 'queued')::int AS queued,
             count(*) FILTER (WHERE state = 'running')::int AS running,
             COALESCE(EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE state = 'queued' AND run_at <= now())), 0)::float8 AS oldest
           FROM jobs WHERE state IN ('queued', 'running') GROUP BY queue`,
        );
        // Queues this instance works report 0 rather than vanishing when empty.
        const names = new Set([
          ...(jobs()
            ?.workersHealth()
            .queues.map((queue) => queue.queue) ?? []),
          ...rows.map((row) => row.queue),
        ]);
        this.reset();
        queued.reset();
        running.reset();
        for (const name of names) {
          const row = rows.find((candidate) => candidate.queue === name);
          queued.set({ queue: name }, row?.queued ?? 0);
          running.set({ queue: name }, row?.running ?? 0);
          this.set({ queue: name }, Math.max(0, row?.oldest ?? 0));
        }
      },
    });
    if (db.poolStats) {
      const poolStats = db.poolStats.bind(db);
      new Gauge({
        name: 'da_db_pool_connections',
        help: 'PostgreSQL connections of this instance: total open, idle, and requests waiting for one.',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
  }

  streamOpened(): void {
    this.openStreams.inc();
  }

  streamClosed(): void {
    this.openStreams.dec();
  }

  firstTokenAfter(request: FastifyRequest, seconds: number): void {
    this.firstToken.observe({ chat: operationOf(request) }, seconds);
  }

  modelError(request: FastifyRequest, code: string): void {
    this.modelErrors.inc({ chat: operationOf(request), code });
  }

  /** The tokens one model call of this chat request took, as the model reported them. */
  modelTokensUsed(request: FastifyRequest, usage: { inputTokens: number; outputTokens: number }): void {
    this.modelTokensUsedBy(operationOf(request), usage);
  }

  /** The tokens one model call took for the chat operation `chat` outside its request (a job's). */
  modelTokensUsedBy(chat: string, usage: { inputTokens: number; outputTokens: number }): void {
    this.modelTokens.inc({ chat, direction: 'input' }, usage.inputTokens);
    this.modelTokens.inc({ chat, direction: 'output' }, usage.outputTokens);
  }

  /** A training document's ingestion ended as `outcome`, `seconds` after it was queued. */
  ingestionEnded(outcome: string, seconds: number): void {
    this.ingestions.observe({ outcome }, seconds);
  }

  /** A code review ended as `outcome`, `seconds` after it was queued. */
  reviewEnded(outcome: 'success' | 'failed', seconds: number): void {
    this.reviews.observe({ outcome }, seconds);
  }

  jobAttemptEnded(attempt: AttemptEnd): void {
    this.jobAttempts.observe({ queue: attempt.queue, outcome: attempt.outcome }, attempt.durationMs / 1000);
  }

  /** Times every request to the end of its answer (hijacked streams included) and counts refusals. */
  registerHttpHooks(app: FastifyInstance): void {
    app.decorate<ServerMetrics>('metrics', this);
    app.addHook('onRequest', async (request, reply) => {
      const startedAt = process.hrtime.bigint();
      reply.raw.once('close', () => {
        const operation = operationOf(request);
        const status = reply.raw.statusCode;
        const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
        this.httpDuration.observe({ operation, method: request.method, status: String(status) }, seconds);
        if (status === 429) this.rateLimited.inc({ operation });
      });
    });
  }
}

export interface MetricsExposure {
  /** METRICS_PORT: a port of their own (0: any free one); undefined: none. */
  port?: number;
  /** METRICS_HOST: the interface of that port. */
  host: string;
  /** METRICS_TOKEN: GET /metrics on the server's port with this bearer token; undefined: not there. */
  token?: string;
}

async function answerScrape(metrics: ServerMetrics): Promise<{ type: string; body: string }> {
  return { type: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

/**
 * Serves the metrics as configured; returns the metrics port's server when there is one (closed
 * with the app).
 */
export async function exposeMetrics(
  app: FastifyInstance,
  metrics: ServerMetrics,
  exposure: MetricsExposure,
): Promise<Server | undefined> {
  if (exposure.token) {
    const expected = `Bearer ${exposure.token}`;
    app.get('/metrics', async (request, reply) => {
      const given = request.headers.authorization ?? '';
      if (!safeEqual(given, expected)) {
        return reply
          .code(401)
          .header('cache-control', 'no-store')
          .send({ error: 'Metrics need Authorization: Bearer METRICS_TOKEN.', code: 'unauthenticated' });
      }
      const { type, body } = await answerScrape(metrics);
      return reply.type(type).header('cache-control', 'no-store').send(body);
    });
  }
  if (exposure.port === undefined) return undefined;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: GET /metrics\n');
      return;
    }
    answerScrape(metrics).then(
      ({ type, body }) =>
        response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
      (error: unknown) => {
        app.log.error({ err: error }, 'could not collect the metrics');
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Could not collect the metrics\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(exposure.port, exposure.host, () => resolve());
  });
  metrics.port = (server.address() as AddressInfo).port;
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return server;
}

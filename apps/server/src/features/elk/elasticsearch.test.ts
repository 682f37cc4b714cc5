// The ELK agent on Elasticsearch: the official client over real HTTP against the project's search-API
// stand-in (src/test/elasticsearch-standin.ts). What an administrator notices: answers computed by
// Elasticsearch's aggregations (date_histogram with an interval fitting the period, avg, sum,
// percentiles, the host's machine type and memory), the configured index pattern, field names and
// credentials used, the tenants Elasticsearch holds listed for an unknown one, and the three ways it
// fails (no index, credentials refused, unreachable) as 502 metrics_unavailable saying what to check.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { components } from '../../generated/contract.js';
import type { ElkConfig } from '../../platform/config/config.js';
import { type EsDocument, type EsStandin, startEsStandin } from '../../test/elasticsearch-standin.js';
import {
  BACKENDS,
  type Caller,
  call,
  openTestDb,
  sessionFor,
  type TestDb,
  testConfig,
} from '../../test/harness.js';

type ElkAnswer = components['schemas']['ElkChatResponse'];

const API_KEY = 'VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==';
const HOUR = 3_600_000;

/** Samples every 30 minutes for 3 days: prod/acme and staging/globex, with figures a test can add up. */
function samples(now: number): EsDocument[] {
  const documents: EsDocument[] = [];
  const end = Math.floor(now / (30 * 60_000)) * 30 * 60_000;
  for (let at = end - 72 * HOUR; at < end; at += 30 * 60_000) {
    const hour = new Date(at).getUTCHours();
    documents.push({
      '@timestamp': new Date(at).toISOString(),
      env: 'prod',
      customer: 'acme',
      system: { cpu: { pct: 20 + hour } },
      mem_pct: 50,
      http: { requests: 100, errors: hour === 3 ? 10 : 0, latency_ms: 100 + hour },
      host: { machine_type: 'm6i.2xlarge', memory_gb: 64 },
    });
    documents.push({
      '@timestamp': new Date(at).toISOString(),
      env: 'staging',
      customer: 'globex',
      system: { cpu: { pct: 5 } },
      mem_pct: 30,
      http: { requests: 10, errors: 0, latency_ms: 80 },
      host: { machine_type: 'm6i.large', memory_gb: 8 },
    });
  }
  return documents;
}

describe.each(BACKENDS)('ELK agent on Elasticsearch (%s)', (backend) => {
  let standin: EsStandin;
  let testDb: TestDb;
  let admin: Caller;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    standin = await startEsStandin({ apiKey: API_KEY });
    standin.index('metrics-2026.11', samples(Date.now()));
    testDb = await openTestDb(backend);
    // The first app creates the demo accounts.
    await appWith({});
    admin = await sessionFor(testDb.db, 'admin@example.com');
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.cleanup();
    await standin?.close();
  });

  async function appWith(elk: Partial<ElkConfig>): Promise<FastifyInstance> {
    const base = testConfig().elk;
    const app = await buildApp({
      config: testConfig({
        elk: {
          ...base,
          elasticsearchUrl: standin.url,
          apiKey: API_KEY,
          timeoutMs: 2000,
          ...elk,
          fields: {
            ...base.fields,
            environment: 'env',
            tenant: 'customer',
            memory: 'mem_pct',
            ...elk.fields,
          },
        },
      }),
      db: testDb.db,
    });
    apps.push(app);
    return app;
  }

  const ask = (app: FastifyInstance, message: string) =>
    call(app, admin, { method: 'POST', url: '/api/chat/elk', payload: { message } });
  const newTopic = (app: FastifyInstance) =>
    call(app, admin, { method: 'POST', url: '/api/chat/elk/newtopic', payload: {} });

  it('answers from date_histogram buckets with avg, sum and percentiles, with the host from Elasticsearch', async () => {
    const app = await appWith({});
    await newTopic(app);
    const response = await ask(
      app,
      'CPU, error rate and p95 latency for acme in production over the last 24 hours',
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ElkAnswer;
    expect(answer.Summary).toMatch(
      /^CPU, error rate and p95 latency for tenant acme in prod over the last 24 hours \(\d+ buckets of 30 minutes/,
    );
    expect(answer.Answer_resource).toEqual({ ResourceMachineType: 'm6i.2xlarge', ResourceTotalMemory: 64 });

    // What the client sent: the index pattern, the configured fields, the credentials, an interval fitting 24 h.
    const search = standin.requests().at(-1)!;
    expect(search.target).toBe('metrics-*');
    expect(search.query.allow_no_indices).toBe('false');
    expect(search.headers.authorization).toBe(`ApiKey ${API_KEY}`);
    expect(search.body).toMatchObject({
      size: 0,
      query: {
        bool: { filter: expect.arrayContaining([{ term: { env: 'prod' } }, { term: { customer: 'acme' } }]) },
      },
      aggs: {
        over_time: {
          date_histogram: { field: '@timestamp', fixed_interval: '30m', min_doc_count: 0 },
          aggs: {
            cpu: { avg: { field: 'system.cpu.pct' } },
            requests: { sum: { field: 'http.requests' } },
            errors: { sum: { field: 'http.errors' } },
            latency: { percentiles: { field: 'http.latency_ms', percents: [95] } },
          },
        },
      },
    });

    // The figures are Elasticsearch's: CPU is 20 + the hour, errors 10% in the 03:00 hour, latency 100 + the hour.
    const rows = [
      ...answer.Answer.matchAll(
        /<tr><th scope="row">([^<]+)<\/th><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g,
      ),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(48);
    for (const [, time, cpu, errorRate, latency] of rows) {
      if (!cpu) continue;
      const hour = Number(time!.slice(11, 13));
      expect(Number(cpu)).toBe(20 + hour);
      expect(Number(errorRate)).toBe(hour === 3 ? 10 : 0);
      expect(Number(latency)).toBe(100 + hour);
    }
    expect(answer.Summary).toMatch(/CPU: min 20\.0%, average [\d.]+%, max 43\.0%/);
  });

  it('answers a period from the year 1 without asking for more buckets than Elasticsearch allows', async () => {
    const app = await appWith({});
    await newTopic(app);
    const response = await ask(app, 'CPU for acme in prod since 0001-01-01');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ElkAnswer;
    expect(answer.Summary).toMatch(/^CPU for tenant acme in prod since 0001-01-01 \((\d) buckets of week/);
    // Three days of samples: one or two weeks, not 105,000 of them.
    const rows = [...answer.Answer.matchAll(/<tr><th scope="row">/g)];
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(standin.requests().at(-1)!.body).toMatchObject({
      query: {
        bool: {
          filter: expect.arrayContaining([
            { range: { '@timestamp': expect.objectContaining({ gte: '0001-01-01T00:00:00.000Z' }) } },
          ]),
        },
      },
    });
  });

  it('reads basic credentials, and lists the tenants Elasticsearch holds for an unknown one', async () => {
    const basicStandin = await startEsStandin({ basic: { username: 'elk_reader', password: 's3cret' } });
    try {
      basicStandin.index('metrics-a', samples(Date.now()));
      const app = await appWith({
        elasticsearchUrl: basicStandin.url,
        apiKey: undefined,
        username: 'elk_reader',
        password: 's3cret',
      });
      await newTopic(app);
      const answer = (await ask(app, 'memory for tenant initech in prod last 2 days')).json() as ElkAnswer;
      expect(answer.Summary).toMatch(/^I do not know a tenant named initech\./);
      expect(answer.Summary).toContain('Environments: prod, staging.');
      expect(answer.Summary).toContain('Tenants: acme, globex.');
      const memory = (await ask(app, 'and for globex?')).json() as ElkAnswer;
      // globex has no samples in prod: said so, not a table of empty buckets.
      expect(memory.Summary).toBe('No metrics were recorded for tenant globex in prod over the last 2 days.');
      const staging = (await ask(app, 'and in staging?')).json() as ElkAnswer;
      expect(staging.Summary).toMatch(/Memory: min 30\.0%, average 30\.0%, max 30\.0%, steady\./);
      expect(staging.Answer_resource).toEqual({ ResourceMachineType: 'm6i.large', ResourceTotalMemory: 8 });
      expect(basicStandin.requests().at(-1)!.headers.authorization).toBe(
        `Basic ${Buffer.from('elk_reader:s3cret').toString('base64')}`,
      );
    } finally {
      await basicStandin.close();
    }
  });

  it('an index pattern matching no index is 502 metrics_unavailable naming ELK_INDEX_PATTERN', async () => {
    const app = await appWith({ indexPattern: 'logs-none-*' });
    const response = await ask(app, 'cpu for acme in prod last 6 hours');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: 'metrics_unavailable',
      error: 'Elasticsearch has no index matching "logs-none-*"; check ELK_INDEX_PATTERN.',
    });
  });

  it('refused credentials (401 and 403 security_exception) are 502 metrics_unavailable naming the settings', async () => {
    const wrongKey = await appWith({ apiKey: 'not-the-key' });
    const refused = await ask(wrongKey, 'cpu for acme in prod last 6 hours');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('metrics_unavailable');
    expect(refused.json().error).toMatch(
      /^Elasticsearch refused the server's credentials \(HTTP 401\); check ELASTICSEARCH_API_KEY/,
    );

    const denying = await startEsStandin({ apiKey: API_KEY, denyRead: [API_KEY] });
    try {
      const app = await appWith({ elasticsearchUrl: denying.url });
      const forbidden = await ask(app, 'cpu for acme in prod last 6 hours');
      expect(forbidden.statusCode).toBe(502);
      expect(forbidden.json().error).toMatch(/\(HTTP 403\).*may read "metrics-\*"/);
    } finally {
      await denying.close();
    }
  });

  it('an unreachable Elasticsearch is 502 metrics_unavailable naming ELASTICSEARCH_URL', async () => {
    const closed = await startEsStandin();
    const url = closed.url;
    await closed.close();
    const app = await appWith({ elasticsearchUrl: url });
    const started = Date.now();
    const response = await ask(app, 'cpu for acme in prod last 6 hours');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: 'metrics_unavailable',
      error: `Elasticsearch at ${url} could not be reached; check ELASTICSEARCH_URL.`,
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

// The ELK agent through its operations on the embedded demo metrics (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): answers with a summary, an HTML table and the host's resources, figures
// that agree with the stored samples, follow-ups against the session (kept in the database, so a
// second server on the same database sees it), New Topic, helpful answers for incomplete questions
// and unknown tenants, markup in names rendered inert, the event stream, and admin-only access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { components } from '../../generated/contract.js';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
  testConfig,
} from '../../test/harness.js';
import { addHosts, fillDemoMetrics } from './embedded.js';

type ElkAnswer = components['schemas']['ElkChatResponse'];

const ADMIN = 'admin@example.com';
const STAFF = 'staff@example.com';
const HOSTILE_TENANT = '<img src=x onerror=alert(1)>';

/** The table's rows as cell texts (the answer is our own, regular HTML). */
function tableRows(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!),
  );
}

describe.each(BACKENDS)('ELK agent (%s)', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;

  const ask = async (caller: Caller, message: string, headers: Record<string, string> = {}) =>
    call(server.app, caller, { method: 'POST', url: '/api/chat/elk', payload: { message }, headers });
  const askJson = async (message: string, caller = admin) => {
    const response = await ask(caller, message);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ElkAnswer;
  };
  const newTopic = (caller = admin) =>
    call(server.app, caller, { method: 'POST', url: '/api/chat/elk/newtopic', payload: {} });

  beforeAll(async () => {
    // The agent, not the chats' rate limit, is under test: its conversations are longer than a minute's 20 questions.
    server = await startTestServer(backend, {
      elk: { ...testConfig().elk, demoMetrics: true },
      chatRateLimit: { max: 0, windowSeconds: 60 },
    });
    admin = await sessionFor(server.db, ADMIN);
    staff = await sessionFor(server.db, STAFF);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('seeds 30 days of demo metrics at 5 minutes for 3 environments x 3 tenants, up to now', async () => {
    const { rows } = await server.db.query<{ series: number; samples: number; first: Date; last: Date }>(
      'SELECT count(DISTINCT (environment, tenant))::int AS series, count(*)::int AS samples, min(ts) AS first, max(ts) AS last FROM elk_metrics',
    );
    expect(rows[0]!.series).toBe(9);
    expect(rows[0]!.samples).toBe(9 * (30 * 288 + 1));
    expect(Date.now() - new Date(rows[0]!.last).getTime()).toBeLessThan(10 * 60_000);
    const hosts = await server.db.query('SELECT environment, tenant FROM elk_hosts ORDER BY 1, 2');
    expect(hosts.rows.map((row) => `${row.environment}/${row.tenant}`)).toEqual([
      'dev/acme',
      'dev/globex',
      'dev/initech',
      'prod/acme',
      'prod/globex',
      'prod/initech',
      'staging/acme',
      'staging/globex',
      'staging/initech',
    ]);
  });

  it('answers CPU and memory for a tenant in an environment over the last 7 days', async () => {
    await newTopic();
    const answer = await askJson('CPU and memory for tenant acme in prod over the last 7 days');
    expect(answer.Summary).toMatch(
      /^CPU and memory for tenant acme in prod over the last 7 days \(\d+ buckets of 6 hours, UTC\)\./,
    );
    expect(answer.Summary).toMatch(/CPU: min [\d.]+%, average [\d.]+%, max [\d.]+%, (steady|rising|falling)/);
    expect(answer.Summary).toMatch(/Memory: min [\d.]+%, average [\d.]+%, max [\d.]+%/);
    expect(answer.Answer_resource).toEqual({ ResourceMachineType: 'n2-standard-8', ResourceTotalMemory: 32 });
    const [head, ...rows] = tableRows(answer.Answer);
    expect(head).toEqual(['Time (UTC)', 'CPU (%)', 'Memory (%)']);
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(rows.length).toBeLessThanOrEqual(29);
    for (const row of rows) {
      expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
      expect(Number(row[1])).toBeGreaterThan(0);
      expect(Number(row[1])).toBeLessThanOrEqual(100);
    }
    // The table's figures are the samples' averages per 6-hour bucket.
    const second = rows[1]!;
    const start = new Date(`${second[0]!.replace(' ', 'T')}:00Z`);
    const { rows: expected } = await server.db.query<{ cpu: number; memory: number }>(
      `SELECT avg(cpu_pct)::float8 AS cpu, avg(memory_pct)::float8 AS memory FROM elk_metrics
       WHERE environment = 'prod' AND tenant = 'acme' AND ts >= $1 AND ts < $2`,
      [start.toISOString(), new Date(start.getTime() + 6 * 3_600_000).toISOString()],
    );
    expect(Number(second[1])).toBeCloseTo(expected[0]!.cpu, 1);
    expect(Number(second[2])).toBeCloseTo(expected[0]!.memory, 1);
  });

  it('resolves follow-ups against the session, which another server on the same database sees', async () => {
    await newTopic();
    await askJson('CPU and memory for tenant acme in prod over the last 7 days');
    const staging = await askJson('and in staging?');
    expect(staging.Summary).toMatch(/^CPU and memory for tenant acme in staging over the last 7 days/);
    expect(staging.Answer_resource).toEqual({
      ResourceMachineType: 'n2-standard-4',
      ResourceTotalMemory: 16,
    });

    // A second instance on the same database continues the topic.
    const other = await buildApp({ config: testConfig(), db: server.db });
    await other.ready();
    try {
      const response = await call(other, admin, {
        method: 'POST',
        url: '/api/chat/elk',
        payload: { message: 'and the week before?' },
      });
      expect(response.statusCode).toBe(200);
      const before = response.json() as ElkAnswer;
      expect(before.Summary).toMatch(
        /^CPU and memory for tenant acme in staging over \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(the week before\)/,
      );
    } finally {
      await other.close();
    }
    const more = await askJson('what about the error rate and p95 latency for globex');
    expect(more.Summary).toMatch(/^Error rate and p95 latency for tenant globex in staging/);
    expect(tableRows(more.Answer)[0]).toEqual(['Time (UTC)', 'Error rate (%)', 'p95 latency (ms)']);
  });

  it('New Topic forgets the session: a follow-up then asks for what is missing', async () => {
    await askJson('CPU for tenant initech in dev yesterday');
    const response = await newTopic();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const answer = await askJson('and in staging?');
    expect(answer.Answer).not.toMatch(/</);
    expect(answer.Summary).toBe(answer.Answer);
    expect(answer.Summary).toMatch(/So far I have staging \(all tenants\)\./);
    expect(answer.Summary).toMatch(/I still need the metrics .*, the period/);
  });

  it('a question missing its parts gets a helpful answer listing what is known', async () => {
    await newTopic();
    const answer = await askJson('how are things looking?');
    expect(answer.Answer_resource).toBeUndefined();
    expect(answer.Summary).toContain('an environment or a tenant');
    expect(answer.Summary).toContain('Environments: dev, prod, staging.');
    expect(answer.Summary).toContain('Tenants: acme, globex, initech.');
    expect(answer.Summary).toContain('Metrics: CPU, memory, request count, error rate, p95 latency.');
    // Then the missing parts complete it.
    await askJson('memory for globex');
    const completed = await askJson('over the last 24 hours');
    expect(completed.Summary).toMatch(
      /^Memory for tenant globex in every environment over the last 24 hours \(\d+ buckets of 30 minutes/,
    );
  });

  it('an unknown tenant gets the list of known tenants, and a markup tenant name is inert', async () => {
    await newTopic();
    const unknown = await askJson('CPU for tenant umbrella in prod over the last 2 days');
    expect(unknown.Summary).toMatch(/^I do not know a tenant named umbrella\./);
    expect(unknown.Summary).toContain('Tenants: acme, globex, initech.');

    const hostile = await askJson(`CPU for tenant ${HOSTILE_TENANT} in prod last 3 days`);
    expect(hostile.Answer).not.toMatch(/</);
    expect(hostile.Summary).toContain('I do not know a tenant named');

    // A tenant the source holds whose name carries markup: escaped in the table, a code span in the summary.
    await addHosts(server.db, [
      { environment: 'prod', tenant: HOSTILE_TENANT, machineType: '<b>big</b>', totalMemoryGb: 4 },
    ]);
    await fillDemoMetrics(server.db, new Date(), 30);
    await newTopic();
    const answer = await askJson(`CPU for tenant ${HOSTILE_TENANT} in prod last 3 days`);
    expect(answer.Summary).toContain('for tenant `<img src=x onerror=alert(1)>` in prod');
    expect(answer.Answer).toContain('<caption>CPU for tenant &lt;img src=x onerror=alert(1)&gt; in prod');
    expect(answer.Answer).not.toContain('<img');
    expect(answer.Answer_resource).toEqual({ ResourceMachineType: '<b>big</b>', ResourceTotalMemory: 4 });
    await server.db.query('DELETE FROM elk_hosts WHERE tenant = $1', [HOSTILE_TENANT]);
  });

  it('a greeting or another subject gets what the agent can do, never the topic answered again', async () => {
    await newTopic();
    await askJson('CPU for tenant globex in prod over the last 7 days');
    const hello = await askJson('hello');
    expect(hello.Answer).not.toMatch(/^<table/);
    expect(hello.Answer_resource).toBeUndefined();
    expect(hello.Summary).toBe(hello.Answer);
    expect(hello.Summary).toMatch(/^Hello! I answer questions about metrics\./);
    expect(hello.Summary).toContain('Name an environment or a tenant, the metrics and the period');
    expect(hello.Summary).toContain('- CPU and memory for tenant acme in prod over the last 7 days');
    expect(hello.Summary).toContain('The current topic is tenant globex in prod, CPU, the last 7 days');
    expect(hello.Summary).toContain('Tenants: acme, globex, initech.');

    const weather = await askJson('what is the weather like?');
    expect(weather.Answer).not.toMatch(/^<table/);
    expect(weather.Summary).toMatch(
      /^I could not find an environment, a tenant, metrics or a period in that/,
    );

    // Every example in the help is answered with metrics.
    const examples = [...hello.Summary!.matchAll(/^- (.+)$/gm)].map((match) => match[1]!);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const example of examples) {
      await newTopic();
      const answer = await askJson(example);
      expect(answer.Answer, example).toMatch(/^<table/);
    }

    // The greeting changed nothing: a follow-up continues the topic, and 'again' answers it again.
    await newTopic();
    await askJson('CPU for tenant globex in prod over the last 7 days');
    await askJson('hi there');
    const staging = await askJson('and in staging?');
    expect(staging.Summary).toMatch(/^CPU for tenant globex in staging over the last 7 days/);
    const again = await askJson('again please');
    expect(again.Summary).toMatch(/^CPU for tenant globex in staging over the last 7 days/);
    expect(again.Answer).toMatch(/^<table/);
  });

  it('an unknown tenant or environment during a topic is named as unknown, never replaced by the topic’s', async () => {
    await newTopic();
    await askJson('CPU for tenant globex in prod over the last 7 days');
    for (const [question, sentence] of [
      ['and for tenant umbrella?', 'I do not know a tenant named umbrella.'],
      ['and for umbrella?', 'I do not know an environment or a tenant named umbrella.'],
      ['memory for umbrella in staging yesterday', 'I do not know a tenant named umbrella.'],
      ['and in environment qa?', 'I do not know an environment named qa.'],
    ] as const) {
      const answer = await askJson(question);
      expect(answer.Answer, question).not.toMatch(/^<table/);
      expect(answer.Summary, question).toMatch(new RegExp(`^${sentence.replace(/[.?]/g, '\\$&')}`));
      expect(answer.Summary, question).toContain('Tenants: acme, globex, initech.');
      expect(answer.Summary, question).toContain('Environments: dev, prod, staging.');
      // The topic's tenant is not offered in the unknown one's place.
      expect(answer.Summary, question).not.toMatch(/So far|tenant globex/);
    }
    // Nor answered for later: the next question without a target asks for one.
    const next = await askJson('and yesterday?');
    expect(next.Summary).not.toContain('globex in');
    expect(next.Summary).toContain('To answer I still need an environment or a tenant');
    // The rest of a question naming an unknown tenant is kept: naming a known one completes it.
    await askJson('memory for umbrella in staging over the last 2 days');
    const known = await askJson('and for acme?');
    expect(known.Summary).toMatch(/^Memory for tenant acme in staging over the last 2 days/);
  });

  it('answers absolute ranges and whole environments, with request counts summed per bucket', async () => {
    await newTopic();
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const answer = await askJson(`request count in prod from ${day(5)} to ${day(3)}`);
    expect(answer.Summary).toMatch(
      new RegExp(`^Request count for prod \\(all tenants\\) over ${day(5)} to ${day(3)}`),
    );
    const [, ...rows] = tableRows(answer.Answer);
    // Three days in 3-hour buckets.
    expect(rows).toHaveLength(24);
    const first = rows[0]!;
    const { rows: expected } = await server.db.query<{ total: string }>(
      `SELECT sum(requests) AS total FROM elk_metrics WHERE environment = 'prod' AND ts >= $1 AND ts < $2`,
      [`${day(5)}T00:00:00Z`, `${day(5)}T03:00:00Z`],
    );
    expect(Number(first[1])).toBe(Number(expected[0]!.total));
    expect(answer.Answer_resource).toEqual({ ResourceMachineType: 'n2-standard-8', ResourceTotalMemory: 96 });
  });

  it('reads a period from the year 1 as written, and answers from the data it holds', async () => {
    await newTopic();
    const answer = await askJson('CPU for acme in prod from 0001-01-01');
    expect(answer.Summary).toMatch(/^CPU for tenant acme in prod since 0001-01-01 \(\d+ buckets of week/);
    const [, ...rows] = tableRows(answer.Answer);
    // Weeks of the 30 days of demo metrics.
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.length).toBeLessThanOrEqual(6);
  });

  it('streams the summary and then the whole answer when asked for server-sent events', async () => {
    await newTopic();
    const response = await ask(admin, 'p95 latency for acme in dev over the last 6 hours', {
      accept: 'text/event-stream',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = response.body
      .split('\n\n')
      .filter(Boolean)
      .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)![1]!));
    expect(events.map((event) => event.type)).toEqual(['delta', 'done']);
    expect(events[0].text).toMatch(/^P95 latency for tenant acme in dev over the last 6 hours/);
    expect(events[1].data.Answer).toMatch(/^<table/);
  });

  it('is for administrators: staff get 403, and nobody signed in 401', async () => {
    const refused = await ask(staff, 'CPU for acme in prod last 7 days');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', error: expect.any(String) });
    expect((await newTopic(staff)).statusCode).toBe(403);
    const anonymous = await call(server.app, undefined, {
      method: 'POST',
      url: '/api/chat/elk',
      payload: { message: 'cpu' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

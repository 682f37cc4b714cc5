// The Prometheus metrics as an operator's scraper sees them: the real server over real HTTP (and the
// stand-in model over HTTP), on PGlite and PostgreSQL: a port of their own, and the server's port
// only with the bearer token.
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../features/identity/demo-accounts.js';
import { BACKENDS, startTestServer, type TestServer, testConfig, tokenFor } from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';

const TOKEN = 'metrics-token-0123456789';
const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;

/** The value of one sample (`name{labels} value`) in the exposition text; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const isMatch = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (isMatch) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(BACKENDS)('metrics on %s', (backend) => {
  let server: TestServer;
  let standin: LlmStandin;
  let url = '';
  let metricsUrl = '';
  let auth: Record<string, string>;

  beforeAll(async () => {
    standin = await startLlmStandin();
    const base = testConfig();
    server = await startTestServer(backend, {
      llm: { ...base.llm, baseUrl: standin.url, model: 'standin', maxRetries: 0 },
      chatRateLimit: { max: 3, windowSeconds: 60 },
      metrics: { port: 0, host: '127.0.0.1', token: TOKEN },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' ? address?.port : 0}`;
    metricsUrl = `http://127.0.0.1:${server.app.metrics!.port}/metrics`;
    auth = { authorization: `Bearer ${(await tokenFor(server.db, ADMIN)).token}` };
  });
  afterAll(async () => {
    await server?.close();
    await standin?.close();
  });

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('serves them on the server port only with the bearer token, and on their own port', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const withToken = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('# TYPE da_http_request_duration_seconds histogram');
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
    expect(sample(await scrape(), 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('times requests per operation and status', async () => {
    expect((await fetch(`${url}/api/ping`)).status).toBe(200);
    expect((await fetch(`${url}/api/auth`)).status).toBe(401);
    const text = await scrape();
    expect(
      sample(text, 'da_http_request_duration_seconds_count', {
        operation: 'ping',
        method: 'GET',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'da_http_request_duration_seconds_count', { status: '401' })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('counts streams, time to first token, model errors and rate-limit refusals per chat', async () => {
    const ask = (message: string, accept = 'application/json') =>
      fetch(`${url}/api/chat/gpt`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', accept },
        body: JSON.stringify({ Message: message }),
      });
    const streamed = await ask('Hello there [[standin:words=30]] [[standin:delay=20]]', 'text/event-stream');
    expect(streamed.status).toBe(200);
    // While it streams, one stream is open.
    const reader = streamed.body!.getReader();
    await reader.read();
    expect(sample(await scrape(), 'da_sse_streams_open')).toBe(1);
    while (!(await reader.read()).done) {}
    await expect.poll(async () => sample(await scrape(), 'da_sse_streams_open')).toBe(0);
    // The tokens the model reported: 30 words of answer and the 2 of the conversation's name ("Hello
    // there"), and the prompts of both.
    await expect
      .poll(async () =>
        sample(await scrape(), 'da_chat_model_tokens_total', { chat: 'gptChat', direction: 'output' }),
      )
      .toBe(32);
    expect(
      sample(await scrape(), 'da_chat_model_tokens_total', { chat: 'gptChat', direction: 'input' }),
    ).toBeGreaterThan(10);

    expect((await ask('Fail please [[standin:error=500]]')).status).toBe(502);
    expect((await ask('Hello again')).status).toBe(200);
    expect((await ask('One too many')).status).toBe(429);

    const text = await scrape();
    expect(sample(text, 'da_chat_time_to_first_token_seconds_count', { chat: 'gptChat' })).toBe(2);
    expect(sample(text, 'da_chat_model_errors_total', { chat: 'gptChat', code: 'model_error' })).toBe(1);
    expect(sample(text, 'da_rate_limit_refusals_total', { operation: 'gptChat' })).toBe(1);
    expect(
      sample(text, 'da_http_request_duration_seconds_count', { operation: 'gptChat', status: '200' }),
    ).toBe(2);
  });

  it('reports the job queues, and ingestion and review durations with their outcome', async () => {
    const before = await scrape();
    expect(sample(before, 'da_jobs_queued', { queue: 'knowledge.ingest' })).toBe(0);
    expect(sample(before, 'da_jobs_oldest_ready_age_seconds', { queue: 'knowledge.ingest' })).toBe(0);
    const form = new FormData();
    form.append('files[]', new Blob(['# Parking\n\nVisitors park on level two.\n']), 'parking.md');
    const uploaded = await fetch(`${url}/api/file/success`, { method: 'POST', body: form, headers: auth });
    expect(uploaded.status).toBe(200);
    await expect
      .poll(
        async () =>
          sample(await scrape(), 'da_job_attempt_duration_seconds_count', {
            queue: 'knowledge.ingest',
            outcome: 'succeeded',
          }),
        { timeout: 60_000 },
      )
      .toBe(1);
    // The document's own outcome and time from upload: ready; a file that is not what its name says, failed.
    expect(sample(await scrape(), 'da_knowledge_ingestion_seconds_count', { outcome: 'ready' })).toBe(1);
    const broken = new FormData();
    broken.append('files[]', new Blob(['this is not a PDF']), 'broken.pdf');
    expect(
      (await fetch(`${url}/api/file/success`, { method: 'POST', body: broken, headers: auth })).status,
    ).toBe(200);
    await expect
      .poll(
        async () => sample(await scrape(), 'da_knowledge_ingestion_seconds_count', { outcome: 'failed' }),
        {
          timeout: 60_000,
        },
      )
      .toBe(1);
    expect(sample(await scrape(), 'da_knowledge_ingestion_seconds_count', { outcome: 'ready' })).toBe(1);

    // A code review, from upload to its end.
    const zip = zipSync({
      'tool/prices.py': new TextEncoder().encode('def total(items):\n    return sum(items)\n'),
    });
    const review = new FormData();
    review.append('files', new Blob([zip], { type: 'application/zip' }), 'tool.zip');
    expect(
      (await fetch(`${url}/api/file/code_analysis`, { method: 'POST', body: review, headers: auth })).status,
    ).toBe(200);
    await expect
      .poll(async () => sample(await scrape(), 'da_code_review_seconds_count', { outcome: 'success' }), {
        timeout: 120_000,
      })
      .toBe(1);
    expect(sample(await scrape(), 'da_code_review_seconds_sum', { outcome: 'success' })).toBeGreaterThan(0);

    const text = await scrape();
    expect(sample(text, 'da_jobs_queued', { queue: 'knowledge.ingest' })).toBe(0);
    expect(sample(text, 'da_jobs_running', { queue: 'review.analyze' })).toBe(0);
    if (backend === 'postgres') {
      expect(sample(text, 'da_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else {
      expect(sample(text, 'da_db_pool_connections', { state: 'total' })).toBeUndefined();
    }
  });
});

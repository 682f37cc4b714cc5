// The model calls ELK and the code review make through the AI SDK are traced and counted as the
// chats' streamed calls are: a `chat MODEL` client span in the trace of the work that made the call
// (the ELK question's request; the review's job), whose trace the model continues, with the tokens
// the model reported; and those tokens in da_chat_model_tokens_total. The real server over real HTTP,
// the stand-in model, the project's own OTLP receiver and a scrape of the metrics port.
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../features/identity/demo-accounts.js';
import { startTestServer, type TestServer, testConfig, tokenFor } from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../../test/otlp-receiver.js';

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;
const CLIENT = 3;
const CLIENT_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CLIENT_SPAN = 'b7ad6b7169203331';

/** The value of one sample (`name{labels} value`) in the exposition text; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const isMatch = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (isMatch) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('the AI SDK model calls of ELK and the code review', () => {
  let receiver: OtlpReceiver;
  let standin: LlmStandin;
  let server: TestServer;
  let isClosed = false;
  let url = '';
  let metricsUrl = '';
  let auth: Record<string, string>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    standin = await startLlmStandin();
    const base = testConfig();
    server = await startTestServer('pglite', {
      llm: { ...base.llm, baseUrl: standin.url, model: 'standin', maxRetries: 0 },
      elk: { ...base.elk, demoMetrics: true, demoDays: 10 },
      review: { ...base.review, modelMaxFunctions: 10 },
      metrics: { port: 0, host: '127.0.0.1' },
      tracing: {
        url: `${receiver.url}/v1/traces`,
        protocol: 'http/protobuf',
        headers: {},
        timeoutMs: 10_000,
        compression: 'none',
        serviceName: 'digital-assistant-test',
        resourceAttributes: {},
        sampler: { name: 'parentbased_always_on', ratio: 1 },
      },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' ? address?.port : 0}`;
    metricsUrl = `http://127.0.0.1:${server.app.metrics!.port}/metrics`;
    auth = { authorization: `Bearer ${(await tokenFor(server.db, ADMIN)).token}` };
  });
  afterAll(async () => {
    if (!isClosed) await server?.close();
    await standin?.close();
    await receiver?.close();
  });

  const scrape = async () => (await fetch(metricsUrl)).text();

  it('gives each call a span in its trace and counts its tokens under the operation', async () => {
    // ELK: the question's tool call.
    standin.script({
      toolCalls: [
        {
          name: 'query_metrics',
          arguments: { environment: 'prod', metrics: ['cpu'], period: 'last 2 days' },
        },
      ],
    });
    const asked = await fetch(`${url}/api/chat/elk`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`,
      },
      body: JSON.stringify({ message: 'cpu in production over the last 2 days' }),
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    expect(((await asked.json()) as { Summary: string }).Summary).toMatch(
      /^CPU for prod \(all tenants\) over the last 2 days/,
    );
    // The stand-in reports 1 token in and 1 out for a tool call.
    const elkTokens = await scrape();
    expect(sample(elkTokens, 'da_chat_model_tokens_total', { chat: 'elkChat', direction: 'input' })).toBe(1);
    expect(sample(elkTokens, 'da_chat_model_tokens_total', { chat: 'elkChat', direction: 'output' })).toBe(1);

    // The code review: the model's review of a function (the stand-in's answer is no review, so
    // none is added, but the call and its tokens happened).
    const zip = zipSync({
      'tool/prices.py': new TextEncoder().encode(
        'def total(items):\n    result = 0\n    for item in items:\n        result = result + item\n    return result\n',
      ),
    });
    const review = new FormData();
    review.append('files', new Blob([zip], { type: 'application/zip' }), 'tool.zip');
    const uploaded = await fetch(`${url}/api/file/code_analysis`, {
      method: 'POST',
      body: review,
      headers: auth,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    await expect
      .poll(
        async () =>
          sample(await scrape(), 'da_chat_model_tokens_total', {
            chat: 'uploadCodeReviewZip',
            direction: 'output',
          }),
        { timeout: 120_000 },
      )
      .toBeGreaterThan(0);
    expect(
      sample(await scrape(), 'da_chat_model_tokens_total', {
        chat: 'uploadCodeReviewZip',
        direction: 'input',
      }),
    ).toBeGreaterThan(10);
    await expect
      .poll(async () => sample(await scrape(), 'da_code_review_seconds_count', { outcome: 'success' }), {
        timeout: 120_000,
      })
      .toBe(1);

    // Closing the server exports what the batch still holds.
    await server.close();
    isClosed = true;
    const spans = receiver.spans;
    const modelCalls = spans.filter((span) => span.kind === CLIENT && span.name === 'chat standin');

    // ELK's call: a child of the question's request, in the client's trace, with its tokens; the
    // model got the trace to continue.
    const request = spans.find((span) => span.attributes['http.route'] === '/api/chat/elk')!;
    expect(request.traceId).toBe(CLIENT_TRACE);
    const elkCall = modelCalls.find((span) => span.parentSpanId === request.spanId);
    expect(elkCall).toMatchObject({
      traceId: CLIENT_TRACE,
      attributes: expect.objectContaining({
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'standin',
        'gen_ai.usage.input_tokens': 1,
        'gen_ai.usage.output_tokens': 1,
        'gen_ai.response.finish_reasons': 'tool-calls',
      }),
    });
    const traced = standin.requests().map((recorded) => recorded.traceparent);
    expect(traced).toContain(`00-${CLIENT_TRACE}-${elkCall!.spanId}-01`);

    // The review's calls: in the trace of its job, below the job's span, with their tokens.
    const job = spans.find((span) => span.name === 'job review.analyze')!;
    expect(job).toBeDefined();
    const reviewCalls = modelCalls.filter((span) => span.traceId === job.traceId);
    expect(reviewCalls.length).toBeGreaterThan(0);
    const descendsFromJob = (span: ReceivedSpan) => {
      let current: ReceivedSpan | undefined = span;
      for (let depth = 0; current && depth < 50; depth++) {
        if (current.spanId === job.spanId) return true;
        const parentId: string = current.parentSpanId;
        current = spans.find((candidate) => candidate.spanId === parentId);
      }
      return false;
    };
    for (const call of reviewCalls) {
      expect(descendsFromJob(call)).toBe(true);
      expect(call.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
      expect(call.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(10);
      expect(traced).toContain(`00-${job.traceId}-${call.spanId}-01`);
    }
  });
});

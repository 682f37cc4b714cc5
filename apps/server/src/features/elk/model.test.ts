// The ELK agent with a language model configured: the question goes to the model (the project's
// OpenAI-compatible stand-in, over real HTTP) with the query_metrics tool, and the tool call's
// arguments decide the query; the numbers still come from the metrics source. A failing model leaves
// the question to the deterministic parser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/contract.js';
import { call, sessionFor, startTestServer, type TestServer, testConfig } from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';

type ElkAnswer = components['schemas']['ElkChatResponse'];

describe('ELK agent with a language model', () => {
  let standin: LlmStandin;
  let server: TestServer;

  beforeAll(async () => {
    standin = await startLlmStandin();
    const base = testConfig();
    server = await startTestServer('pglite', {
      llm: { ...base.llm, baseUrl: standin.url, model: 'standin', timeoutMs: 2000, maxRetries: 0 },
      elk: { ...base.elk, demoMetrics: true, demoDays: 10 },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await standin?.close();
  });

  const ask = async (message: string) => {
    const admin = await sessionFor(server.db, 'admin@example.com');
    const response = await call(server.app, admin, {
      method: 'POST',
      url: '/api/chat/elk',
      payload: { message },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ElkAnswer;
  };

  it("reads the question through the model's query_metrics tool call", async () => {
    standin.reset();
    standin.script({
      toolCalls: [
        {
          name: 'query_metrics',
          arguments: {
            environment: 'Staging',
            tenant: 'globex',
            metrics: ['requests', 'p95_latency'],
            period: 'last 2 days',
          },
        },
      ],
    });
    const answer = await ask('how busy and how slow was the globex pre-production stack lately?');
    expect(answer.Summary).toMatch(
      /^Request count and p95 latency for tenant globex in staging over the last 2 days/,
    );
    const request = standin.requests().at(-1)!;
    expect(request.messages.at(-1)).toEqual({
      role: 'user',
      content: 'how busy and how slow was the globex pre-production stack lately?',
    });
    expect(request.messages[0]!.content).toContain('Tenants: acme, globex, initech.');
    expect(JSON.stringify(request.tools)).toContain('query_metrics');
    expect(request.toolChoice).toEqual({ type: 'function', function: { name: 'query_metrics' } });

    // The follow-up: the model is told the topic so far.
    standin.script({ toolCalls: [{ name: 'query_metrics', arguments: { environment: 'prod' } }] });
    const followUp = await ask('and production?');
    expect(followUp.Summary).toMatch(
      /^Request count and p95 latency for tenant globex in prod over the last 2 days/,
    );
    expect(standin.requests().at(-1)!.messages[0]!.content).toContain('environment staging; tenant globex');
  });

  it('a tenant the model names but the source does not hold gets the helpful answer', async () => {
    standin.script({ toolCalls: [{ name: 'query_metrics', arguments: { tenant: 'Umbrella Corp' } }] });
    const answer = await ask('cpu for umbrella corp');
    expect(answer.Summary).toMatch(/^I do not know a tenant named `Umbrella Corp`\./);
  });

  it('a failing model leaves the question to the parser', async () => {
    standin.script({ status: 500 });
    const answer = await ask('memory for tenant acme in dev over the last 6 hours');
    expect(answer.Summary).toMatch(/^Memory for tenant acme in dev over the last 6 hours/);
  });
});

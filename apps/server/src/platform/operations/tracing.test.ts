// Traces as a collector receives them: the real server over real HTTP, traced into the project's own
// OTLP/HTTP receiver (protobuf, the default encoding, and JSON), on PGlite and PostgreSQL. A question
// asked from a traced client is one trace: the request, its statements, the model call (ended with
// its stream, continued by the model over `traceparent`) and the answer kept; a job attempt is in
// the trace of the request that queued it (an upload and its ingestion).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../features/identity/demo-accounts.js';
import { BACKENDS, startTestServer, type TestServer, testConfig, tokenFor } from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../../test/otlp-receiver.js';
import {
  type Cleanups,
  serverProcessEnvironment,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-processes.js';
import type { TracingConfig } from '../config/config.js';

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** A client's own trace the question continues (W3C traceparent). */
const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';

function tracingTo(receiver: OtlpReceiver, protocol: TracingConfig['protocol']): TracingConfig {
  return {
    url: `${receiver.url}/v1/traces`,
    protocol,
    headers: { 'x-collector-key': 'secret-key' },
    timeoutMs: 10_000,
    compression: 'none',
    serviceName: 'digital-assistant-test',
    resourceAttributes: { 'deployment.environment.name': 'test' },
    sampler: { name: 'parentbased_always_on', ratio: 1 },
  };
}

/** Every span of `spans` reaches `root` through its parents. */
function descendsFrom(span: ReceivedSpan, root: ReceivedSpan, spans: ReceivedSpan[]): boolean {
  let current: ReceivedSpan | undefined = span;
  for (let depth = 0; current && depth < 50; depth++) {
    if (current.spanId === root.spanId) return true;
    const parentId: string = current.parentSpanId;
    current = spans.find((candidate) => candidate.spanId === parentId);
  }
  return false;
}

describe.each(BACKENDS)('traces on %s', (backend) => {
  let receiver: OtlpReceiver;
  let standin: LlmStandin;
  let server: TestServer;
  let isClosed = false;
  let url = '';
  let auth: Record<string, string>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    standin = await startLlmStandin();
    const base = testConfig();
    server = await startTestServer(backend, {
      llm: { ...base.llm, baseUrl: standin.url, model: 'standin', maxRetries: 0 },
      tracing: tracingTo(receiver, 'http/protobuf'),
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' ? address?.port : 0}`;
    auth = { authorization: `Bearer ${(await tokenFor(server.db, ADMIN)).token}` };
  });
  afterAll(async () => {
    if (!isClosed) await server?.close();
    await standin?.close();
    await receiver?.close();
  });

  it('makes one trace of a streamed question and its answer, and of an upload and its ingestion', async () => {
    const asked = await fetch(`${url}/api/chat/gpt`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        traceparent: `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`,
      },
      body: JSON.stringify({ Message: 'What is a trace? [[standin:words=12]] [[standin:delay=40]]' }),
    });
    expect(asked.status).toBe(200);
    const events = await asked.text();
    expect(events).toContain('event: done');

    const form = new FormData();
    form.append('files[]', new Blob(['# Parking\n\nVisitors park on level two.\n']), 'parking.md');
    const uploaded = await fetch(`${url}/api/file/success`, { method: 'POST', body: form, headers: auth });
    expect(uploaded.status).toBe(200);
    await expect
      .poll(
        async () => {
          const listed = await fetch(`${url}/api/knowledge/documents`, { headers: auth });
          const { documents } = (await listed.json()) as { documents: Array<{ status: string }> };
          return documents.map((document) => document.status);
        },
        { timeout: 60_000 },
      )
      .toEqual(['Ready']);

    // Closing the server exports what the batch still holds.
    await server.close();
    isClosed = true;

    // Protobuf, as the exporter's default, with the configured headers and resource.
    expect(receiver.exports.length).toBeGreaterThan(0);
    for (const sent of receiver.exports) {
      expect(sent.contentType).toBe('application/x-protobuf');
      expect(sent.headers['x-collector-key']).toBe('secret-key');
    }
    const spans = receiver.spans;
    expect(spans[0]!.resource).toMatchObject({
      'service.name': 'digital-assistant-test',
      'deployment.environment.name': 'test',
    });

    // The request continues the client's trace, named after its route.
    const request = spans.find(
      (span) => span.kind === SERVER && span.attributes['http.route'] === '/api/chat/gpt',
    );
    expect(request).toMatchObject({
      traceId: CLIENT_TRACE,
      parentSpanId: CLIENT_SPAN,
      name: 'POST /api/chat/gpt',
      attributes: expect.objectContaining({
        'http.request.method': 'POST',
        'http.response.status_code': 200,
        'da.operation': 'gptChat',
      }),
    });
    const trace = spans.filter((span) => span.traceId === CLIENT_TRACE);
    for (const span of trace) {
      if (span !== request) expect(descendsFrom(span, request!, trace), span.name).toBe(true);
    }

    // The answer's model call: a child of the request, ended when its stream ended (12 words 40 ms
    // apart), with the tokens the model reported; the model got the trace to continue.
    const modelCalls = trace.filter((span) => span.kind === CLIENT && span.name === 'chat standin');
    const answer = modelCalls.find((span) => span.attributes['gen_ai.usage.output_tokens'] === 12);
    expect(answer).toMatchObject({
      parentSpanId: request!.spanId,
      attributes: expect.objectContaining({
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'standin',
        'gen_ai.response.finish_reasons': 'stop',
      }),
    });
    expect(answer!.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    expect(Number(answer!.endNs - answer!.startNs) / 1e6).toBeGreaterThanOrEqual(11 * 40 - 20);
    expect(answer!.endNs).toBeLessThanOrEqual(request!.endNs);
    const modelRequests = standin.requests().filter((recorded) => recorded.traceparent);
    expect(modelRequests.map((recorded) => recorded.traceparent)).toContain(
      `00-${CLIENT_TRACE}-${answer!.spanId}-01`,
    );
    expect(modelRequests.every((recorded) => recorded.includeUsage)).toBe(true);

    // Its statements: the caller's token checked before, the answer kept once the stream had ended,
    // not before it began to stream (440 ms earlier). The handler reads the stream's last part and
    // the model span ends in the stream's flush: which of the two comes first is up to the event
    // loop, so the store may start a few milliseconds before the span's end is taken (seen on a
    // loaded machine): 50 ms of slack.
    const statements = trace.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(statements.some((span) => span.parentSpanId === request!.spanId)).toBe(true);
    expect(
      statements.some(
        (span) =>
          /chat_messages/.test(String(span.attributes['db.query.text'])) &&
          span.startNs >= answer!.endNs - 50_000_000n,
      ),
    ).toBe(true);
    for (const statement of statements) {
      expect(statement.kind).toBe(CLIENT);
      expect(statement.attributes['da.db.engine']).toBe(backend === 'postgres' ? 'postgres' : 'pglite');
    }

    // The ingestion: in the trace of the upload that queued it (its span below the upload's request,
    // the traceparent kept with the job), with its statements, ended succeeded.
    const upload = spans.find(
      (span) => span.kind === SERVER && span.attributes['http.route'] === '/api/file/success',
    )!;
    expect(upload).toBeDefined();
    const job = spans.find((span) => span.name === 'job knowledge.ingest');
    expect(job).toMatchObject({
      kind: CONSUMER,
      traceId: upload.traceId,
      attributes: expect.objectContaining({
        'da.job.queue': 'knowledge.ingest',
        'da.job.outcome': 'succeeded',
      }),
    });
    expect(descendsFrom(job!, upload, spans)).toBe(true);
    expect(job!.traceId).not.toBe(CLIENT_TRACE);
    const jobStatements = spans.filter(
      (span) => span.traceId === job!.traceId && span.attributes['db.system.name'] === 'postgresql',
    );
    expect(jobStatements.length).toBeGreaterThan(0);
    // The workers' polls outside any request or job are not traced.
    expect(spans.filter((span) => span.parentSpanId === '' && span.attributes['db.system.name'])).toEqual([]);
  });
});

describe('traces in OTLP JSON', () => {
  it('posts the same spans as JSON when OTEL_EXPORTER_OTLP_PROTOCOL is http/json', async () => {
    const receiver = await startOtlpReceiver();
    const server = await startTestServer('pglite', { tracing: tracingTo(receiver, 'http/json') });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      const port = typeof address === 'object' ? address?.port : 0;
      expect((await fetch(`http://127.0.0.1:${port}/api/ping`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/auth`)).status).toBe(401);
    } finally {
      await server.close();
    }
    await receiver.close();
    expect(receiver.exports.map((sent) => sent.contentType)).toContain('application/json');
    const requests = receiver.spans.filter((span) => span.kind === SERVER);
    expect(requests.map((span) => [span.name, span.attributes['http.response.status_code']])).toEqual(
      expect.arrayContaining([
        ['GET /api/ping', 200],
        ['GET /api/auth', 401],
      ]),
    );
    // A new trace each (no traceparent came), with 32 and 16 hex digit ids.
    for (const span of requests) {
      expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(span.parentSpanId).toBe('');
    }
  });
});

describe('tracing off', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'da-otel-loads-'));
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    rmSync(folder, { recursive: true, force: true });
  });

  it('loads no OpenTelemetry module of its own without an endpoint, and the SDK with one', async () => {
    // A module hook in the server process writes down every OpenTelemetry module it is asked to load.
    const hook = path.join(folder, 'record-loads.mjs');
    writeFileSync(
      hook,
      `import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({
  resolve(specifier, context, next) {
    if (/@opentelemetry|tracing-otel/.test(specifier)) {
      appendFileSync(process.env.DA_LOADS_LOG, specifier + ' ' + (context.parentURL ?? '') + '\\n');
    }
    return next(specifier, context);
  },
});
`,
    );
    const loadsOf = async (name: string, extra: Record<string, string>) => {
      const log = path.join(folder, `${name}.log`);
      const env = await serverProcessEnvironment('pglite', cleanups, {
        NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`,
        DA_LOADS_LOG: log,
        ...extra,
      });
      const running = await startServerProcess(env);
      expect((await fetch(`${running.url}/api/ping`)).status).toBe(200);
      await stopServerProcess(running, 'SIGTERM');
      const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
      return lines.map((line) => {
        const [specifier, parent] = line.split(' ');
        return { specifier: specifier!, parent: parent ?? '' };
      });
    };
    // The Elasticsearch client loads the OpenTelemetry API (a no-op without an SDK) and its core
    // helpers itself; nothing of the server's own asks for an OpenTelemetry module, and the SDK, the
    // exporters and the context manager are not loaded.
    const off = await loadsOf('off', {});
    expect(off.filter(({ parent }) => !parent.includes('/node_modules/'))).toEqual([]);
    const sdk = [
      'tracing-otel',
      '@opentelemetry/sdk-trace',
      '@opentelemetry/exporter-trace-otlp-proto',
      '@opentelemetry/exporter-trace-otlp-http',
      '@opentelemetry/context-async-hooks',
    ];
    expect(off.filter(({ specifier }) => sdk.some((name) => specifier.includes(name)))).toEqual([]);
    const on = await loadsOf('on', {
      // Nothing listens there: the export fails, quietly, at the stop.
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
    });
    const loaded = on.map(({ specifier }) => specifier);
    expect(loaded.some((specifier) => specifier.includes('tracing-otel'))).toBe(true);
    expect(loaded).toContain('@opentelemetry/sdk-trace');
    expect(loaded).toContain('@opentelemetry/exporter-trace-otlp-proto');
  }, 400_000);
});

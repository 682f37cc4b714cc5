// Graceful shutdown with two instances on one PostgreSQL (and Redis when TEST_REDIS_URL is set), the
// real server in processes of its own over real HTTP: SIGTERM one while it streams an answer and
// ingests documents. The answer ends, after the grace period, with a clean `error` event and what
// was said is kept; the document being ingested is handed back and finished by the other instance
// long before its lease (two minutes here) could have run out; the stopped instance exits 0.
import { afterAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../../features/knowledge/demo/build-files.js';
import type { components } from '../../generated/contract.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import {
  type Cleanups,
  type RunningServer,
  serverProcessEnvironment,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-processes.js';
import { openPostgres } from '../db/db.js';

type Document = components['schemas']['KnowledgeDocument'];
type ConversationResponse = components['schemas']['ConversationResponse'];

const LEASE_SECONDS = 120;

async function longPdf(title: string, pages: number): Promise<Uint8Array> {
  const paragraph =
    'Every change to the billing service is reviewed by two engineers, deployed to pre-production first and watched for an hour before it reaches customers. ';
  return buildPdf(
    {
      title,
      sections: Array.from({ length: pages }, (_, index) => ({
        heading: `Chapter ${index + 1}`,
        paragraphs: [paragraph.repeat(12)],
      })),
    },
    { pageBreakBeforeChapters: true },
  );
}

async function documentsOf(running: RunningServer): Promise<Document[]> {
  const response = await fetch(`${running.url}/api/knowledge/documents`, {
    headers: { authorization: `Bearer ${running.token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: Document[] }).documents;
}

describe.runIf(process.env.TEST_DATABASE_URL)('SIGTERM to one of two instances on PostgreSQL', () => {
  const cleanups: Cleanups = [];
  let standin: LlmStandin | undefined;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await standin?.close();
  });

  it('ends its answer cleanly keeping what was said, and the other instance takes its ingestion at once', async () => {
    standin = await startLlmStandin();
    const env = await serverProcessEnvironment('postgres', cleanups, {
      LLM_BASE_URL: standin.url,
      LLM_MODEL: 'standin',
      SHUTDOWN_GRACE_SECONDS: '2',
      INGEST_LEASE_SECONDS: String(LEASE_SECONDS),
      INGEST_CONCURRENCY: '1',
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    });
    const stopped = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(stopped, 'SIGKILL'));
    const db = await openPostgres(env.DATABASE_URL!, { max: 1 });
    cleanups.push(() => db.close());
    const runningJobs = async () =>
      (
        await db.query<{ id: string; locked_by: string }>(
          "SELECT id, locked_by FROM jobs WHERE queue = 'knowledge.ingest' AND state = 'running'",
        )
      ).rows;

    const form = new FormData();
    // Enough work that this instance is still ingesting (one at a time) when it is stopped.
    const names = Array.from({ length: 8 }, (_, index) => `manual-${index + 1}.pdf`);
    for (const name of names) form.append('files[]', new Blob([await longPdf(name, 300)]), name);
    const uploaded = await fetch(`${stopped.url}/api/file/success`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${stopped.token}` },
    });
    expect(uploaded.status).toBe(200);
    // The other instance starts once this one is ingesting (both take from one queue).
    await expect
      .poll(async () => (await documentsOf(stopped)).some((document) => document.state === 'parsing'), {
        timeout: 120_000,
        interval: 20,
      })
      .toBe(true);
    // Alone so far, this instance holds the running ingestion: its worker's name (one for all its jobs).
    const [held] = await runningJobs();
    expect(held).toBeDefined();
    const other = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(other, 'SIGTERM'));

    const question = 'Tell me everything [[standin:words=2000]] [[standin:delay=20]]';
    const streaming = await fetch(`${stopped.url}/api/chat/gpt`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stopped.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ Message: question }),
    });
    expect(streaming.status).toBe(200);
    const conversationId = streaming.headers.get('x-conversation-id')!;
    const reader = streaming.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const reading = (async () => {
      for (let step = await reader.read(); !step.done; step = await reader.read()) {
        received += decoder.decode(step.value, { stream: true });
      }
    })();
    reading.catch(() => {}); // awaited below; a failed test's cleanup must not make it unhandled
    await expect
      .poll(() => (received.match(/event: delta/g) ?? []).length, { timeout: 60_000 })
      .toBeGreaterThan(5);
    // Still at work on a document when it is told to stop.
    expect((await runningJobs()).map((job) => job.locked_by)).toContain(held!.locked_by);

    const sigtermAt = Date.now();
    const exited = new Promise<number | null>((resolve) => stopped.child.once('exit', resolve));
    stopped.child.kill('SIGTERM');
    // The stream ends cleanly (no reset) after the grace period, with an error event saying why.
    await reading;
    const events = [...received.matchAll(/^data: (.*)$/gm)].map(
      (match) =>
        JSON.parse(match[1]!) as { type: string; text?: string; error?: { code: string; error: string } },
    );
    const last = events.at(-1)!;
    expect(last).toEqual({
      type: 'error',
      error: {
        code: 'server_unavailable',
        error:
          'The server is restarting: ask again in a moment (your question and what was answered are kept).',
      },
    });
    expect(events.filter((event) => event.type === 'done')).toEqual([]);
    const streamed = events
      .filter((event) => event.type === 'delta')
      .map((event) => event.text)
      .join('');
    expect(await exited).toBe(0);
    // Its jobs were handed back, not left running under a lease.
    expect((await runningJobs()).map((job) => job.locked_by)).not.toContain(held!.locked_by);
    // Within the grace period, plus the time to keep the answer and close.
    expect(Date.now() - sigtermAt).toBeLessThan(30_000);

    // What was said is kept, as a Stop keeps it, and readable on the other instance.
    const conversation = await fetch(`${other.url}/api/chat/getConversation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ConversationId: conversationId }),
    });
    const kept = (await conversation.json()) as ConversationResponse;
    expect(kept.Messages).toHaveLength(2);
    expect(kept.Messages[0]).toEqual({ type: 1, message: question });
    expect(kept.Messages[1]).toMatchObject({ type: 0, stopped: true, message: streamed });

    // Every document ends Ready on the other instance, long before the stopped one's lease ran out.
    await expect
      .poll(
        async () =>
          Object.fromEntries(
            (await documentsOf(other)).map((document) => [document.document, document.status]),
          ),
        { timeout: (LEASE_SECONDS / 2) * 1000, interval: 250 },
      )
      .toEqual(Object.fromEntries(names.map((name) => [name, 'Ready'])));
    expect(Date.now() - sigtermAt).toBeLessThan((LEASE_SECONDS / 2) * 1000);
  }, 400_000);
});

describe('SIGTERM to the one instance on PGlite', () => {
  const cleanups: Cleanups = [];
  let standin: LlmStandin | undefined;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await standin?.close();
  });

  it('ends its answer cleanly, and the next start finishes its ingestion without waiting for the lease', async () => {
    standin = await startLlmStandin();
    const env = await serverProcessEnvironment('pglite', cleanups, {
      LLM_BASE_URL: standin.url,
      LLM_MODEL: 'standin',
      SHUTDOWN_GRACE_SECONDS: '1',
      INGEST_LEASE_SECONDS: String(LEASE_SECONDS),
      INGEST_CONCURRENCY: '1',
    });
    const stopped = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(stopped, 'SIGKILL'));
    const form = new FormData();
    const names = ['manual-1.pdf', 'manual-2.pdf', 'manual-3.pdf'];
    for (const name of names) form.append('files[]', new Blob([await longPdf(name, 300)]), name);
    const uploaded = await fetch(`${stopped.url}/api/file/success`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${stopped.token}` },
    });
    expect(uploaded.status).toBe(200);
    const streaming = await fetch(`${stopped.url}/api/chat/gpt`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stopped.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ Message: 'Tell me everything [[standin:words=2000]] [[standin:delay=20]]' }),
    });
    expect(streaming.status).toBe(200);
    const conversationId = streaming.headers.get('x-conversation-id')!;
    const reader = streaming.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const reading = (async () => {
      for (let step = await reader.read(); !step.done; step = await reader.read()) {
        received += decoder.decode(step.value, { stream: true });
      }
    })();
    reading.catch(() => {});
    await expect
      .poll(() => (received.match(/event: delta/g) ?? []).length, { timeout: 60_000 })
      .toBeGreaterThan(5);
    expect((await documentsOf(stopped)).some((document) => document.state !== 'ready')).toBe(true);

    const exited = new Promise<number | null>((resolve) => stopped.child.once('exit', resolve));
    stopped.child.kill('SIGTERM');
    await reading;
    const events = [...received.matchAll(/^data: (.*)$/gm)].map(
      (match) => JSON.parse(match[1]!) as { type: string; text?: string; error?: { code: string } },
    );
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'server_unavailable' } });
    const streamed = events
      .filter((event) => event.type === 'delta')
      .map((event) => event.text)
      .join('');
    expect(await exited).toBe(0);

    const restartedAt = Date.now();
    const next = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(next, 'SIGTERM'));
    const conversation = await fetch(`${next.url}/api/chat/getConversation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${next.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ConversationId: conversationId }),
    });
    const kept = (await conversation.json()) as ConversationResponse;
    expect(kept.Messages[1]).toMatchObject({ type: 0, stopped: true, message: streamed });
    await expect
      .poll(
        async () =>
          Object.fromEntries(
            (await documentsOf(next)).map((document) => [document.document, document.status]),
          ),
        { timeout: (LEASE_SECONDS / 2) * 1000, interval: 250 },
      )
      .toEqual(Object.fromEntries(names.map((name) => [name, 'Ready'])));
    expect(Date.now() - restartedAt).toBeLessThan((LEASE_SECONDS / 2) * 1000);
  }, 400_000);
});

// The real server in a child process (src/test/server-process.ts), for tests that kill it: started on
// a fresh database (a PGlite folder, or a throw-away PostgreSQL schema), stopped gently or hard.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach } from 'vitest';
import { buildApp } from '../app.js';
import { buildPdf } from '../features/knowledge/demo/build-files.js';
import type { components } from '../generated/contract.js';
import { MODULES } from '../modules.js';
import { type Db, openPostgres } from '../platform/db/db.js';
import type { FeatureModule } from '../platform/modules.js';
import { type Backend, openTestDb, type TestDb, testConfig } from './harness.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  child: ChildProcess;
  url: string;
  /** A personal access token of the demo administrator. */
  token: string;
}

export type Cleanups = Array<() => Promise<void> | void>;

/** Cleanups that run, the last pushed first, after all the tests of the describe block that asks. */
export function cleanupsAfterAll(): Cleanups {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return cleanups;
}

/**
 * For a describe block whose tests each start a server on what a crash left: `openDb()` opens a
 * fresh database of `backend`, `start(module)` builds the app on it with `module` in place of its
 * namesake (one that reconciles often); both are closed after each test.
 */
export function afterACrash(backend: Backend) {
  let opened: TestDb | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await opened?.cleanup();
    opened = undefined;
  });
  return {
    async openDb(): Promise<Db> {
      opened = await openTestDb(backend);
      return opened.db;
    },
    async start(module: FeatureModule): Promise<FastifyInstance> {
      const modules = MODULES.map((candidate) => (candidate.name === module.name ? module : candidate));
      app = await buildApp({ config: testConfig(), db: opened!.db, modules });
      return app;
    },
  };
}

/**
 * What a server killed mid-job leaves in the database: a job of `queue` still `running` under the
 * lease of a worker that died (expired a second ago), after `attempts` of its `maxAttempts`.
 */
export async function insertCrashedJob(
  db: Db,
  job: { queue: string; payload: unknown; dedupeKey: string; attempts: number; maxAttempts?: number },
): Promise<void> {
  await db.query(
    `INSERT INTO jobs (queue, payload, dedupe_key, state, attempts, max_attempts, locked_by, locked_until, last_error)
     VALUES ($1, $2::jsonb, $3, 'running', $4, $5, 'worker-that-died', now() - interval '1 second', $6)`,
    [
      job.queue,
      JSON.stringify(job.payload),
      job.dedupeKey,
      job.attempts,
      job.maxAttempts ?? 3,
      job.attempts > 1 ? 'The server stopped' : null,
    ],
  );
}

/**
 * The environment of a server process on a fresh database of `backend`, with `extra` settings; what
 * must be removed afterwards is pushed onto `cleanups`.
 */
export async function serverProcessEnvironment(
  backend: Backend,
  cleanups: Cleanups,
  extra: Record<string, string>,
): Promise<Record<string, string>> {
  const common = { PORT: '0', WEB_DIST: 'none', LOG_LEVEL: 'silent', SEED_DEMO_KNOWLEDGE: 'false', ...extra };
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'da-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { ...common, DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `crash_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  cleanups.push(async () => {
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  });
  const separator = url.includes('?') ? '&' : '?';
  return {
    ...common,
    DATABASE_URL: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
  };
}

/** Starts the real server in a child process and waits for its port and an admin token. */
export async function startServerProcess(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/server-process.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => {
    errors += String(chunk);
  });
  return new Promise((resolve, reject) => {
    let output = '';
    // Generous: a loaded machine (tests of several packages at once) starts a server slowly.
    const timer = setTimeout(() => reject(new Error(`The server did not start: ${errors}`)), 180_000);
    child.stdout!.on('data', (chunk) => {
      output += String(chunk);
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      const { port, token } = JSON.parse(line) as { port: number; token: string };
      resolve({ child, url: `http://127.0.0.1:${port}`, token });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before starting: ${errors}`));
    });
  });
}

/** Stops the server process with `signal` (SIGKILL: a crash) and waits for it to exit. */
export async function stopServerProcess(
  running: RunningServer,
  signal: 'SIGKILL' | 'SIGTERM',
): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill(signal);
  await exited;
}

// What the tests that stop a server process ask of it, over its HTTP API as the demo administrator.

type KnowledgeDocument = components['schemas']['KnowledgeDocument'];
type ConversationResponse = components['schemas']['ConversationResponse'];

/** A PDF long enough that parsing it takes a while: `pages` pages of real text. */
export async function longPdf(title: string, pages: number): Promise<Uint8Array> {
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

/** Uploads files to the knowledge base (Train Bot) and resolves the response's status. */
export async function uploadTrainingFiles(
  running: RunningServer,
  files: ReadonlyArray<{ name: string; bytes: Uint8Array | string }>,
): Promise<number> {
  const form = new FormData();
  for (const file of files) form.append('files[]', new Blob([file.bytes]), file.name);
  const response = await fetch(`${running.url}/api/file/success`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${running.token}` },
  });
  await response.body?.cancel();
  return response.status;
}

/** The knowledge base's documents (File Status). */
export async function listDocuments(running: RunningServer): Promise<KnowledgeDocument[]> {
  const response = await fetch(`${running.url}/api/knowledge/documents`, {
    headers: { authorization: `Bearer ${running.token}` },
  });
  if (response.status !== 200) throw new Error(`GET /api/knowledge/documents answered ${response.status}`);
  return ((await response.json()) as { documents: KnowledgeDocument[] }).documents;
}

/** A conversation as `POST /api/chat/getConversation` returns it. */
export async function openConversation(
  running: RunningServer,
  ConversationId: string,
): Promise<ConversationResponse> {
  const response = await fetch(`${running.url}/api/chat/getConversation`, {
    method: 'POST',
    headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ConversationId }),
  });
  if (response.status !== 200) throw new Error(`getConversation answered ${response.status}`);
  return (await response.json()) as ConversationResponse;
}

/** One event of the AI chat's stream. */
export interface ChatStreamEvent {
  type: string;
  text?: string;
  error?: { code: string; error: string };
}

/** An AI chat answer being streamed, read as a client reads it. */
export interface StreamingAnswer {
  conversationId: string;
  /** How many `delta` events have arrived so far. */
  deltaCount(): number;
  /** The events received so far. */
  events(): ChatStreamEvent[];
  /** The answer's text received so far (its deltas joined). */
  streamedText(): string;
  /** Resolves when the stream ends, cleanly or not (a killed server ends it with an error). */
  ended: Promise<void>;
}

/** Asks the AI chat `question` with a streamed answer and reads it in the background. */
export async function startStreamingAnswer(
  running: RunningServer,
  question: string,
): Promise<StreamingAnswer> {
  const response = await fetch(`${running.url}/api/chat/gpt`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${running.token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify({ Message: question }),
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`POST /api/chat/gpt answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = '';
  const ended = (async () => {
    for (let step = await reader.read(); !step.done; step = await reader.read()) {
      received += decoder.decode(step.value, { stream: true });
    }
  })().catch(() => {});
  const events = () =>
    [...received.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!) as ChatStreamEvent);
  return {
    conversationId: response.headers.get('x-conversation-id')!,
    deltaCount: () => (received.match(/event: delta/g) ?? []).length,
    events,
    streamedText: () =>
      events()
        .filter((event) => event.type === 'delta')
        .map((event) => event.text)
        .join(''),
    ended,
  };
}

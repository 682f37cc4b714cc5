// Figures at scale (issue 27), side by side in one run:
//
// 1. Knowledge retrieval p50/p95 at 100k and 1M passages on PostgreSQL (target p95 <= 50 ms at 1M),
//    through the server's own search with the knowledge chat's request (`searchKnowledge` as
//    `retrieve` in features/chat/knowledge-answer.ts calls it: k = 5, the model's partial-match
//    floor), asked the evaluation set's questions over the demo documents plus generated passages
//    (about 200 words each, from sentences whose words follow Zipf's law, so common words are in
//    many passages). The passages are written by SQL (INSERT ... SELECT generate_series, each
//    passage's vector put together from its sentences' vectors), the text index built after the
//    load. The slowest question's statements are shown with EXPLAIN ANALYZE (`BENCH_SCALE_EXPLAIN`),
//    and every question's statements are run again under EXPLAIN (ANALYZE, TIMING OFF) for the time
//    spent inside PostgreSQL (planning + execution), apart from the round trips and the client.
//    `BENCH_SCALE_SEARCH_BEFORE=<commit>` measures that commit's search.ts beside the current one
//    on the same rows.
// 2. Ingestion of 10,000 small documents through the built server's API (uploads of 20 files, a few
//    in flight) on PostgreSQL: documents per second from the first upload to the last Ready, and the
//    server process's peak resident memory (VmHWM: parse threads included).
// 3. 500 concurrent streaming AI chats on one built server (PostgreSQL) against the stand-in model
//    (its own process): time to first token p50/p99 through the server next to the stand-in asked
//    directly with the same concurrency, resident memory per open stream, errors.
//
// Run: pnpm --filter @digital-assistant/bench run bench:scale (builds the server first).
// Environment:
//   DATABASE_URL                 PostgreSQL (default postgres://postgres@127.0.0.1:5432/test); each
//                                part works in a fresh schema, dropped after
//   BENCH_SCALE_ONLY             parts to run, comma-separated: retrieval,ingestion,chats (default all)
//   BENCH_SCALE_PASSAGES         passage counts, ascending (default 100000,1000000)
//   BENCH_SCALE_QUERIES          timed searches per cell, after 30 unmeasured (default 200)
//   BENCH_SCALE_EXPLAIN          0: no EXPLAIN ANALYZE of the slowest question (default on)
//   BENCH_SCALE_SEARCH_BEFORE    a commit whose search.ts is measured beside the current one
//   BENCH_SCALE_QUERIES_BEFORE   timed searches per cell of that one (default BENCH_SCALE_QUERIES)
//   BENCH_SCALE_KEEP             1: keep the retrieval schema (its name is printed) instead of dropping it
//   BENCH_SCALE_SCHEMA           a kept schema, measured again without writing its passages again
//                                (migrations still apply; drop it by hand when done)
//   BENCH_SCALE_DOCUMENTS        documents ingested (default 10000)
//   BENCH_SCALE_STREAMS          concurrent chats (default 500)
//   BENCH_SCALE_MODEL_TTFT       the stand-in's wait before its first token, ms (default 200)
//   BENCH_SERVER_DIST            the server build (default apps/server/dist)
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { MIN_PARTIAL_SCORE, PASSAGES } from '../apps/server/src/features/chat/knowledge-answer.js';
import { demoDirectory } from '../apps/server/src/features/knowledge/demo/demo-set.js';
import type { Department } from '../apps/server/src/features/knowledge/departments.js';
import { searchKnowledge } from '../apps/server/src/features/knowledge/retrieval/search.js';
import { addDemoDocuments } from '../apps/server/src/features/knowledge/test-support.js';
import { MODULES } from '../apps/server/src/modules.js';
import { type Db, openPostgres, type Queryable } from '../apps/server/src/platform/db/db.js';
import { migrate } from '../apps/server/src/platform/db/migrations.js';
import { random, sentence } from './lib/corpus.js';
import { signInWithBuiltinProvider } from './lib/oidc-session.mjs';
import { freePort, runNode, serverArgs, serverEnvironment, startServer } from './lib/processes.mjs';
import { createSchema } from './lib/schema.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(benchDir, '..');
const serverDist = path.resolve(
  process.env.BENCH_SERVER_DIST || path.join(repoDir, 'apps', 'server', 'dist'),
);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const parts = (process.env.BENCH_SCALE_ONLY ?? 'retrieval,ingestion,chats')
  .split(',')
  .map((part) => part.trim());
const passageCounts = (process.env.BENCH_SCALE_PASSAGES ?? '100000,1000000')
  .split(',')
  .map((value) => Number(value.trim()))
  .sort((a, b) => a - b);
const queriesPerCell = Number(process.env.BENCH_SCALE_QUERIES ?? 200);
/** Timed searches per cell of the earlier commit's search (seconds each at 1M before the fix). */
const queriesBefore = Number(process.env.BENCH_SCALE_QUERIES_BEFORE ?? queriesPerCell);
const explain = process.env.BENCH_SCALE_EXPLAIN !== '0';
const searchBefore = process.env.BENCH_SCALE_SEARCH_BEFORE;
/** A schema of an earlier run (BENCH_SCALE_KEEP=1) measured again: its passages are not written again. */
const keptSchema = process.env.BENCH_SCALE_SCHEMA;
const keepSchema = Boolean(keptSchema) || process.env.BENCH_SCALE_KEEP === '1';
const documentCount = Number(process.env.BENCH_SCALE_DOCUMENTS ?? 10000);
const streamCount = Number(process.env.BENCH_SCALE_STREAMS ?? 500);
const modelTtftMs = Number(process.env.BENCH_SCALE_MODEL_TTFT ?? 200);

const fmt = (value: number, digits = 1) => value.toFixed(digits);
const load = () =>
  os
    .loadavg()
    .map((value) => fmt(value, 2))
    .join(' ');
const summary: string[] = [];

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

// ------------------------------------------------------------------ 1. retrieval

interface Question {
  question: string;
  department: string | null;
}

const questions: Question[] = JSON.parse(
  readFileSync(path.join(demoDirectory(), 'eval.json'), 'utf8'),
).questions;

type Search = typeof searchKnowledge;

/** The knowledge chat's search request (`retrieve` for a model's answer) for one question. */
function ask(search: Search, db: Queryable, item: Question) {
  return search(db, {
    query: item.question,
    viewer: { role: 'STAFF' },
    department: (item.department ?? 'knowledge') as Department,
    k: PASSAGES,
    minPartialScore: MIN_PARTIAL_SCORE.model,
    includeVectorOnly: true,
  });
}

/**
 * The search.ts of an earlier commit, importable: written under results/ with its relative imports
 * pointed at the current sources (departments, db types), which it shares.
 */
async function searchOf(commit: string): Promise<Search> {
  const source = 'apps/server/src/features/knowledge/retrieval/search.ts';
  const shown = spawnSync('git', ['show', `${commit}:${source}`], { cwd: repoDir, encoding: 'utf8' });
  if (shown.status !== 0) throw new Error(`git show ${commit}:${source}: ${shown.stderr}`);
  const folder = path.join(repoDir, path.dirname(source));
  const text = shown.stdout.replace(/from '(\.\.?\/[^']+)'/g, (_, relative: string) => {
    return `from '${pathToFileURL(path.resolve(folder, relative)).href}'`;
  });
  const file = path.join(benchDir, 'results', `search-${commit}.ts`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return ((await import(pathToFileURL(file).href)) as { searchKnowledge: Search }).searchKnowledge;
}

const DEPARTMENTS: Department[] = ['it', 'devops_preprod', 'cs_preprod', 'education', 'pga', 'knowledge'];
const CHUNKS_PER_DOCUMENT = 50;
const SENTENCES = 100_000;
const SENTENCES_PER_PASSAGE = 14;

/** The sentences passages are made of, each with its vector, in bench_sentences. */
async function seedSentences(db: Db): Promise<void> {
  const next = random(2027);
  const texts = Array.from({ length: SENTENCES }, () => sentence(next));
  await db.exec(`CREATE TABLE bench_sentences (id integer PRIMARY KEY, text text NOT NULL, tsv tsvector NOT NULL);
CREATE AGGREGATE bench_tsv_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');`);
  await db.query(
    `INSERT INTO bench_sentences
     SELECT ordinality - 1, text, to_tsvector('english', text) FROM unnest($1::text[]) WITH ORDINALITY AS t(text)`,
    [texts],
  );
}

/**
 * Generated documents of 50 passages each until `total` passages: each passage 14 sentences picked
 * by a multiplicative hash of its number, its vector the concatenation of theirs (what
 * `to_tsvector` of the text gives, but for the positions of stop words at sentence ends), weighted
 * as the ingestion weights: heading A, title B, body D. Documents cycle through the departments.
 */
async function seedPassages(db: Db, from: number, total: number): Promise<void> {
  const batch = 100_000;
  for (let start = from; start < total; start += batch) {
    const end = Math.min(total, start + batch);
    const firstDocument = Math.floor(start / CHUNKS_PER_DOCUMENT);
    const lastDocument = Math.ceil(end / CHUNKS_PER_DOCUMENT);
    const started = performance.now();
    await db.query(
      `INSERT INTO knowledge_documents (name, extension, departments, size, sha256, status, generation,
                                        chunk_count, indexed_departments)
       SELECT 'generated-' || i || '.md', 'md', ARRAY[dep], 1, md5(i::text), 'ready', 1, $3, ARRAY[dep]
       FROM generate_series($1::int, $2::int - 1) AS i,
         LATERAL (SELECT ($4::text[])[i % cardinality($4::text[]) + 1] AS dep) AS d`,
      [firstDocument, lastDocument, CHUNKS_PER_DOCUMENT, DEPARTMENTS],
    );
    await db.query(
      `INSERT INTO knowledge_chunks (document_id, generation, ordinal, heading_path, heading, title, text, tsv, heading_tsv)
       SELECT d.id, 1, n % $3, ARRAY['Generated', 'Topic ' || n % $3], 'Generated › Topic ' || n % $3,
              'generated ' || n / $3, body.text,
              setweight(to_tsvector('english', 'Generated › Topic ' || n % $3), 'A')
                || setweight(to_tsvector('english', 'generated ' || n / $3), 'B') || setweight(body.tsv, 'D'),
              setweight(to_tsvector('english', 'Generated › Topic ' || n % $3), 'A')
                || setweight(to_tsvector('english', 'generated ' || n / $3), 'B')
       FROM generate_series($1::bigint, $2::bigint - 1) AS n
         JOIN knowledge_documents d ON d.name = 'generated-' || n / $3 || '.md',
         LATERAL (
           SELECT string_agg(s.text, ' ' ORDER BY j) AS text, bench_tsv_agg(s.tsv ORDER BY j) AS tsv
           FROM generate_series(1, ${SENTENCES_PER_PASSAGE}) AS j
             JOIN bench_sentences s ON s.id = ((n * ${SENTENCES_PER_PASSAGE} + j) * 2654435761) % ${SENTENCES}
         ) AS body`,
      [start, end, CHUNKS_PER_DOCUMENT],
    );
    console.log(
      `  passages ${start}-${end} written in ${fmt((performance.now() - started) / 1000)} s (load ${load()})`,
    );
  }
}

/** The chunks' indexes other than the primary key: dropped for the load, built again after it. */
async function chunkIndexes(db: Queryable): Promise<{ name: string; definition: string }[]> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.tablename = 'knowledge_chunks' AND i.schemaname = current_schema()
       AND i.indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype = 'p')`,
  );
  return rows;
}

/** Records every statement a search runs, to EXPLAIN the slowest question's afterwards. */
function recording(db: Db) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const queryable: Queryable = {
    query: (sql, params, options) => {
      statements.push({ sql, params: params ?? [] });
      return db.query(sql, params, options);
    },
    exec: (sql) => db.exec(sql),
  };
  return { queryable, statements };
}

async function timeSearches(db: Db, search: Search, count: number) {
  for (let index = 0; index < Math.min(30, count); index++)
    await ask(search, db, questions[index % questions.length]!);
  const times: number[] = [];
  let slowest = { ms: 0, item: questions[0]! };
  for (let index = 0; index < count; index++) {
    const item = questions[index % questions.length]!;
    const started = performance.now();
    await ask(search, db, item);
    const ms = performance.now() - started;
    times.push(ms);
    if (ms > slowest.ms) slowest = { ms, item };
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), slowest };
}

/**
 * The same questions' time inside PostgreSQL: each statement a search ran, run again under
 * `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY)`, its planning and execution times summed per question.
 * What the database spent, without the round trips and the client's own wait for a core.
 */
async function serverSideTimes(db: Db, search: Search, count: number) {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const { queryable, statements } = recording(db);
    await ask(search, queryable, questions[index % questions.length]!);
    let ms = 0;
    for (const { sql, params } of statements) {
      const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY, FORMAT JSON) ${sql}`,
        params,
      );
      const plan = rows[0]!['QUERY PLAN'];
      const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<Record<string, number>>;
      ms += (top!['Planning Time'] ?? 0) + (top!['Execution Time'] ?? 0);
    }
    times.push(ms);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function explainSlowest(db: Db, search: Search, item: Question, label: string): Promise<void> {
  const { queryable, statements } = recording(db);
  await ask(search, queryable, item);
  console.log(`\n  EXPLAIN ANALYZE of the slowest question (${label}): "${item.question}"`);
  for (const { sql, params } of statements) {
    if (!/knowledge_chunks/.test(sql)) continue;
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(`\n${rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
  }
}

async function retrieval(): Promise<void> {
  console.log(
    `\n## 1. Retrieval on PostgreSQL: the knowledge chat's search, ${queriesPerCell} questions per cell\n`,
  );
  const schema = keptSchema ? { name: keptSchema, drop: async () => {} } : await createSchema(databaseUrl);
  const db = await openPostgres(databaseUrl, { schema: schema.name, max: 2 });
  const rows: string[] = [];
  try {
    await migrate(db, MODULES);
    const { rows: present } = await db.query<{ count: string }>(
      `SELECT count(*) AS count FROM knowledge_chunks WHERE document_id IN
         (SELECT id FROM knowledge_documents WHERE name LIKE 'generated-%')`,
    );
    let passages = Number(present[0]!.count);
    if (passages === 0) {
      await addDemoDocuments(db);
      await seedSentences(db);
    }
    if (keepSchema)
      console.log(`  schema ${schema.name} kept (BENCH_SCALE_SCHEMA=${schema.name} measures it again)`);
    const searches: [string, Search][] = [['current', searchKnowledge]];
    if (searchBefore) searches.push([`before (${searchBefore})`, await searchOf(searchBefore)]);
    for (const target of passageCounts) {
      if (target < passages) continue;
      const indexes = target > passages ? await chunkIndexes(db) : [];
      for (const index of indexes) await db.exec(`DROP INDEX ${index.name}`);
      const started = performance.now();
      await seedPassages(db, passages, target);
      const written = performance.now() - started;
      passages = target;
      const indexing = performance.now();
      for (const index of indexes) {
        await db.exec(`SET maintenance_work_mem = '1GB'; ${index.definition}; RESET maintenance_work_mem`);
      }
      await db.exec('VACUUM ANALYZE knowledge_chunks');
      await db.exec('VACUUM ANALYZE knowledge_documents');
      const indexed = performance.now() - indexing;
      const { rows: size } = await db.query<{ table: string; index: string }>(
        `SELECT pg_size_pretty(pg_total_relation_size('knowledge_chunks')) AS table,
                pg_size_pretty(pg_indexes_size('knowledge_chunks')) AS index`,
      );
      console.log(
        `  ${target} passages: written ${fmt(written / 1000)} s, indexed ${fmt(indexed / 1000)} s ` +
          `(${indexes.map((index) => index.name).join(', ')}); table ${size[0]!.table}, indexes ${size[0]!.index}`,
      );
      for (const [label, search] of searches) {
        const count = search === searchKnowledge ? queriesPerCell : queriesBefore;
        const { p50, p95, slowest } = await timeSearches(db, search, count);
        const inside = await serverSideTimes(db, search, count);
        const goal = target >= 1_000_000 ? '50' : '-';
        const row = `| ${target.toLocaleString('en')} | ${label}, ${count} questions | ${fmt(p50, 2)} | ${fmt(p95, 2)} | ${fmt(slowest.ms, 1)} | ${fmt(inside.p50, 2)} | ${fmt(inside.p95, 2)} | ${goal} |`;
        rows.push(row);
        console.log(`  ${row}  load ${load()}`);
        if (explain && target === passageCounts.at(-1)) await explainSlowest(db, search, slowest.item, label);
      }
    }
  } finally {
    await db.close();
    if (!keepSchema) await schema.drop();
  }
  summary.push(
    "### Retrieval (PostgreSQL, the knowledge chat's search, k = 5)",
    '',
    '| Passages | Search | p50 ms | p95 ms | slowest ms | in PostgreSQL p50 ms | in PostgreSQL p95 ms | target p95 ms |',
    '| --: | --- | --: | --: | --: | --: | --: | --: |',
    ...rows,
    '',
  );
}

// ------------------------------------------------------------------ 2. ingestion

/** Resident memory of a process now and at its peak (VmRSS, VmHWM), MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

function smallDocument(next: () => number, index: number): string {
  const parts = [`# Note ${index}`];
  for (let section = 0; section < 3; section++) {
    parts.push(`## Part ${section + 1}`, Array.from({ length: 4 }, () => sentence(next)).join(' '));
  }
  return parts.join('\n\n');
}

async function ingestion(): Promise<void> {
  console.log(
    `\n## 2. Ingestion of ${documentCount} small documents through the built server (PostgreSQL)\n`,
  );
  const next = random(10_000);
  const files = Array.from({ length: documentCount }, (_, index) => ({
    name: `note-${index}.md`,
    bytes: new TextEncoder().encode(smallDocument(next, index)),
  }));
  const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
  const schema = await createSchema(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'da-bench-scale-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...serverEnvironment({ port, dataDir, databaseUrl: schema.url }), UPLOAD_MAX_FILES: '20' };
  const client = new pg.Client({ connectionString: schema.url });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer({
      name: 'server',
      args: serverArgs(path.join(serverDist, 'main.js')),
      env,
      readyUrl: `${baseUrl}/api/ping`,
    });
    await client.connect();
    const session = await signInWithBuiltinProvider(baseUrl, 'admin@example.com');
    const headers = {
      cookie: `da_session=${session.sessionId}; XSRF-TOKEN=${session.xsrfToken}`,
      'x-xsrf-token': session.xsrfToken,
    };
    const idle = memoryOf(server.pid!);
    let refused = 0;
    const upload = async (batch: typeof files) => {
      const form = new FormData();
      for (const file of batch) form.append('files[]', new Blob([file.bytes]), file.name);
      form.append('department', 'it');
      const response = await fetch(`${baseUrl}/api/file/success`, { method: 'POST', headers, body: form });
      if (!response.ok) {
        refused += batch.length;
        console.log(`  upload answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      } else await response.arrayBuffer();
    };
    const started = Date.now();
    // Uploads of 20 files (UPLOAD_MAX_FILES), four in flight, as several people training at once.
    let cursor = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (;;) {
          const start = cursor;
          cursor += 20;
          if (start >= files.length) return;
          await upload(files.slice(start, start + 20));
        }
      }),
    );
    const uploaded = Date.now() - started;
    for (;;) {
      const { rows } = await client.query<{
        waiting: string;
        done: string;
        last: Date | null;
        failed: string;
      }>(
        `SELECT count(*) FILTER (WHERE status IN ('queued', 'parsing')) AS waiting,
                count(*) FILTER (WHERE status NOT IN ('queued', 'parsing')) AS done,
                count(*) FILTER (WHERE status NOT IN ('queued', 'parsing', 'ready')) AS failed,
                max(updated_at) AS last FROM knowledge_documents`,
      );
      const row = rows[0]!;
      if (Number(row.waiting) === 0 && Number(row.done) + refused >= files.length) {
        const seconds = (row.last!.getTime() - started) / 1000;
        const memory = memoryOf(server.pid!);
        const line =
          `| ${files.length.toLocaleString('en')} (${fmt(bytes / 1024 / 1024, 1)} MB) | ${fmt(uploaded / 1000)} | ` +
          `${fmt(seconds)} | **${fmt(Number(row.done) / seconds)}** | ${fmt(idle.rss, 0)} | **${fmt(memory.peak, 0)}** | ` +
          `${row.failed} failed, ${refused} refused |`;
        console.log(`  ${line}  load ${load()}`);
        summary.push(
          '### Ingestion (built server, PostgreSQL, one instance)',
          '',
          '| Documents | uploads done s | last Ready s | documents/s | RSS idle MB | peak RSS MB | errors |',
          '| --: | --: | --: | --: | --: | --: | --- |',
          line,
          '',
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end().catch(() => {});
    await server?.stop();
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ 3. concurrent chats

/** Starts the stand-in model in its own process and answers its base URL and how to stop it. */
async function startStandin(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(serverDist, 'llm-standin.js'), '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the stand-in exited (code ${code}): ${output}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

interface StreamResult {
  ttft: number;
  error?: string;
}

/**
 * One streamed request: the milliseconds to the first piece of answer text, read to its end.
 * `opened` and `closed` count the streams holding a first token and not yet ended.
 */
async function stream(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  hasToken: (text: string) => boolean,
  isError: (text: string) => boolean,
  counter: { open: number },
): Promise<StreamResult> {
  const started = performance.now();
  let ttft = Number.NaN;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    if (response.status !== 200)
      return { ttft, error: `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}` };
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      if (Number.isNaN(ttft) && hasToken(text)) {
        ttft = performance.now() - started;
        counter.open++;
      }
    }
    if (!Number.isNaN(ttft)) counter.open--;
    if (Number.isNaN(ttft)) return { ttft, error: `no token: ${text.slice(0, 200)}` };
    if (isError(text))
      return { ttft, error: `error event: ${text.slice(text.indexOf('event: error'), 300)}` };
    return { ttft };
  } catch (error) {
    if (!Number.isNaN(ttft)) counter.open--;
    return { ttft, error: (error as Error).message };
  }
}

async function chats(): Promise<void> {
  // Each answer: the stand-in waits `modelTtftMs`, then 60 words 50 ms apart (about 3 s), so every
  // stream is open at once.
  const directives = `[[standin:ttft=${modelTtftMs}]] [[standin:delay=50]] [[standin:words=60]]`;
  console.log(
    `\n## 3. ${streamCount} concurrent streaming AI chats on one built server (PostgreSQL), ${directives}\n`,
  );
  const standin = await startStandin();
  const schema = await createSchema(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'da-bench-scale-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...serverEnvironment({ port, dataDir, databaseUrl: schema.url }),
    LLM_BASE_URL: standin.url,
    LLM_MODEL: 'standin',
    CHAT_RATE_LIMIT: '0',
  };
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const mint = await runNode(
      [path.join(serverDist, 'cli.js'), 'token', 'admin@example.com', '--name', 'bench', '--days', '1'],
      env,
    );
    const token = mint.stdout.trim();
    if (mint.code !== 0 || !token) throw new Error(`admin CLI token failed: ${mint.stderr || mint.stdout}`);
    server = await startServer({
      name: 'server',
      args: serverArgs(path.join(serverDist, 'main.js')),
      env,
      readyUrl: `${baseUrl}/api/ping`,
    });
    const pid = server.pid!;
    const headers = { authorization: `Bearer ${token}` };
    const modelHasToken = (text: string) => /"delta":\{"content":"[^"]/.test(text);
    const serverHasToken = (text: string) => text.includes('event: delta\n');
    const modelBody = (index: number) => ({
      model: 'standin',
      stream: true,
      messages: [{ role: 'user', content: `Question ${index} about the release train ${directives}` }],
    });
    const serverBody = (index: number) => ({
      Message: `Question ${index} about the release train ${directives}`,
    });

    const run = async (
      label: string,
      send: (index: number, counter: { open: number }) => Promise<StreamResult>,
    ) => {
      const counter = { open: 0 };
      let maxOpen = 0;
      let peakRss = 0;
      const sampler = setInterval(() => {
        maxOpen = Math.max(maxOpen, counter.open);
        peakRss = Math.max(peakRss, memoryOf(pid).rss);
      }, 20);
      const results = await Promise.all(
        Array.from({ length: streamCount }, (_, index) => send(index, counter)),
      );
      clearInterval(sampler);
      const ttfts = results.filter((result) => !Number.isNaN(result.ttft)).map((result) => result.ttft);
      const errors = results.filter((result) => result.error);
      for (const error of errors.slice(0, 3)) console.log(`  ${label}: ${error.error}`);
      return {
        label,
        p50: percentile(ttfts, 0.5),
        p99: percentile(ttfts, 0.99),
        maxOpen,
        peakRss,
        errors: errors.length,
      };
    };
    const direct = (index: number, counter: { open: number }) =>
      stream(`${standin.url}/chat/completions`, {}, modelBody(index), modelHasToken, () => false, counter);
    const through = (index: number, counter: { open: number }) =>
      stream(
        `${baseUrl}/api/chat/gpt`,
        headers,
        serverBody(index),
        serverHasToken,
        (text) => text.includes('event: error'),
        counter,
      );

    // Warm-up, unmeasured: 50 chats through the server, then the idle memory once settled.
    await Promise.all(Array.from({ length: 50 }, (_, index) => through(index, { open: 0 })));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = memoryOf(pid).rss;
    const model = await run('stand-in alone', direct);
    const served = await run('through the server', through);
    const perStream = (served.peakRss - idle) / Math.max(1, served.maxOpen);
    const line =
      `| ${streamCount} | ${modelTtftMs} | ${fmt(model.p50)} / ${fmt(model.p99)} | ${fmt(served.p50)} / ${fmt(served.p99)} | ` +
      `**${fmt(served.p50 - model.p50)} / ${fmt(served.p99 - model.p99)}** | ${served.maxOpen} | ${fmt(idle, 0)} / ${fmt(served.peakRss, 0)} | ` +
      `**${fmt(perStream * 1024, 0)}** | ${model.errors} / **${served.errors}** |`;
    console.log(`  ${line}  load ${load()}`);
    summary.push(
      '### Concurrent streaming chats (AI chat, built server, PostgreSQL, one instance)',
      '',
      '| Streams | stand-in TTFT ms | stand-in alone p50 / p99 ms | through the server p50 / p99 ms | added p50 / p99 ms | most open at once | server RSS idle / peak MB | KB per open stream | errors alone / through |',
      '| --: | --: | --: | --: | --: | --: | --: | --: | --: |',
      line,
      '',
    );
  } finally {
    await server?.stop();
    await standin.stop();
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ run

console.log(
  `Scale benchmark on Node ${process.version}, ${os.cpus().length} cores, load average ${load()}, ` +
    `commit ${spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoDir, encoding: 'utf8' }).stdout.trim()}`,
);
if (parts.includes('retrieval')) await retrieval();
if (parts.includes('ingestion')) await ingestion();
if (parts.includes('chats')) await chats();
console.log(`\n## Side by side (load average at the end ${load()})\n`);
console.log(summary.join('\n'));

// Chat on the server: (1) the time to first token the server adds on the streaming (SSE) path over
// the model's own, and (2) chat requests per second with an instant model, next to a bare Fastify
// route. The model is the project's OpenAI-compatible stand-in (apps/server/dist/llm-standin.js) in
// its own process; the reference server (apps/server/dist/main.js) in another, on PGlite and on
// PostgreSQL. See README.md for what is measured and how to read it.
//
// Environment:
//   BENCH_TTFT_SAMPLES  timed questions per TTFT row (default 200, after 20 unmeasured ones)
//   BENCH_MODEL_TTFT    the stand-in's own delay before its first token in the TTFT part, ms (default 20)
//   BENCH_DURATION      seconds measured per throughput cell (default 5)
//   BENCH_WARMUP        seconds of unmeasured load before each cell (default 1; 0 disables)
//   BENCH_CONNECTIONS   comma-separated connection counts (default 10)
//   BENCH_DATABASES     comma-separated subset of pglite,postgres (default both)
//   BENCH_SERVER_DIST   the server build to measure (default apps/server/dist), to compare two builds
//   DATABASE_URL        PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test); a fresh
//                       schema is created in it and dropped at the end
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, runNode, serverArgs, startServer } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(benchDir, '..');
const serverDist = path.resolve(
  process.env.BENCH_SERVER_DIST || path.join(repoDir, 'apps', 'server', 'dist'),
);
const resultsFile = path.join(benchDir, 'results', 'chat-server.json');

/** @param {string} name @param {number} fallback @param {boolean} [allowZero] */
function number(name, fallback, allowZero = false) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number (got "${raw}")`);
  }
  return value;
}

const settings = {
  ttftSamples: number('BENCH_TTFT_SAMPLES', 200),
  modelTtftMs: number('BENCH_MODEL_TTFT', 20, true),
  durationSeconds: number('BENCH_DURATION', 5),
  warmupSeconds: number('BENCH_WARMUP', 1, true),
  connections: (process.env.BENCH_CONNECTIONS || '10').split(',').map((value) => Number(value.trim())),
  databases: (process.env.BENCH_DATABASES || 'pglite,postgres').split(',').map((value) => value.trim()),
  databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};

/** @type {Array<() => Promise<void> | void>} */
const cleanups = [];
async function runCleanups() {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers and cleaning up...`);
    runCleanups().finally(() => process.exit(130));
  });
}

/** Starts the stand-in model and answers its base URL (it prints it once listening). */
async function startStandin() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(serverDist, 'llm-standin.js'), '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the stand-in exited (code ${code}): ${output}`)));
  });
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  });
  return /** @type {string} */ (url);
}

/** @param {number[]} values @param {number} q */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * Sends one streamed request; answers the milliseconds until the first piece of answer text, then
 * reads the stream to its end (so requests never overlap).
 * @param {string} url @param {Record<string, string>} headers @param {unknown} body
 * @param {(text: string) => boolean} isFirstToken tells whether the text received so far holds a token
 */
async function timeToFirstToken(url, headers, body, isFirstToken) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let first = Number.NaN;
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (response.body)) {
    text += decoder.decode(chunk, { stream: true });
    if (Number.isNaN(first) && isFirstToken(text)) first = performance.now() - started;
  }
  if (Number.isNaN(first)) throw new Error(`${url} streamed no token: ${text.slice(0, 300)}`);
  return first;
}

const modelHasToken = (/** @type {string} */ text) => /"delta":\{"content":"[^"]/.test(text);
const serverHasToken = (/** @type {string} */ text) => text.includes('event: delta\n');

/**
 * TTFT of the model alone and through the server, interleaved so drift hits both alike.
 * @param {string} label @param {string} modelUrl @param {string} serverUrl
 * @param {Record<string, string>} headers @param {(question: string) => unknown} serverBody
 * @param {string} question @param {string} system the system prompt the server sends for it
 */
async function measureTtft(label, modelUrl, serverUrl, headers, serverBody, question, system) {
  const asked = `${question} [[standin:ttft=${settings.modelTtftMs}]]`;
  const modelBody = {
    model: 'standin',
    stream: true,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: asked },
    ],
  };
  /** @type {number[]} */
  const model = [];
  /** @type {number[]} */
  const server = [];
  for (let index = 0; index < 20 + settings.ttftSamples; index++) {
    const direct = await timeToFirstToken(`${modelUrl}/chat/completions`, {}, modelBody, modelHasToken);
    const through = await timeToFirstToken(serverUrl, headers, serverBody(asked), serverHasToken);
    if (index >= 20) {
      model.push(direct);
      server.push(through);
    }
  }
  const differences = server.map((value, index) => value - /** @type {number} */ (model[index]));
  const row = {
    scenario: label,
    modelP50: quantile(model, 0.5),
    serverP50: quantile(server, 0.5),
    addedP50: quantile(server, 0.5) - quantile(model, 0.5),
    addedPairedP50: quantile(differences, 0.5),
    addedPairedP95: quantile(differences, 0.95),
  };
  console.log(
    `  ${label.padEnd(44)} model ${row.modelP50.toFixed(2)} ms  server ${row.serverP50.toFixed(2)} ms  ` +
      `added ${row.addedP50.toFixed(2)} ms (paired p50 ${row.addedPairedP50.toFixed(2)}, p95 ${row.addedPairedP95.toFixed(2)})`,
  );
  return row;
}

/**
 * req/s and latency of one POST endpoint under autocannon.
 * @param {string} scenario @param {string} url @param {Record<string, string>} headers @param {unknown} body
 * @param {number} connections
 */
async function measureThroughput(scenario, url, headers, body, connections) {
  const common = {
    url,
    method: /** @type {const} */ ('POST'),
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    connections,
    timeout: 20,
  };
  if (settings.warmupSeconds > 0) await autocannon({ ...common, duration: settings.warmupSeconds });
  const result = await autocannon({ ...common, duration: settings.durationSeconds });
  const cell = {
    scenario,
    connections,
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
  console.log(
    `  ${scenario.padEnd(50)} ${String(connections).padStart(3)} conn ${Math.round(cell.requestsPerSecond)
      .toString()
      .padStart(6)} req/s  p50 ${cell.latencyP50} ms  p99 ${cell.latencyP99} ms` +
      (cell.failures ? `  (${cell.failures} failed)` : ''),
  );
  return cell;
}

async function createSchema() {
  const admin = new pg.Client({ connectionString: settings.databaseUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(settings.databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: settings.databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** @param {string} baseUrl @param {Record<string, string>} headers */
async function waitForKnowledge(baseUrl, headers) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/knowledge/documents`, { headers });
    const { documents } = /** @type {{ documents: Array<{ state: string }> }} */ (await response.json());
    if (documents.length > 0 && documents.every((document) => document.state === 'ready')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the demo knowledge documents did not become ready');
}

const IT_QUESTION = 'How do I install the VPN client GlobalProtect?';

/** @param {'pglite' | 'postgres'} kind @param {string} modelUrl */
async function benchDatabase(kind, modelUrl) {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`\n${label}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'da-bench-chat-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  /** @type {Record<string, string>} */
  const database = {};
  if (kind === 'postgres') {
    try {
      const schema = await createSchema();
      cleanups.push(schema.drop);
      database.DATABASE_URL = schema.url;
    } catch (error) {
      console.log(`  skipped: ${error instanceof Error ? error.message : String(error)}`);
      return { database: kind, status: 'skipped' };
    }
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    ...database,
    LOG_LEVEL: 'silent',
    WEB_DIST: 'none',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    SEED_DEMO_KNOWLEDGE: 'true',
    LLM_BASE_URL: modelUrl,
    LLM_MODEL: 'standin',
    CHAT_RATE_LIMIT: '0',
  };
  for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'REDIS_URL']) delete env[name];
  if (!database.DATABASE_URL) delete env.DATABASE_URL;
  const mint = await runNode(
    [path.join(serverDist, 'cli.js'), 'token', 'admin@example.com', '--name', 'bench', '--days', '1'],
    env,
  );
  const token = mint.stdout.trim();
  if (mint.code !== 0 || !token) throw new Error(`admin CLI token failed: ${mint.stderr || mint.stdout}`);
  const headers = { authorization: `Bearer ${token}` };
  const server = await startServer({
    name: 'reference server',
    args: serverArgs(path.join(serverDist, 'main.js')),
    env,
    readyUrl: `${baseUrl}/api/ping`,
  });
  cleanups.push(server.stop);
  await waitForKnowledge(baseUrl, headers);

  console.log(
    `  Time to first token (SSE), ${settings.ttftSamples} questions each, model TTFT ${settings.modelTtftMs} ms`,
  );
  const ttft = [
    await measureTtft(
      'AI chat, new conversation (POST /api/chat/gpt)',
      modelUrl,
      `${baseUrl}/api/chat/gpt`,
      headers,
      (question) => ({ Message: question }),
      'What is a good name for a release train?',
      'You are Digital Assistant.',
    ),
    await measureTtft(
      'IT knowledge chat (POST /api/chat)',
      modelUrl,
      `${baseUrl}/api/chat`,
      headers,
      (question) => ({ message: question, Department: 'it' }),
      IT_QUESTION,
      // Of the same length as the server's prompt with five passages, so the stand-in reads as much.
      `Passages:\n\n${'x'.repeat(6000)}`,
    ),
  ];

  console.log('  Throughput with an instant model');
  const throughput = [];
  for (const connections of settings.connections) {
    throughput.push(
      await measureThroughput(
        'Server POST /api/chat/gpt, JSON (new conversation)',
        `${baseUrl}/api/chat/gpt`,
        headers,
        { Message: 'Name a release train' },
        connections,
      ),
      await measureThroughput(
        'Server POST /api/chat/gpt, SSE (new conversation)',
        `${baseUrl}/api/chat/gpt`,
        { ...headers, accept: 'text/event-stream' },
        { Message: 'Name a release train' },
        connections,
      ),
      await measureThroughput(
        'Server POST /api/chat, IT knowledge, JSON',
        `${baseUrl}/api/chat`,
        headers,
        { message: IT_QUESTION, Department: 'it' },
        connections,
      ),
    );
  }
  await server.stop();
  return { database: kind, status: 'ok', ttft, throughput };
}

const modelUrl = await startStandin();
const barePort = await freePort();
const bare = await startServer({
  name: 'bare Fastify',
  args: [path.join(benchDir, 'bare-chat-server.mjs')],
  env: { ...process.env, PORT: String(barePort), MODEL_URL: modelUrl },
  readyUrl: `http://127.0.0.1:${barePort}/hello`,
});
cleanups.push(bare.stop);
const bareUrl = `http://127.0.0.1:${barePort}`;

const results = [];
try {
  console.log('Baselines');
  const baselines = [];
  for (const connections of settings.connections) {
    baselines.push(
      await measureThroughput(
        'Stand-in model alone, streamed (POST /v1/chat/completions)',
        `${modelUrl}/chat/completions`,
        {},
        { model: 'standin', stream: true, messages: [{ role: 'user', content: 'Name a release train' }] },
        connections,
      ),
      await measureThroughput(
        'Bare Fastify, proxy to the model (POST /proxy)',
        `${bareUrl}/proxy`,
        {},
        { Message: 'Name a release train' },
        connections,
      ),
      await measureThroughput(
        'Bare Fastify, hello JSON (POST /hello)',
        `${bareUrl}/hello`,
        {},
        {},
        connections,
      ),
    );
  }
  console.log(
    `  Time to first token (SSE), ${settings.ttftSamples} questions, model TTFT ${settings.modelTtftMs} ms`,
  );
  // The floor of any server between the client and the model: one more HTTP hop each way and
  // the model's stream parsed and written again, with nothing else.
  const bareTtft = await measureTtft(
    'Bare Fastify, SSE proxy to the model (POST /proxy)',
    modelUrl,
    `${bareUrl}/proxy`,
    {},
    (question) => ({ Message: question }),
    'What is a good name for a release train?',
    'You are a bare baseline.',
  );
  results.push({ database: '-', status: 'ok', ttft: [bareTtft], throughput: [] });
  for (const kind of settings.databases) {
    results.push(await benchDatabase(/** @type {'pglite' | 'postgres'} */ (kind), modelUrl));
  }

  const lines = ['', '## Time to first token on the SSE path (p50, ms)', ''];
  lines.push('| Database | Scenario | model alone | through the server | added | added, paired p50 / p95 |');
  lines.push('| --- | --- | --: | --: | --: | --: |');
  for (const result of results) {
    for (const row of result.ttft ?? []) {
      lines.push(
        `| ${result.database} | ${row.scenario} | ${row.modelP50.toFixed(2)} | ${row.serverP50.toFixed(2)} | ` +
          `**${row.addedP50.toFixed(2)}** | ${row.addedPairedP50.toFixed(2)} / ${row.addedPairedP95.toFixed(2)} |`,
      );
    }
  }
  lines.push('', '## Chat requests per second with an instant model', '');
  lines.push('| Database | Scenario | connections | req/s | p50 ms | p99 ms |');
  lines.push('| --- | --- | --: | --: | --: | --: |');
  const rows = [
    ...baselines.map((cell) => ({ database: '-', cell })),
    ...results.flatMap((result) =>
      (result.throughput ?? []).map((cell) => ({ database: result.database, cell })),
    ),
  ];
  for (const { database, cell } of rows) {
    lines.push(
      `| ${database} | ${cell.scenario} | ${cell.connections} | ${Math.round(cell.requestsPerSecond)} | ` +
        `${cell.latencyP50} | ${cell.latencyP99} |${cell.failures ? ` (${cell.failures} failed)` : ''}`,
    );
  }
  const table = lines.join('\n');
  console.log(table);
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: repoDir,
    encoding: 'utf8',
  }).stdout.trim();
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    JSON.stringify(
      {
        environment: {
          date: new Date().toISOString(),
          node: process.version,
          cpus: os.cpus().length,
          loadAverage: os.loadavg(),
          commit,
        },
        settings,
        baselines,
        results,
        table,
      },
      null,
      2,
    ),
  );
} finally {
  await runCleanups();
}

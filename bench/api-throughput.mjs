// API throughput: requests per second and p50/p99 latency of an authenticated call on the
// reference server (personal access token, then session cookie) against a bare Fastify route with
// and without one database query, on PGlite and on PostgreSQL, at several connection counts.
// See README.md for what is measured and how to read it.
//
// Environment:
//   BENCH_DURATION     seconds measured per cell (default 5)
//   BENCH_WARMUP       seconds of unmeasured load before each cell (default 1; 0 disables)
//   BENCH_CONNECTIONS  comma-separated connection counts (default 10,100)
//   BENCH_DATABASES    comma-separated subset of pglite,postgres (default both)
//   DATABASE_URL       PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test); a fresh
//                      schema is created in it and dropped at the end
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { signInWithBuiltinProvider } from './lib/oidc-session.mjs';
import { freePort, runNode, serverArgs, startServer } from './lib/processes.mjs';
import { formatTable } from './lib/report.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(benchDir, '..');
const serverDist = path.join(repoDir, 'apps', 'server', 'dist');
const serverMain = path.join(serverDist, 'main.js');
const serverCli = path.join(serverDist, 'cli.js');
const bareServer = path.join(benchDir, 'bare-server.mjs');
const resultsFile = path.join(benchDir, 'results', 'latest.json');

/** A demo account of the built-in identity provider (role STAFF: has session_validate). */
const ACCOUNT = { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' };

const SCENARIOS = {
  token: 'Server GET /api/auth, bearer token',
  cookie: 'Server GET /api/auth, session cookie',
  hello: 'Bare Fastify, hello JSON',
  query: 'Bare Fastify, one query',
};

/**
 * @param {string} name
 * @param {number} fallback
 * @param {{ allowZero?: boolean }} [options]
 */
function positiveNumber(name, fallback, { allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number (got "${raw}")`);
  }
  return value;
}

const settings = {
  durationSeconds: positiveNumber('BENCH_DURATION', 5),
  warmupSeconds: positiveNumber('BENCH_WARMUP', 1, { allowZero: true }),
  connections: (process.env.BENCH_CONNECTIONS || '10,100').split(',').map((value) => {
    const count = Number(value.trim());
    if (!Number.isInteger(count) || count < 1) throw new Error(`BENCH_CONNECTIONS: bad count "${value}"`);
    return count;
  }),
  databases: (process.env.BENCH_DATABASES || 'pglite,postgres').split(',').map((value) => {
    const name = value.trim();
    if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_DATABASES: unknown "${name}"`);
    return /** @type {'pglite' | 'postgres'} */ (name);
  }),
  databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};

/**
 * Cleanups still to run (servers, schema, temp folder), newest first, also on Ctrl-C.
 * @type {Array<() => Promise<void> | void>}
 */
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
/** @param {() => Promise<void> | void} cleanup */
function deferCleanup(cleanup) {
  cleanups.push(cleanup);
  return async () => {
    const index = cleanups.indexOf(cleanup);
    if (index !== -1) cleanups.splice(index, 1);
    await cleanup();
  };
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers and cleaning up...`);
    runCleanups().finally(() => process.exit(130));
  });
}

/**
 * The connection string without its password, for printing.
 * @param {string} url
 */
function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/**
 * `url` with a search_path startup option, so the server and the CLI live in `schema` only.
 * @param {string} url
 * @param {string} schema
 */
function withSchema(url, schema) {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.href;
}

/** @param {string} name */
function packageVersion(name) {
  try {
    const file = path.join(benchDir, 'node_modules', name, 'package.json');
    return JSON.parse(readFileSync(file, 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

function gitCommit() {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoDir, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : 'unknown';
}

/**
 * The server's environment: only what this run decides, nothing inherited that could redirect it.
 * @param {Record<string, string>} overrides
 * @returns {NodeJS.ProcessEnv}
 */
function serverEnvironment(overrides) {
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'PUBLIC_URL',
    'TRUST_PROXY',
    'DEFAULT_ROLE',
  ]) {
    delete env[name];
  }
  return { ...env, LOG_LEVEL: 'silent', WEB_DIST: 'none', ...overrides };
}

/** @param {string} url @param {Record<string, string>} headers */
async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * Fails unless GET /api/auth with these headers answers the benchmark user.
 * @param {string} baseUrl
 * @param {Record<string, string>} headers
 * @param {string} how
 */
async function expectAuthenticatedUser(baseUrl, headers, how) {
  const body = await getJson(`${baseUrl}/api/auth`, headers);
  if (body?.user?.email !== ACCOUNT.email || !body.features?.includes('session_validate')) {
    throw new Error(`GET /api/auth with ${how} answered an unexpected body: ${JSON.stringify(body)}`);
  }
}

/**
 * Loads one endpoint: a warm-up (discarded), then the measured run.
 * @param {string} scenario
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} connections
 * @returns {Promise<import('./lib/report.mjs').Cell & { raw: object }>}
 */
async function measure(scenario, url, headers, connections) {
  const common = { url, headers, connections, timeout: 10 };
  if (settings.warmupSeconds > 0) await autocannon({ ...common, duration: settings.warmupSeconds });
  const result = await autocannon({ ...common, duration: settings.durationSeconds });
  const cell = {
    scenario,
    connections,
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    raw: {
      requests: result.requests,
      latency: result.latency,
      throughput: result.throughput,
      '2xx': result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      duration: result.duration,
    },
  };
  console.log(
    `  ${scenario.padEnd(38)} ${String(connections).padStart(4)} conn  ` +
      `${Math.round(cell.requestsPerSecond).toString().padStart(6)} req/s  ` +
      `p50 ${cell.latencyP50} ms  p99 ${cell.latencyP99} ms` +
      (cell.non2xx || cell.errors || cell.timeouts
        ? `  (${cell.non2xx} non-2xx, ${cell.errors} errors, ${cell.timeouts} timeouts)`
        : ''),
  );
  return cell;
}

/** Opens a fresh schema on PostgreSQL; throws a readable error when the server is unreachable. */
async function createSchema() {
  const admin = new pg.Client({ connectionString: settings.databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `cannot connect to ${redact(settings.databaseUrl)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const version = (await admin.query('SHOW server_version')).rows[0].server_version;
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const drop = async () => {
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await client.end();
    }
  };
  return { schema, version, drop };
}

/**
 * Runs every scenario on one database.
 * @param {'pglite' | 'postgres'} kind
 * @returns {Promise<import('./lib/report.mjs').DatabaseResult>}
 */
async function benchDatabase(kind) {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  /** @type {import('./lib/report.mjs').DatabaseResult} */
  const result = { database: kind, label, status: 'ok', cells: [] };
  console.log(`\n${label}`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'da-bench-'));
  const removeDataDir = deferCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  /** @type {(() => Promise<void>) | undefined} */
  let dropSchema;
  let databaseUrl;
  try {
    if (kind === 'postgres') {
      let created;
      try {
        created = await createSchema();
      } catch (error) {
        const note = error instanceof Error ? error.message : String(error);
        console.log(`  skipped: ${note}`);
        return { ...result, status: 'skipped', note };
      }
      dropSchema = deferCleanup(created.drop);
      databaseUrl = withSchema(settings.databaseUrl, created.schema);
      result.note = `PostgreSQL ${created.version}, schema ${created.schema} (dropped at the end)`;
      console.log(`  ${result.note}`);
    } else {
      result.note = `PGlite ${packageVersion('@electric-sql/pglite')} in ${dataDir}`;
      console.log(`  ${result.note}`);
    }

    // The user and the token through the admin CLI, the way an operator would (the CLI holds the
    // PGlite lock, so it runs before the server starts).
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = serverEnvironment({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    // With the built-in identity provider the CLI seeds the demo accounts itself; add it otherwise.
    const list = await runNode([serverCli, 'user', 'list'], env);
    if (list.code !== 0) throw new Error(`admin CLI user list failed: ${list.stderr || list.stdout}`);
    if (!list.stdout.split('\n').some((line) => line.split('\t')[0] === ACCOUNT.email)) {
      const add = await runNode([serverCli, 'user', 'add', ACCOUNT.email, ACCOUNT.name, ACCOUNT.role], env);
      if (add.code !== 0) throw new Error(`admin CLI user add failed: ${add.stderr || add.stdout}`);
    }
    const mint = await runNode([serverCli, 'token', ACCOUNT.email, '--name', 'bench', '--days', '1'], env);
    const token = mint.stdout.trim();
    if (mint.code !== 0 || !token) throw new Error(`admin CLI token failed: ${mint.stderr || mint.stdout}`);

    // 1 and 2: the reference server.
    const server = await startServer({
      name: 'reference server',
      args: serverArgs(serverMain),
      env,
      readyUrl: `${baseUrl}/api/ping`,
    });
    const stopServer = deferCleanup(server.stop);
    try {
      const session = await signInWithBuiltinProvider(baseUrl, ACCOUNT.email);
      const tokenHeaders = { authorization: `Bearer ${token}` };
      const cookieHeaders = { cookie: `da_session=${session.sessionId}` };
      await expectAuthenticatedUser(baseUrl, tokenHeaders, 'the personal access token');
      await expectAuthenticatedUser(baseUrl, cookieHeaders, 'the session cookie');
      /** @type {Array<[string, Record<string, string>]>} */
      const calls = [
        [SCENARIOS.token, tokenHeaders],
        [SCENARIOS.cookie, cookieHeaders],
      ];
      for (const [scenario, headers] of calls) {
        for (const connections of settings.connections) {
          result.cells.push(await measure(scenario, `${baseUrl}/api/auth`, headers, connections));
        }
      }
    } finally {
      await stopServer();
    }

    // 3 and 4: the bare Fastify baseline on the same database (PGlite: the same folder, now free).
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const bare = await startServer({
      name: 'bare Fastify server',
      args: [bareServer],
      env: {
        ...serverEnvironment({}),
        PORT: String(barePort),
        BARE_DATABASE: kind,
        BENCH_EMAIL: ACCOUNT.email,
        ...(kind === 'pglite' ? { PGLITE_DIR: path.join(dataDir, 'pglite') } : { DATABASE_URL: databaseUrl }),
      },
      readyUrl: `${bareUrl}/hello`,
    });
    const stopBare = deferCleanup(bare.stop);
    try {
      const row = await getJson(`${bareUrl}/user`);
      if (row.email !== ACCOUNT.email || row.role !== ACCOUNT.role) {
        throw new Error(`GET /user answered an unexpected body: ${JSON.stringify(row)}`);
      }
      for (const connections of settings.connections) {
        result.cells.push(await measure(SCENARIOS.hello, `${bareUrl}/hello`, {}, connections));
      }
      for (const connections of settings.connections) {
        result.cells.push(await measure(SCENARIOS.query, `${bareUrl}/user`, {}, connections));
      }
    } finally {
      await stopBare();
    }
  } catch (error) {
    const note = error instanceof Error ? error.message.trim() : String(error);
    console.error(`  failed: ${note}`);
    return { ...result, status: 'failed', note };
  } finally {
    if (dropSchema) await dropSchema();
    await removeDataDir();
  }
  return result;
}

async function main() {
  if (!existsSync(serverMain) || !existsSync(serverCli)) {
    console.error(
      `The built server is missing (${path.relative(repoDir, serverDist)}). Build it first:\n` +
        '  pnpm --filter @digital-assistant/server run build',
    );
    process.exit(1);
  }
  const cpus = os.cpus();
  /** @type {Record<string, unknown> & { loadAverageBefore: number[], loadAverageAfter?: number[] }} */
  const environment = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpuCount: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverageBefore: os.loadavg().map((value) => Math.round(value * 100) / 100),
    commit: gitCommit(),
    serverBuiltAt: statSync(serverMain).mtime.toISOString(),
    versions: {
      autocannon: packageVersion('autocannon'),
      fastify: packageVersion('fastify'),
      pg: packageVersion('pg'),
      pglite: packageVersion('@electric-sql/pglite'),
    },
  };
  console.log('API throughput benchmark');
  console.log(
    `  node ${environment.node}, ${environment.cpuCount} CPUs (${environment.cpuModel}), ` +
      `${environment.memoryGiB} GiB, ${environment.platform}`,
  );
  console.log(
    `  load average before: ${environment.loadAverageBefore.join(' ')}; commit ${environment.commit}; ` +
      `server built ${environment.serverBuiltAt}`,
  );
  console.log(
    `  ${settings.durationSeconds} s per cell after ${settings.warmupSeconds} s warm-up; ` +
      `connections ${settings.connections.join(', ')}; databases ${settings.databases.join(', ')}` +
      (settings.databases.includes('postgres') ? ` (PostgreSQL at ${redact(settings.databaseUrl)})` : ''),
  );

  const started = Date.now();
  const databases = [];
  for (const kind of settings.databases) databases.push(await benchDatabase(kind));
  environment.loadAverageAfter = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const elapsedSeconds = Math.round((Date.now() - started) / 1000);

  const table = formatTable(databases, settings.connections, Object.values(SCENARIOS));
  console.log(`\n${table}\n`);
  console.log(
    `node ${environment.node}, ${environment.cpuCount} CPUs; load average after: ` +
      `${environment.loadAverageAfter.join(' ')}; ${elapsedSeconds} s in all`,
  );

  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        environment,
        settings: { ...settings, databaseUrl: redact(settings.databaseUrl) },
        elapsedSeconds,
        databases,
        table,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Results written to ${path.relative(process.cwd(), resultsFile) || resultsFile}`);
  if (databases.some((database) => database.status === 'failed')) process.exitCode = 1;
}

try {
  await main();
} finally {
  await runCleanups();
}

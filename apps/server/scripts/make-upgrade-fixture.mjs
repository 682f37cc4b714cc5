// Makes the upgrade fixture of a release: the PGlite data folder that release's own server wrote
// through its real API, for src/platform/db/upgrade.test.ts to open with the current server.
//
//   git worktree add /tmp/release-<commit> <commit>
//   (cd /tmp/release-<commit> && pnpm install --frozen-lockfile && pnpm --filter @digital-assistant/server run build)
//   pnpm exec node scripts/make-upgrade-fixture.mjs /tmp/release-<commit>/apps/server test-fixtures/upgrade/<commit>
//
// Runs the release's dist/ (cli.js, main.js, llm-standin.js) with a fresh DATA_DIR: tokens from its
// admin CLI, then as the demo users: a role group and users, AI conversations answered by the LLM
// stand-in, a training document ingested, a code review finished and downloaded. Writes
// pglite.tar.gz (the data folder, blobs included: they live in the database) and manifest.json
// (tokens, ids and the sha256 of what the API served, for the test to compare).
//
// With FIXTURE_DATABASE_URL (a PostgreSQL database) it makes the PostgreSQL fixture instead: the
// release runs in the schema upgrade_fixture of that database, dumped with pg_dump as INSERTs to
// postgres.sql.gz, with postgres-manifest.json; the schema is dropped after.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';

const [serverDir, outDir] = process.argv.slice(2).map((value) => path.resolve(value));
if (!serverDir || !outDir) {
  console.error('Usage: node scripts/make-upgrade-fixture.mjs RELEASE_SERVER_DIR OUT_DIR');
  process.exit(2);
}
const release = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: serverDir,
  encoding: 'utf8',
}).trim();
const dataDir = mkdtempSync(path.join(tmpdir(), 'da-upgrade-fixture-'));
const postgresUrl = process.env.FIXTURE_DATABASE_URL;
const schema = 'upgrade_fixture';
const baseEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(postgresUrl
    ? {
        DATABASE_URL: `${postgresUrl}${postgresUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      }
    : {}),
};
const psql = (sql) =>
  execFileSync('psql', [postgresUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], {
    env: { ...process.env, PGOPTIONS: '--client-min-messages=warning' },
  });
if (postgresUrl) psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function cli(...args) {
  return execFileSync(process.execPath, ['dist/cli.js', ...args], {
    cwd: serverDir,
    env: baseEnv,
    encoding: 'utf8',
  }).trim();
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node dist/<entry>`; resolves once `ready(output)` is truthy (at once without `ready`). */
function start(entry, args, env, ready) {
  const child = spawn(process.execPath, [`dist/${entry}`, ...args], { cwd: serverDir, env });
  let output = '';
  return new Promise((resolve, reject) => {
    if (!ready) resolve({ child });
    const onData = (chunk) => {
      output += chunk;
      const value = ready?.(output);
      if (value) resolve({ child, value });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code) =>
      reject(new Error(`${entry} exited (${code}) before it was ready:\n${output}`)),
    );
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function until(what, check, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// The demo accounts exist once the CLI has opened the folder (built-in identity provider).
const tokens = {
  admin: cli('token', 'admin@example.com', '--name', 'upgrade fixture admin', '--days', '365'),
  staff: cli('token', 'staff@example.com', '--name', 'upgrade fixture staff', '--days', '365'),
};
const revoked = cli('token', 'pga@example.com', '--name', 'upgrade fixture revoked', '--days', '365');

// Size only, not content: the release's own PGlite removes spent WAL segments instead of recycling
// them (a recycled segment keeps old bytes that do not compress: 14 MB of fixture instead of ~7).
// Reset at the end, so the folder's configuration is the release's.
const releaseRequire = createRequire(path.join(serverDir, 'package.json'));
const { PGlite } = await import(pathToFileURL(releaseRequire.resolve('@electric-sql/pglite')).href);
async function withReleasePglite(statements) {
  if (postgresUrl) return;
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  for (const statement of statements) await db.query(statement);
  await db.close();
}
await withReleasePglite([
  'ALTER SYSTEM SET wal_recycle = off',
  "ALTER SYSTEM SET min_wal_size = '32MB'",
  "ALTER SYSTEM SET max_wal_size = '32MB'",
]);

const standin = await start(
  'llm-standin.js',
  [],
  baseEnv,
  (output) => output.match(/listening on (\S+)/)?.[1],
);
const port = await freePort();
const server = await start(
  'main.js',
  [],
  { ...baseEnv, PORT: String(port), HOST: '127.0.0.1', LLM_BASE_URL: standin.value, LLM_MODEL: 'standin' },
  null,
);
const url = `http://127.0.0.1:${port}`;
await until('the server', () =>
  fetch(`${url}/api/ping`).then(
    (response) => response.ok,
    () => false,
  ),
);

async function api(token, method, route, body) {
  const headers = { authorization: `Bearer ${token}` };
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${url}${route}`, { method, headers, body: payload });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response;
}
const json = async (...args) => (await api(...args)).json();

try {
  // Administration: a role group, users in it and in the seeded groups, a revoked token.
  await json(tokens.admin, 'POST', '/api/roles/create', {
    role: 'REVIEWERS',
    feature_names: ['landing', 'index', 'chat', 'chatgpt', 'code_enhancement_upload', 'token_creator'],
  });
  await json(tokens.admin, 'POST', '/api/users/create', {
    email: 'rita.reviewer@example.com',
    name: 'Rita Reviewer',
    role: 'REVIEWERS',
  });
  await json(tokens.admin, 'POST', '/api/users/create', {
    email: 'olaf.old@example.com',
    name: 'Olaf Ölund',
    role: 'STAFF',
  });
  const pgaTokens = await json(revoked, 'GET', '/api/users/tokens');
  await api(revoked, 'POST', '/api/users/tokens/revoke', { id: pgaTokens.tokens[0].id });

  // Conversations: two for staff (one of two questions), one for the administrator.
  const ask = (token, Message, ConversationId) =>
    json(token, 'POST', '/api/chat/gpt', { Message, ...(ConversationId ? { ConversationId } : {}) });
  const first = await ask(tokens.staff, 'How do I book a meeting room?');
  await ask(tokens.staff, 'And for ten people?', first.ConversationId);
  const second = await ask(tokens.staff, 'Summarise the travel policy in one line.');
  const third = await ask(tokens.admin, 'What changed in the last release?');
  const conversations = {
    'staff@example.com': [first.ConversationId, second.ConversationId],
    'admin@example.com': [third.ConversationId],
  };

  // A training document, ingested.
  const documentText = '# Parking\n\nVisitors park on level two of the north garage; badges at the desk.\n';
  const form = new FormData();
  form.append('files[]', new Blob([documentText]), 'parking.md');
  await api(tokens.admin, 'POST', '/api/file/success', form);
  const document = await until('the document to be Ready', async () => {
    const listed = await json(tokens.admin, 'GET', '/api/knowledge/documents');
    const found = listed.documents.find((item) => item.document === 'parking.md');
    return found?.status === 'Ready' ? found : undefined;
  });
  const documentFile = Buffer.from(
    await (await api(tokens.admin, 'GET', `/api/knowledge/documents/file?id=${document.id}`)).arrayBuffer(),
  );

  // A code review, finished, and its download.
  const zip = zipSync({
    'tool/__init__.py': new TextEncoder().encode(''),
    'tool/prices.py': new TextEncoder().encode(
      'def total(items):\n    s = 0\n    for i in items:\n        s = s + i["price"]\n    return s\n',
    ),
    'README.txt': new TextEncoder().encode('Carried through untouched.\n'),
  });
  const reviewForm = new FormData();
  reviewForm.append('files', new Blob([zip], { type: 'application/zip' }), 'tool.zip');
  const uploaded = await json(tokens.staff, 'POST', '/api/file/code_analysis', reviewForm);
  await until('the review to succeed', async () => {
    const listed = await json(tokens.staff, 'POST', '/api/file/files', {});
    const status = listed.files.find((file) => file.fileId === uploaded.fileId)?.status;
    if (status && status !== 'pending' && status !== 'success') throw new Error(`review ${status}`);
    return status === 'success';
  });
  const download = Buffer.from(
    await (await api(tokens.staff, 'POST', '/api/file/download', { fileId: uploaded.fileId })).arrayBuffer(),
  );

  mkdirSync(outDir, { recursive: true });
  const manifest = {
    release,
    madeAt: new Date().toISOString(),
    tokens,
    revokedToken: revoked,
    conversations,
    document: { id: document.id, name: 'parking.md', sha256: sha256(documentFile), text: documentText },
    review: { fileId: uploaded.fileId, filename: 'tool.zip', downloadSha256: sha256(download) },
  };
  writeFileSync(
    path.join(outDir, postgresUrl ? 'postgres-manifest.json' : 'manifest.json'),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
} finally {
  await stop(server.child);
  await stop(standin.child);
}

await withReleasePglite(['ALTER SYSTEM RESET ALL', 'CHECKPOINT']);
const archive = path.join(outDir, postgresUrl ? 'postgres.sql.gz' : 'pglite.tar.gz');
if (postgresUrl) {
  execFileSync('sh', [
    '-c',
    'pg_dump --schema="$0" --inserts --no-owner --no-privileges "$1" | gzip -9 > "$2"',
    schema,
    postgresUrl,
    archive,
  ]);
  psql(`DROP SCHEMA ${schema} CASCADE`);
} else {
  execFileSync('sh', ['-c', 'tar -cf - -C "$0" pglite | gzip -9 > "$1"', dataDir, archive]);
}
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `Fixture of ${release} in ${outDir} (${path.basename(archive)} ${(statSync(archive).size / 1024).toFixed(0)} KiB)`,
);

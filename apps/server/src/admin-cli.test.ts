import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './admin-cli.js';
import { buildApp } from './app.js';
import { openPostgres } from './platform/db/db.js';
import { testConfig } from './test/harness.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function cli(args: string[], env: NodeJS.ProcessEnv) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(args, {
    env,
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** The CLI as a separate process (tsx runs the TypeScript source), as `pnpm admin` runs it. */
function cliProcess(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: packageDir,
      env: { PATH: process.env.PATH, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('admin command line on a PGlite data folder', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'da-cli-'));
    env = { DATA_DIR: dataDir };
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adds a user to an existing role group and lists it', async () => {
    const added = await cli(['user', 'add', 'New.Person@Example.com', 'New Person', 'STAFF'], env);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toContain('new.person@example.com');
    const list = await cli(['user', 'list'], env);
    expect(list.stdout).toContain('new.person@example.com\tSTAFF\tNew Person');
  });

  it('refuses a role group that does not exist, saying so', async () => {
    const result = await cli(['user', 'add', 'x@example.com', 'X', 'NOPE'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("Role group 'NOPE' does not exist.");
  });

  it('refuses a duplicate user and bad arguments', async () => {
    await cli(['user', 'add', 'dup@example.com', 'Dup', 'STAFF'], env);
    expect((await cli(['user', 'add', 'DUP@example.com', 'Dup', 'STAFF'], env)).stderr).toContain(
      'already exists',
    );
    expect((await cli(['user', 'add', 'only-email@example.com'], env)).code).toBe(2);
    expect((await cli(['frobnicate'], env)).code).toBe(2);
  });

  it('imports many users at once from the format user list prints', async () => {
    const file = path.join(dataDir, 'users.tsv');
    const lines = Array.from(
      { length: 60 },
      (_, i) => `bulk${i}@Example.com\t${i % 2 ? 'PGA' : 'STAFF'}\tBulk User ${i}`,
    );
    writeFileSync(file, `# e-mail, role, name\n${lines.join('\n')}\n\n`);
    const imported = await cli(['user', 'import', file], env);
    expect(imported).toMatchObject({ code: 0, stderr: '', stdout: 'Added 60 users.' });
    const list = (await cli(['user', 'list'], env)).stdout.split('\n');
    expect(list).toHaveLength(63);
    expect(list).toContain('bulk7@example.com\tPGA\tBulk User 7');

    // The listing imports back into another installation as it is.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'da-cli-'));
    try {
      const exported = path.join(otherDir, 'export.tsv');
      writeFileSync(exported, list.filter((line) => line.startsWith('bulk')).join('\n'));
      expect((await cli(['user', 'import', exported], { DATA_DIR: otherDir })).stdout).toBe(
        'Added 60 users.',
      );
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('imports nobody when one line is wrong, naming the line', async () => {
    const file = path.join(dataDir, 'users.tsv');
    writeFileSync(file, 'ok1@example.com\tSTAFF\tOk One\nok2@example.com\tNOPE\tOk Two\n');
    const missingRole = await cli(['user', 'import', file], env);
    expect(missingRole.code).toBe(1);
    expect(missingRole.stderr).toBe(`${file}:2: Role group 'NOPE' does not exist. Nobody was added.`);
    writeFileSync(file, 'ok1@example.com\tSTAFF\tOk One\nnot an e-mail line\n');
    const malformed = await cli(['user', 'import', file], env);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain(`${file}:2: expected EMAIL<tab>ROLE<tab>NAME`);
    expect((await cli(['user', 'list'], env)).stdout).not.toContain('ok1@example.com');
    expect((await cli(['user', 'import', path.join(dataDir, 'missing.tsv')], env)).code).toBe(1);
  });

  it('prints only a token that then works as Bearer with the user’s permissions', async () => {
    await cli(['user', 'add', 'robot@example.com', 'Robot', 'CORE_ADMINS'], env);
    const result = await cli(['token', 'robot@example.com', '--name', 'ci', '--days', '7'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^da_pat_[\w-]{43}$/);

    const app = await buildApp({ config: testConfig({ dataDir }) });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth',
        headers: { authorization: `Bearer ${result.stdout}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: 'robot@example.com', role: 'CORE_ADMINS' });
    } finally {
      await app.close();
    }
  });

  it('knows the demo accounts of the built-in provider before the server ever ran', async () => {
    const list = await cli(['user', 'list'], env);
    expect(list.stdout.split('\n')).toEqual([
      'admin@example.com\tCORE_ADMINS\tAda Admin',
      'pga@example.com\tPGA\tPat Pga',
      'staff@example.com\tSTAFF\tSam Staff',
    ]);
  });

  it('refuses a token for an unknown user', async () => {
    const result = await cli(['token', 'ghost@example.com'], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('No user with the e-mail ghost@example.com');
  });

  it('refuses to touch the data folder while a running server holds it, and works once it stops', async () => {
    const app = await buildApp({ config: testConfig({ dataDir }) });
    let locked: Awaited<ReturnType<typeof cliProcess>>;
    try {
      locked = await cliProcess(['user', 'list'], env);
    } finally {
      await app.close();
    }
    expect(locked.code).toBe(3);
    expect(locked.stdout).toBe('');
    expect(locked.stderr).toContain(`in use by another process (pid ${process.pid}`);
    expect(locked.stderr).toContain('stop the server first');

    const token = await cliProcess(['token', 'admin@example.com'], env);
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(/^da_pat_[\w-]{43}\n$/);
  }, 180_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('admin command line on PostgreSQL', () => {
  it('works while a server uses the same database', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `test_cli_${process.pid}`;
    const admin = await openPostgres(url, { max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const app = await buildApp({ config: testConfig({ databaseUrl }) });
    try {
      const added = await cli(['user', 'add', 'pg.user@example.com', 'Pg User', 'PGA'], {
        DATABASE_URL: databaseUrl,
      });
      expect(added.code).toBe(0);
      const token = await cli(['token', 'pg.user@example.com'], { DATABASE_URL: databaseUrl });
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth',
        headers: { authorization: `Bearer ${token.stdout}` },
      });
      expect(response.json().user).toMatchObject({ email: 'pg.user@example.com', role: 'PGA' });
    } finally {
      await app.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });
});

// `pnpm admin backup FILE` and `restore FILE` of the embedded database: a round trip through the real
// server over HTTP (users, a token, a training document with its stored file and its index all
// come back and are found by the knowledge chat; what was written after the backup is gone), and refusals while a server holds the folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../admin-cli.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/harness.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'da-backup-'));
const env = { DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function cli(args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(args, {
    env,
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** The CLI in a process of its own, as `pnpm admin` runs it (the lock is per process). */
function cliProcess(args: string[]) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: packageDir,
      env: { PATH: process.env.PATH, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** The real server on the data folder, listening, for `work`; closed after. */
async function withServer(work: (url: string) => Promise<void>): Promise<void> {
  const app = await buildApp({ config: testConfig({ dataDir }) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    await work(`http://127.0.0.1:${typeof address === 'object' ? address?.port : 0}`);
  } finally {
    await app.close();
  }
}

interface Listed {
  documents: Array<{ id: string; document: string; status: string }>;
}

describe('backup and restore of the PGlite data folder', () => {
  it('brings back users, tokens, documents with their files and index, and nothing written after', async () => {
    expect((await cli(['user', 'add', 'kept@example.com', 'Kept Person', 'STAFF'])).code).toBe(0);
    const token = (await cli(['token', 'admin@example.com', '--name', 'backup test'])).stdout.trim();
    const auth = { authorization: `Bearer ${token}` };
    const text = '# Parking\n\nVisitors park on level two of the north garage.\n';
    let documentId = '';
    await withServer(async (url) => {
      const form = new FormData();
      form.append('files[]', new Blob([text]), 'parking.md');
      expect(
        (await fetch(`${url}/api/file/success`, { method: 'POST', body: form, headers: auth })).status,
      ).toBe(200);
      await expect
        .poll(
          async () =>
            ((await (await fetch(`${url}/api/knowledge/documents`, { headers: auth })).json()) as Listed)
              .documents[0]?.status,
          { timeout: 60_000 },
        )
        .toBe('Ready');
      const listed = (await (
        await fetch(`${url}/api/knowledge/documents`, { headers: auth })
      ).json()) as Listed;
      documentId = listed.documents[0]!.id;
      // A server holds the folder: both commands refuse, saying so, and change nothing.
      const refused = await cliProcess(['backup', path.join(dataDir, 'refused.tar.gz')]);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain('is in use by another process');
      expect(refused.stderr).toContain('A backup needs the server stopped.');
      expect(existsSync(path.join(dataDir, 'refused.tar.gz'))).toBe(false);
    });

    const file = path.join(dataDir, 'backup.tar.gz');
    const backup = await cli(['backup', file]);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(/^Backed up .* to .*backup\.tar\.gz \(\d+\.\d MB\)\.$/);
    expect((await cli(['backup', file])).code).toBe(1);

    // Written after the backup: gone once it is restored.
    expect((await cli(['user', 'add', 'later@example.com', 'Later Person', 'STAFF'])).code).toBe(0);

    const restored = await cli(['restore', file]);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain('The previous database is kept in');
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(1);

    const users = (await cli(['user', 'list'])).stdout;
    expect(users).toContain('kept@example.com\tSTAFF\tKept Person');
    expect(users).not.toContain('later@example.com');
    await withServer(async (url) => {
      expect((await fetch(`${url}/api/auth`, { headers: auth })).status).toBe(200);
      const listed = (await (
        await fetch(`${url}/api/knowledge/documents`, { headers: auth })
      ).json()) as Listed;
      expect(listed.documents.map(({ id, document, status }) => ({ id, document, status }))).toEqual([
        { id: documentId, document: 'parking.md', status: 'Ready' },
      ]);
      const original = await fetch(`${url}/api/knowledge/documents/file?id=${documentId}`, { headers: auth });
      expect(await original.text()).toBe(text);
      // The chunks and their full-text index came back: the knowledge chat finds the passage.
      const asked = await fetch(`${url}/api/chat`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Where do visitors park?' }),
      });
      expect(asked.status).toBe(200);
      const answer = JSON.stringify(await asked.json());
      expect(answer).toContain('north garage');
      expect(answer).toContain('parking.md');
    });
  }, 300_000);

  it('refuses a file that is not a backup, changing nothing, and PostgreSQL (pg_dump is its tool)', async () => {
    const notBackup = path.join(dataDir, 'not-a-backup.tar.gz');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(notBackup, 'hello');
    const before = readdirSync(dataDir).sort();
    const result = await cli(['restore', notBackup]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a backup made by `pnpm admin backup`');
    expect(readdirSync(dataDir).sort()).toEqual(before);
    const stdout: string[] = [];
    const stderr: string[] = [];
    const postgres = await runCli(['backup', 'x.dump'], {
      env: { DATABASE_URL: 'postgres://db.example.com/app' },
      stdout: (line) => stdout.push(line),
      stderr: (line) => stderr.push(line),
    });
    expect(postgres).toBe(2);
    expect(stderr.join('\n')).toContain('pg_dump --format=custom');
  });
});

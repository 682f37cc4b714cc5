// `pnpm admin backup FILE` and `restore FILE` of the embedded database: a round trip through the real
// server over HTTP (users, a token, a training document with its stored file and its index all
// come back and are found by the knowledge chat; what was written after the backup is gone), and refusals while a server holds the folder.
// Then everything a deployment holds, restored into a fresh folder (another machine): users, role
// groups, tokens (a revoked one stays revoked), conversations, documents with their files, code
// reviews with their downloads, each served as it was before.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../admin-cli.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'da-backup-'));
const env = { DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function cli(args: string[], environment: Record<string, string> = env) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(args, {
    env: environment,
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
async function withServer(
  work: (url: string) => Promise<void>,
  options: { folder?: string; standin?: LlmStandin } = {},
): Promise<void> {
  const base = testConfig();
  const app = await buildApp({
    config: testConfig({
      dataDir: options.folder ?? dataDir,
      ...(options.standin
        ? { llm: { ...base.llm, baseUrl: options.standin.url, model: 'standin', maxRetries: 0 } }
        : {}),
    }),
  });
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

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

/** What the server answers about everything a deployment holds, as its users see it. */
async function everything(url: string, tokens: { admin: string; staff: string; revoked: string }) {
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = async (token: string, route: string) => {
    const response = await fetch(`${url}${route}`, { headers: as(token) });
    expect(response.status, route).toBe(200);
    return response;
  };
  const post = async (token: string, route: string, body: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { ...as(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, route).toBe(200);
    return response;
  };
  const history = (await (await post(tokens.staff, '/api/chat/getHistory', {})).json()) as {
    History: Array<{ ConversationId: string }>;
  };
  const documents = (await (await get(tokens.admin, '/api/knowledge/documents')).json()) as {
    documents: Array<{ id: string }>;
  };
  const reviews = (await (await post(tokens.staff, '/api/file/files', {})).json()) as {
    files: Array<{ fileId: string }>;
  };
  // Used tokens are stamped (last_used_at) when used, so the list is compared without that stamp.
  const tokenList = (await (await get(tokens.staff, '/api/users/tokens')).json()) as {
    tokens: Array<Record<string, unknown>>;
  };
  return {
    whoAmI: {
      admin: await (await get(tokens.admin, '/api/auth')).json(),
      staff: await (await get(tokens.staff, '/api/auth')).json(),
      revoked: (await fetch(`${url}/api/auth`, { headers: as(tokens.revoked) })).status,
    },
    users: await (await post(tokens.admin, '/api/users', { email: '*' })).json(),
    roleGroup: await (await post(tokens.admin, '/api/roles/view', { role: 'REVIEWERS' })).json(),
    tokens: tokenList.tokens.map(({ last_used_at: _lastUsed, ...token }) => token),
    history,
    conversations: await Promise.all(
      history.History.map(async ({ ConversationId }) =>
        (await post(tokens.staff, '/api/chat/getConversation', { ConversationId })).json(),
      ),
    ),
    documents,
    documentFiles: await Promise.all(
      documents.documents.map(async ({ id }) =>
        sha256(await (await get(tokens.admin, `/api/knowledge/documents/file?id=${id}`)).arrayBuffer()),
      ),
    ),
    reviews,
    reviewDownloads: await Promise.all(
      reviews.files.map(async ({ fileId }) =>
        sha256(await (await post(tokens.staff, '/api/file/download', { fileId })).arrayBuffer()),
      ),
    ),
  };
}

describe('a backup restored into a fresh folder', () => {
  let standin: LlmStandin | undefined;
  const source = mkdtempSync(path.join(tmpdir(), 'da-backup-source-'));
  const fresh = mkdtempSync(path.join(tmpdir(), 'da-backup-fresh-'));
  afterAll(async () => {
    await standin?.close();
    rmSync(source, { recursive: true, force: true });
    rmSync(fresh, { recursive: true, force: true });
  });

  it('brings back users, role groups, tokens, conversations, documents with their files and reviews with their downloads', async () => {
    standin = await startLlmStandin();
    const sourceEnv = { DATA_DIR: source };
    const tokens = {
      admin: (await cli(['token', 'admin@example.com'], sourceEnv)).stdout.trim(),
      staff: (await cli(['token', 'staff@example.com'], sourceEnv)).stdout.trim(),
      revoked: (await cli(['token', 'staff@example.com', '--name', 'to revoke'], sourceEnv)).stdout.trim(),
    };
    let before: Awaited<ReturnType<typeof everything>> | undefined;
    await withServer(
      async (url) => {
        const send = async (token: string, route: string, body: unknown) => {
          const isForm = body instanceof FormData;
          const response = await fetch(`${url}${route}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              ...(isForm ? {} : { 'content-type': 'application/json' }),
            },
            body: isForm ? body : JSON.stringify(body),
          });
          expect(response.status, `${route}: ${response.status}`).toBe(200);
          return response.json() as Promise<Record<string, unknown>>;
        };
        await send(tokens.admin, '/api/roles/create', {
          role: 'REVIEWERS',
          feature_names: ['landing', 'index', 'chat', 'chatgpt', 'code_enhancement_upload'],
        });
        await send(tokens.admin, '/api/users/create', {
          email: 'rita.reviewer@example.com',
          name: 'Rita Reviewer',
          role: 'REVIEWERS',
        });
        const listed = (await (
          await fetch(`${url}/api/users/tokens`, { headers: { authorization: `Bearer ${tokens.revoked}` } })
        ).json()) as { tokens: Array<{ id: string; name: string }> };
        await send(tokens.staff, '/api/users/tokens/revoke', {
          id: listed.tokens.find((token) => token.name === 'to revoke')!.id,
        });

        const first = await send(tokens.staff, '/api/chat/gpt', { Message: 'How do I book a meeting room?' });
        await send(tokens.staff, '/api/chat/gpt', {
          Message: 'And for ten people?',
          ConversationId: first.ConversationId,
        });
        await send(tokens.staff, '/api/chat/gpt', { Message: 'Summarise the travel policy in one line.' });

        const form = new FormData();
        form.append(
          'files[]',
          new Blob(['# Parking\n\nVisitors park on level two of the north garage.\n']),
          'parking.md',
        );
        await send(tokens.admin, '/api/file/success', form);
        const zip = zipSync({
          'tool/prices.py': new TextEncoder().encode(
            'def total(items):\n    s = 0\n    for i in items:\n        s = s + i["price"]\n    return s\n',
          ),
          'README.txt': new TextEncoder().encode('Carried through untouched.\n'),
        });
        const reviewForm = new FormData();
        reviewForm.append('files', new Blob([zip], { type: 'application/zip' }), 'tool.zip');
        const review = await send(tokens.staff, '/api/file/code_analysis', reviewForm);
        await expect
          .poll(
            async () => {
              const documents = (await (
                await fetch(`${url}/api/knowledge/documents`, {
                  headers: { authorization: `Bearer ${tokens.admin}` },
                })
              ).json()) as { documents: Array<{ status: string }> };
              const reviews = (await send(tokens.staff, '/api/file/files', {})) as {
                files: Array<{ fileId: string; status: string }>;
              };
              return [
                documents.documents[0]?.status,
                reviews.files.find((file) => file.fileId === review.fileId)?.status,
              ];
            },
            { timeout: 120_000, interval: 500 },
          )
          .toEqual(['Ready', 'success']);
        before = await everything(url, tokens);
      },
      { folder: source, standin },
    );

    // What was made is there to compare: a round trip of nothing would prove nothing.
    expect(before!.whoAmI.revoked).toBe(401);
    expect(JSON.stringify(before!.users)).toContain('rita.reviewer@example.com');
    expect(JSON.stringify(before!.roleGroup)).toContain('code_enhancement_upload');
    expect(before!.history.History).toHaveLength(2);
    expect(before!.documentFiles).toHaveLength(1);
    expect(before!.reviewDownloads).toHaveLength(1);

    const file = path.join(source, 'everything.tar.gz');
    expect((await cli(['backup', file], sourceEnv)).code).toBe(0);
    const restored = await cli(['restore', file], { DATA_DIR: fresh });
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    // Nothing was there to keep aside.
    expect(restored.stdout).not.toContain('The previous database is kept in');

    await withServer(
      async (url) => {
        expect(await everything(url, tokens)).toEqual(before);
      },
      { folder: fresh, standin },
    );
  }, 600_000);
});

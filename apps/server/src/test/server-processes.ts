// The real server in a child process (src/test/server-process.ts), for tests that kill it: started on
// a fresh database (a PGlite folder, or a throw-away PostgreSQL schema), stopped gently or hard.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../platform/db/db.js';
import type { Backend } from './harness.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  child: ChildProcess;
  url: string;
  /** A personal access token of the demo administrator. */
  token: string;
}

export type Cleanups = Array<() => Promise<void> | void>;

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

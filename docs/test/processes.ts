// Test support: the reference server and the LLM stand-in as child processes started the way a
// developer starts them (`pnpm serve`, `pnpm admin token ...`, `llm-standin`), but from the server's
// sources through tsx, so nothing needs building. Each server gets a fresh PGlite folder.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));
/** `--import` value that runs TypeScript (tsx's loader, as an absolute URL: any cwd works). */
export const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const withoutInherited = () => {
  // The suite's own settings (a PostgreSQL URL, a model) must not leak into these servers.
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'OIDC_ISSUER', 'LLM_BASE_URL', 'LLM_MODEL', 'PORT'])
    delete env[name];
  return env;
};

/** A free TCP port of 127.0.0.1 (the server prints its address from PORT, so PORT=0 will not do). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Starts a process and resolves once a line of its stdout matches `ready`. */
function startUntil(args: string[], env: NodeJS.ProcessEnv, ready: RegExp, what: string) {
  const child = spawn(process.execPath, ['--import', TSX, ...args], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const match = new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const found = output.match(ready);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before starting:\n${output}`));
    });
  });
  return { child, match };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface LlmStandin {
  url: string;
  close(): Promise<void>;
}

/** The project's stand-in language model (OpenAI-compatible, deterministic, streams). */
export async function startLlmStandin(): Promise<LlmStandin> {
  const { child, match } = startUntil(
    ['src/llm-standin-cli.ts', '--port', '0'],
    withoutInherited(),
    /listening on (http:\S+)/,
    'The LLM stand-in',
  );
  const [, url] = await match;
  return { url: url as string, close: () => stop(child) };
}

export interface ReferenceServer {
  baseUrl: string;
  /** A personal access token per demo account, minted with the admin command line. */
  tokens: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The reference server on a fresh PGlite folder: `pnpm admin token EMAIL` for each account first
 * (the command line refuses a folder a running server holds), then the server itself.
 */
export async function startReferenceServer(options: {
  accounts: string[];
  env?: Record<string, string>;
}): Promise<ReferenceServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'da-docs-'));
  const env = { ...withoutInherited(), DATA_DIR: dataDir, WEB_DIST: 'none', ELK_DEMO_METRICS: 'false' };
  const tokens: Record<string, string> = {};
  for (const email of options.accounts) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', TSX, 'src/cli.ts', 'token', email, '--name', 'sdk guide'],
      { cwd: serverDir, env },
    );
    tokens[email] = stdout.trim();
  }
  const port = await freePort();
  const { child, match } = startUntil(
    ['src/main.ts'],
    { ...env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    /Digital Assistant is running at/,
    'The reference server',
  );
  try {
    await match;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokens,
    async close() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

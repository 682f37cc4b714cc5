// Child processes for the servers under test: each server runs in its own Node process so that
// autocannon (in the benchmark's process) and the server do not share one event loop.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));

/**
 * The node arguments of the reference server as `npm start` runs it: the node flags of the server
 * package's `start` script (`node <flags> dist/main.js`), then `main` (default the built
 * `dist/main.js`), so a benchmark measures the server with the engine configuration it is deployed with.
 * @param {string} [main]
 * @returns {string[]}
 */
export function serverArgs(main = `${serverDir}dist/main.js`) {
  const { scripts } = JSON.parse(readFileSync(`${serverDir}package.json`, 'utf8'));
  const words = String(scripts.start).trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js')
    throw new Error(`The server's start script is not "node [flags] dist/main.js": ${scripts.start}`);
  return [...words.slice(1, -1), main];
}

/**
 * A free TCP port on 127.0.0.1. The reference server needs its port before it starts because its
 * public URL (the built-in identity provider's issuer) is derived from it.
 * @returns {Promise<number>}
 */
export async function freePort() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Keeps the last `limit` characters of a stream, for error messages.
 * @param {import('node:stream').Readable | null} stream
 */
function tail(stream, limit = 4000) {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (/** @type {string} */ chunk) => {
    text = (text + chunk).slice(-limit);
  });
  return () => text;
}

/**
 * Runs a Node script to completion (the admin CLI) and answers its exit code and output.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
export async function runNode(args, env) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout = tail(child.stdout, 100_000);
  const stderr = tail(child.stderr);
  const [code] = await once(child, 'exit');
  return { code, stdout: stdout(), stderr: stderr() };
}

/**
 * Starts a Node script as a server and waits until `readyUrl` answers 200.
 * @param {{ name: string, args: string[], env: NodeJS.ProcessEnv, readyUrl: string, timeoutMs?: number }} options
 * @returns {Promise<{ pid: number | undefined, stop: () => Promise<void> }>}
 */
export async function startServer({ name, args, env, readyUrl, timeoutMs = 60_000 }) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = tail(child.stderr);
  tail(child.stdout);
  let exited = false;
  const exit = once(child, 'exit').then(([code, signal]) => {
    exited = true;
    return { code, signal };
  });

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      const { code, signal } = await exit;
      throw new Error(`${name} exited during start-up (code ${code}, signal ${signal}):\n${output()}`);
    }
    try {
      const response = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return { pid: child.pid, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer ${readyUrl} within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The environment of a reference server a benchmark starts: this process's, with the server on
 * `port` at 127.0.0.1 (its public URL too), its data in `dataDir`, on `databaseUrl` (PostgreSQL) or
 * PGlite in `dataDir` when there is none, silent, without the web app, the demo knowledge and the
 * ELK demo metrics (seconds of PGlite work before the server listens, which made starts on a loaded
 * machine miss the 60 s start-up limit), the built-in identity provider and no Redis.
 * @param {{ port: number, dataDir: string, databaseUrl?: string }} options
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment({ port, dataDir, databaseUrl }) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: 'none',
    SEED_DEMO_KNOWLEDGE: 'false',
    ELK_DEMO_METRICS: 'false',
    SIGN_IN_RATE_LIMIT: '1000',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'REDIS_URL']) delete env[name];
  return env;
}

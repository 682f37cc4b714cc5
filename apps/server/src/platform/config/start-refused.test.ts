// A server started with wrong settings refuses to start, listing every problem on a line of its
// own and exiting non-zero, before it opens anything (the real entry point, src/main.ts, spawned).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'da-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageDir,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, WEB_DIST: 'none', PORT: '0', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a server started with wrong settings', () => {
  it('names every wrong setting on a line of its own and exits 1 without opening the database', async () => {
    const result = await startServer({
      PORT: 'eighty',
      LLM_BASE_URL: 'ftp://models.example.com',
      LLM_MODEL: 'm',
      LLM_MODLE: 'm',
      INGEST_CONCURRENCY: '0',
      REDIS_URL: 'http://cache.example.com',
      DATABASE_URL: 'mysql://db.example.com/app',
      LOG_LEVEL: 'loud',
      SEED_DEMO_KNOWLEDGE: 'maybe',
      // What Kubernetes sets for a service named redis is not ours and not reported.
      REDIS_SERVICE_HOST: '10.0.0.1',
      REDIS_PORT_6379_TCP_ADDR: '10.0.0.1',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'The server could not start: 8 settings are wrong:',
      '  PORT must be an integer between 0 and 65535 (got "eighty")',
      '  REDIS_URL must be a redis:// or rediss:// URL (got "http://cache.example.com")',
      '  DATABASE_URL must be a postgres:// or postgresql:// connection URL (got "mysql://db.example.com/app")',
      '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      '  LLM_BASE_URL must be an absolute http(s) URL (got "ftp://models.example.com")',
      '  INGEST_CONCURRENCY must be an integer between 1 and 64 (got "0")',
      '  SEED_DEMO_KNOWLEDGE must be true or false (got "maybe")',
      '  LLM_MODLE is not a setting of this server (did you mean LLM_MODEL?); remove it or correct its name',
    ]);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('says "a setting is wrong" for a single problem', async () => {
    const result = await startServer({ CHAT_RATE_LIMITS: '5' });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'The server could not start: a setting is wrong:',
      '  CHAT_RATE_LIMITS is not a setting of this server (did you mean CHAT_RATE_LIMIT?); remove it or correct its name',
    ]);
  }, 60_000);
});

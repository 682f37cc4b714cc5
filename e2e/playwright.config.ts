import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { seededUsers } from './tests/support';

// The journeys run against the built product on the real server: PGlite in a fresh data folder,
// the built-in OpenID provider with its demo accounts, Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 8199);
export const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'da-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

// The administration journey needs 60 users, added the way an operator would: through the admin
// command line. The CLI refuses a PGlite folder that a running server holds, and Playwright starts
// the webServer before any globalSetup, so the seeding runs here, while the config loads and before
// the server starts. Workers load this file again; the flag (inherited from this process) keeps
// them from seeding twice.
if (!process.env.E2E_SEEDED) {
  const seedFile = `${dataDir}.users.tsv`;
  writeFileSync(seedFile, seededUsers.map((user) => `${user.email}\t${user.role}\t${user.name}`).join('\n'));
  execFileSync(
    'pnpm',
    ['--silent', '--filter', '@digital-assistant/server', 'run', 'admin', 'user', 'import', seedFile],
    { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  process.env.E2E_SEEDED = '1';
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'pnpm --filter @digital-assistant/server run start',
    url: `${baseURL}/api/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
    },
  },
});

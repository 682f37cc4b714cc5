import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { seededUsers } from './tests/support';

// The journeys run against the built product on the real server: PGlite in a fresh data folder,
// the built-in OpenID provider with its demo accounts, Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 8199);
export const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'da-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The language model: the project's OpenAI-compatible stand-in (apps/server/src/test/llm-standin.ts),
// a real HTTP server streaming the protocol, which tests script through its /__standin/ routes.
const llmPort = Number(process.env.E2E_LLM_PORT ?? 8198);
export const llmStandinURL = `http://127.0.0.1:${llmPort}`;
// A second server with no model configured, on its own data folder (the chat without a model).
const noModelPort = Number(process.env.E2E_NO_MODEL_PORT ?? 8197);
export const noModelBaseURL = `http://localhost:${noModelPort}`;
const noModelDataDir = process.env.E2E_NO_MODEL_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'da-e2e-nomodel-'));
process.env.E2E_NO_MODEL_DATA_DIR = noModelDataDir;
// Pages of other teams embedding the chat widget (examples/), each on its own origin: the plain HTML
// page and the React app are in the server's WIDGET_ORIGINS; the same plain page on a third port is
// not, so it gets nothing from the API; on 127.0.0.1 it is listed but on another site than the
// server's localhost (the server's SameSite=Lax cookie never reaches it, and the widget says why).
const examplesPort = Number(process.env.E2E_EXAMPLES_PORT ?? 8194);
export const plainHtmlURL = `http://localhost:${examplesPort}`;
export const notAllowedPageURL = `http://localhost:${examplesPort + 1}`;
export const reactAppURL = `http://localhost:${examplesPort + 2}`;
export const crossSitePageURL = `http://127.0.0.1:${examplesPort - 1}`;
/** Free ports below the examples' for the servers a journey starts itself (the widget's https one). */
export const journeyPorts = [examplesPort - 2, examplesPort - 3, examplesPort - 4] as const;
const examplesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'examples');

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

/** Debian's Chromium, as every journey launches it (journeys that need a profile of their own too). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

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
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      command: `pnpm --silent --filter @digital-assistant/server run llm-standin --port ${llmPort} --host 127.0.0.1`,
      url: `${llmStandinURL}/v1/models`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
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
        LLM_BASE_URL: `${llmStandinURL}/v1`,
        LLM_MODEL: 'standin',
        WIDGET_ORIGINS: `${plainHtmlURL},${reactAppURL},${crossSitePageURL}`,
      },
    },
    ...[plainHtmlURL, notAllowedPageURL, crossSitePageURL].map((url) => ({
      command: `node ${join(examplesDir, 'plain-html', 'serve.mjs')} --port ${new URL(url).port} --base-url ${baseURL}`,
      url,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe' as const,
    })),
    {
      // Built here (it is an example, not part of `pnpm build`), then served by Vite's preview server.
      command: `pnpm --filter @digital-assistant/example-react-app run build --logLevel warn && pnpm --filter @digital-assistant/example-react-app exec vite preview --host 127.0.0.1 --port ${new URL(reactAppURL).port} --strictPort`,
      url: reactAppURL,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: 'pnpm --filter @digital-assistant/server run start',
      url: `${noModelBaseURL}/api/ping`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(noModelPort),
        HOST: '127.0.0.1',
        DATA_DIR: noModelDataDir,
        PUBLIC_URL: noModelBaseURL,
        LLM_BASE_URL: '',
        LLM_MODEL: '',
      },
    },
  ],
});

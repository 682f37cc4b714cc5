#!/usr/bin/env node
// Entry point of the two quick-start commands. Runs on whatever Node the machine has (20 is
// enough): it installs pnpm and the workspace (which pins Node 24 as a devDependency, so every
// `pnpm run` afterwards runs on Node 24), then hands over to pnpm.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PNPM_VERSION = '12.21.0';
const mode = process.argv[2];

function run(command, options = {}) {
  console.log(`\n> ${command}`);
  const result = spawnSync(command, { stdio: 'inherit', shell: true, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function pnpmMajor() {
  try {
    return Number(execSync('pnpm --version', { encoding: 'utf8' }).trim().split('.')[0]);
  } catch {
    return 0;
  }
}

if (pnpmMajor() < 12) run(`npm install -g pnpm@${PNPM_VERSION}`);
run(`pnpm install ${process.env.CI ? '--frozen-lockfile' : ''}`);

if (mode === 'start') {
  run('pnpm run build');
  run('pnpm run serve');
} else if (mode === 'test') {
  // Chromium for the browser journeys; openssl makes the certificate of the widget's https journey.
  const missing = ['chromium', 'openssl'].filter((name) => !existsSync(`/usr/bin/${name}`));
  if (missing.length > 0) {
    if (process.getuid?.() === 0)
      run(`apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`);
    else
      console.warn(
        `${missing.join(' and ')} missing and this is not root: install with \`apt-get install -y ${missing.join(' ')}\`.`,
      );
  }
  run('pnpm run build');
  run('pnpm run test:all');
} else {
  console.error('usage: bootstrap.mjs start|test');
  process.exit(2);
}

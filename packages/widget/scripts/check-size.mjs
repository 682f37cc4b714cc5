#!/usr/bin/env node
// Builds widget.js and widget-panel.js into build-size/, checks them against the size-limit budgets
// (.size-limit.mjs), and prints them next to the reference app's initial JavaScript (gzip, as the app's own check counts it:
// index.html's entry script and the chunks it preloads), when the app has been built.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const run = (command, env = {}) => {
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
  if (status !== 0) process.exit(status ?? 1);
};

rmSync('build-size', { recursive: true, force: true });
run('pnpm exec tsup --silent', { WIDGET_SIZE_CHECK: '1' });
run('pnpm exec size-limit');

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const gzipped = (files) => files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
const rows = [
  ['widget.js (script tag: the launcher, what every page pays)', kB(gzipped(['build-size/widget.js']))],
  [
    'widget-panel.js (on first use: Preact, markdown, UI, styles)',
    kB(gzipped(['build-size/widget-panel.js'])),
  ],
];
const appDirectory = ['../../apps/web/build-size', '../../apps/web/dist'].find((dir) =>
  existsSync(`${dir}/index.html`),
);
if (appDirectory) {
  const html = readFileSync(`${appDirectory}/index.html`, 'utf8');
  const initial = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((match) => `${appDirectory}/${match[1]}`);
  rows.push([
    `reference app, initial JavaScript (${appDirectory.replace('../../', '')})`,
    kB(gzipped(initial)),
  ]);
} else {
  rows.push([
    'reference app, initial JavaScript',
    'not built (pnpm --filter @digital-assistant/web run build)',
  ]);
}
console.log('\nGzipped sizes');
for (const [name, size] of rows) console.log(`  ${name.padEnd(62)} ${size}`);

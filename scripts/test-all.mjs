#!/usr/bin/env node
// The whole suite, in the order that fails fastest: lint, types, contract, unit/component/server
// tests, package checks, then the browser journeys against the built product.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint (Biome)', 'pnpm exec biome check .'],
  ['type-check (tsc -b)', 'pnpm exec tsc -b'],
  [
    'contract lint (Redocly) and generated-types check',
    'pnpm --filter @digital-assistant/sdk run lint:openapi && pnpm --filter @digital-assistant/sdk run generate:check',
  ],
  [
    "unit, component and server tests, and the SDK guide's examples against the reference server",
    'pnpm -r --workspace-concurrency=1 --filter "./packages/**" --filter "./apps/**" --filter "./docs" run test',
  ],
  [
    'published package checks (publint, attw; size-limit for the SDK)',
    'pnpm -r --workspace-concurrency=1 --filter "./packages/*" run check:package',
  ],
  [
    'public-API reports (api-extractor: the built surface of each published package equals its etc/*.api.md)',
    'pnpm -r --workspace-concurrency=1 --filter "./packages/*" run check:api',
  ],
  ['Storybook static build (a docs page per component)', 'pnpm run storybook:build'],
  ['browser end-to-end (Playwright + Chromium)', 'pnpm --filter @digital-assistant/e2e run test'],
];

const results = [];
for (const [name, command] of steps) {
  console.log(`\n=== ${name}\n> ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (status !== 0) break;
}
console.log('\n=== summary');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds}s)`);
const skipped = steps.length - results.length;
if (skipped) console.log(`(${skipped} later step(s) not run)`);
process.exit(results.every((result) => result.ok) && !skipped ? 0 : 1);

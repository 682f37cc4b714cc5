import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sdkSource = (file: string) => fileURLToPath(new URL(`../packages/sdk/src/${file}`, import.meta.url));

export default defineConfig({
  // The tests use the SDK's source, as the examples do (tsconfig.json paths), so no build is needed.
  resolve: {
    alias: [
      { find: /^@digital-assistant\/sdk$/, replacement: sdkSource('index.ts') },
      { find: /^@digital-assistant\/sdk\/testing$/, replacement: sdkSource('testing/index.ts') },
    ],
  },
  test: {
    name: '@digital-assistant/docs',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Starting the reference server and ingesting the demo knowledge takes a while on a busy machine.
    hookTimeout: 240_000,
    testTimeout: 120_000,
    fileParallelism: false,
  },
});

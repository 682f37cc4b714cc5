import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run against the SDK's and the core's sources when they are present, so they need no build of them first.
const sdkSource = (file: string) => fileURLToPath(new URL(`../sdk/src/${file}`, import.meta.url));
const coreSource = (file: string) => fileURLToPath(new URL(`../core/src/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: existsSync(sdkSource('index.ts'))
      ? [
          { find: /^@digital-assistant\/core$/, replacement: coreSource('index.ts') },
          // The core's test support (not published), shared by this package's tests.
          {
            find: /^@digital-assistant\/core\/test-support$/,
            replacement: coreSource('test-support/api.ts'),
          },
          { find: /^@digital-assistant\/sdk$/, replacement: sdkSource('index.ts') },
          { find: /^@digital-assistant\/sdk\/features$/, replacement: sdkSource('features.ts') },
          { find: /^@digital-assistant\/sdk\/testing$/, replacement: sdkSource('testing/index.ts') },
        ]
      : [],
  },
  test: {
    name: '@digital-assistant/react',
    // Pure logic runs in node; hook tests opt into jsdom with a `@vitest-environment jsdom` docblock.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-support/setup.ts'],
  },
});

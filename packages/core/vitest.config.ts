import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run against the SDK's source when it is present, so they need no build of it first.
const sdkSource = (file: string) => fileURLToPath(new URL(`../sdk/src/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: existsSync(sdkSource('index.ts'))
      ? [
          { find: /^@digital-assistant\/sdk$/, replacement: sdkSource('index.ts') },
          { find: /^@digital-assistant\/sdk\/features$/, replacement: sdkSource('features.ts') },
          { find: /^@digital-assistant\/sdk\/testing$/, replacement: sdkSource('testing/index.ts') },
        ]
      : [],
  },
  test: {
    name: '@digital-assistant/core',
    // Everything here is plain TypeScript: it runs in node, with no DOM.
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./src/test-support/setup.ts'],
  },
});

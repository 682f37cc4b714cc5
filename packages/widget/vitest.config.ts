import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run against the sibling packages' sources (no build of them needed first).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@digital-assistant\/ui\/styles\.css/, replacement: source('../ui/src/styles.css') },
      { find: /^@digital-assistant\/ui$/, replacement: source('../ui/src/index.ts') },
      { find: /^@digital-assistant\/react$/, replacement: source('../react/src/index.ts') },
      { find: /^@digital-assistant\/sdk$/, replacement: source('../sdk/src/index.ts') },
      { find: /^@digital-assistant\/sdk\/testing$/, replacement: source('../sdk/src/testing/index.ts') },
      { find: /^@digital-assistant\/sdk\/([\w-]+)$/, replacement: source('../sdk/src/$1.ts') },
    ],
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    // The stylesheets are read as text (?raw) into the shadow root; tests check they are there.
    css: true,
  },
});

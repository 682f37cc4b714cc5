import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    // Whole pages in jsdom (react-aria, several requests each) take 2-4 s on the 2-core machines, more
    // when other work shares them: 5 s made the Users page tests fail on load alone.
    testTimeout: 15_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file boots PGlite (WASM) and maybe PostgreSQL schemas; two cores are shared, keep it modest.
    maxWorkers: 2,
  },
});

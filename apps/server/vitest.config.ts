import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates one PGlite database for the whole run; each test file's fresh database starts from it.
    globalSetup: ['./src/test/pglite-template.ts'],
    // A migration test opens several PGlite databases: on two shared cores one test can take half a
    // minute, hence the generous limits.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file boots PGlite (WASM) and maybe PostgreSQL schemas; two cores are shared, keep it modest.
    maxWorkers: 2,
  },
});

import { defineConfig } from 'tsup';

// The server is an application: entry points for the server, the admin CLI, the code review's child
// process, the knowledge ingestion's parse threads and the LLM stand-in
// (an OpenAI-compatible test model for e2e and benchmarks); dependencies stay external
// so PGlite and oidc-provider load their own assets from node_modules.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'llm-standin': 'src/llm-standin-cli.ts',
    // The code review's child process (features/review/analyze/analyzer.ts starts it by this name).
    'review-worker': 'src/features/review/analyze/worker.ts',
    // The knowledge ingestion's parse threads (features/knowledge/ingestion/parse-pool.ts starts them by this name).
    'knowledge-parse-worker': 'src/features/knowledge/ingestion/parse-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  clean: true,
  dts: false,
});

// Runs the LLM stand-in (src/test/llm-standin.ts) as a process, for end-to-end tests and
// benchmarks: `node dist/llm-standin.js [--port N] [--host H] [--api-key K] [--ttft MS] [--delay MS]`.
// Prints `LLM stand-in listening on http://HOST:PORT/v1` (the LLM_BASE_URL to use) once it listens;
// stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { startLlmStandin } from './test/llm-standin.js';

const { values } = parseArgs({
  // `pnpm run llm-standin -- --port N` passes the `--` along.
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'api-key': { type: 'string' },
    ttft: { type: 'string', default: '0' },
    delay: { type: 'string', default: '0' },
  },
});

const standin = await startLlmStandin({
  port: Number(values.port),
  host: values.host,
  apiKey: values['api-key'],
  ttftMs: Number(values.ttft),
  chunkDelayMs: Number(values.delay),
});
console.log(`LLM stand-in listening on ${standin.url}`);
const stop = () => {
  void standin.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

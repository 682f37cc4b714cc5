// The developer guide (sdk.md) cannot rot: its code blocks are the example files, and each example,
// run as a developer runs it against the reference server, prints what the guide says it prints.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, listKnowledgeDocuments } from '@digital-assistant/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideBlocks, syncedGuide } from '../scripts/sync-examples.ts';
import { type LlmStandin, type ReferenceServer, startLlmStandin, startReferenceServer } from './processes';
import { matchesGuideOutput, runExample } from './run-example';
import { SAMPLE_PROJECT, zipOf } from './zip';

const blocks = guideBlocks();
const exampleFiles = readdirSync(new URL('../examples/', import.meta.url)).map((name) => `examples/${name}`);
const expectedOutput = (file: string) =>
  blocks.find((block) => block.kind === 'output' && block.file === file)?.body;

describe('the guide', () => {
  it('shows every example file verbatim, each followed by the output it prints', () => {
    expect(syncedGuide(), 'run `pnpm --filter @digital-assistant/docs sync`').toBe(
      readFileSync(new URL('../sdk.md', import.meta.url), 'utf8'),
    );
    const shown = blocks.filter((block) => block.kind === 'example').map((block) => block.file);
    expect(shown.sort()).toEqual([...exampleFiles].sort());
    for (const file of exampleFiles) expect(expectedOutput(file), file).toBeDefined();
  });

  it('matches printed output line by line, … standing for any text within a line', () => {
    expect(matchesGuideOutput('id 42\nok\n', 'id …\nok\n')).toBe(true);
    expect(matchesGuideOutput('id 42\nno\n', 'id …\nok\n')).toBe(false);
    expect(matchesGuideOutput('id 4\n2\nok\n', 'id …\nok\n')).toBe(false);
  });
});

describe('every example against the reference server', () => {
  let standin: LlmStandin;
  let server: ReferenceServer;
  let limited: ReferenceServer;
  const admin = () => ({
    DA_BASE_URL: server.baseUrl,
    DA_TOKEN: server.tokens['admin@example.com'] as string,
  });

  beforeAll(async () => {
    standin = await startLlmStandin();
    const model = { LLM_BASE_URL: standin.url, LLM_MODEL: 'standin' };
    // The demo knowledge set is ingested on the first start of an embedded (PGlite) server.
    [server, limited] = await Promise.all([
      startReferenceServer({
        accounts: ['admin@example.com'],
        env: { ...model, SEED_DEMO_KNOWLEDGE: 'true' },
      }),
      startReferenceServer({
        accounts: ['staff@example.com'],
        env: { ...model, SEED_DEMO_KNOWLEDGE: 'false', CHAT_RATE_LIMIT: '2', CHAT_RATE_WINDOW_SECONDS: '2' },
      }),
    ]);
    const client = createClient({ baseUrl: server.baseUrl, token: admin().DA_TOKEN });
    for (;;) {
      const result = await listKnowledgeDocuments(client);
      const documents = result.unsupported ? [] : result.data.documents;
      if (
        documents.length > 0 &&
        documents.every((document) => !['queued', 'parsing'].includes(document.state))
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  afterAll(async () => {
    await Promise.all([server?.close(), limited?.close(), standin?.close()]);
  });

  const expectGuideOutput = (file: string, printed: string) => {
    const expected = expectedOutput(file) as string;
    if (!matchesGuideOutput(printed, expected)) expect(printed).toBe(expected); // shows the difference
  };

  // In the guide's order; ask-knowledge runs before train-documents adds an IT document.
  for (const file of [
    'examples/authenticate.ts',
    'examples/ask-knowledge.ts',
    'examples/stream-answer.ts',
    'examples/conversation.ts',
    'examples/feedback.ts',
    'examples/ask-about-file.ts',
    'examples/list-users.ts',
    'examples/errors.ts',
    'examples/train-documents.ts',
  ]) {
    it(`${file} prints what the guide shows`, async () => {
      const { stdout } = await runExample(file, admin());
      expectGuideOutput(file, stdout);
    });
  }

  it('examples/code-review.ts uploads a zip, waits for its review and saves the enhanced zip', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'da-review-'));
    const zipPath = path.join(folder, 'project.zip');
    writeFileSync(zipPath, zipOf(SAMPLE_PROJECT));
    const { stdout, cwd } = await runExample('examples/code-review.ts', admin(), [zipPath]);
    expectGuideOutput('examples/code-review.ts', stdout);
    const saved = readFileSync(path.join(cwd, 'project-enhanced.zip'));
    expect(saved.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });

  it('examples/rate-limits.ts waits as long as the 429 asks, then gets its answer', async () => {
    const { stdout } = await runExample('examples/rate-limits.ts', {
      DA_BASE_URL: limited.baseUrl,
      DA_TOKEN: limited.tokens['staff@example.com'] as string,
    });
    expectGuideOutput('examples/rate-limits.ts', stdout);
  });
});

// A new AI conversation about an attached file whose first answer fails (the model cut off after its
// first words) is taken back, but the file is not: asking again with the same attachment id, as the
// client's Retry does, reads and cites it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/contract.js';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  standinLlmConfig,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import { multipartForm } from '../../test/multipart.js';
import { DEMO_ACCOUNTS } from '../identity/index.js';

type Upload = components['schemas']['ChatAttachmentUploadResponse'];
type GptAnswer = components['schemas']['GptChatResponse'];

const STAFF = DEMO_ACCOUNTS.find((account) => account.role === 'STAFF')!.email;
const NOTES = '# Harbour move\n\nVisitors park in the blue garage behind the lighthouse.\n';

describe.each(BACKENDS)('retrying a failed first answer about a file on %s', (backend) => {
  let server: TestServer;
  let standin: LlmStandin;
  let staff: Caller;

  beforeAll(async () => {
    standin = await startLlmStandin();
    server = await startTestServer(backend, {
      llm: standinLlmConfig(standin, { maxRetries: 0 }),
    });
    staff = await sessionFor(server.db, STAFF);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await standin?.close();
  });

  it('keeps the file of a conversation its failed first answer took back, and asking again cites it', async () => {
    const uploaded = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/attachments',
      ...multipartForm([{ name: 'harbour-move.md', bytes: NOTES }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = (uploaded.json() as Upload).Attachments[0]!.Id;

    // The model cuts the answer off after its first words: no conversation is left.
    standin.script({ chunks: ['Visitors ', 'park ', 'in ', 'the ', 'blue ', 'garage.'], dropAfter: 2 });
    const failed = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/gpt',
      payload: { Message: 'Where do visitors park?', Attachments: [id] },
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const history = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/getHistory',
      payload: {},
    });
    expect((history.json() as { History: unknown[] }).History).toEqual([]);

    // Retry: the same question with the same file is answered from it.
    const retried = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/gpt',
      payload: { Message: 'Where do visitors park?', Attachments: [id] },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const answer = retried.json() as GptAnswer;
    expect(answer.sources?.['1']).toMatchObject({ attachment: true, document: 'harbour-move.md' });
    const asked = standin
      .requests()
      .flatMap((request) => request.messages)
      .filter((message) => message.role === 'system' && message.content.includes('Passages:'));
    expect(asked.at(-1)?.content).toContain('blue garage');
  });
});

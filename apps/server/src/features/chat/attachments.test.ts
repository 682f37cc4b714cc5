// Files of one's own attached to a question, through the operations: read for that person's
// conversation only (never the knowledge base, never anyone else's), cited like sources, quoted as
// excerpts without a model, refused with a reason per file (type, size, count, no text) while the
// others are read, and gone with the conversation that used them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/contract.js';
import {
  addUser,
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
type KnowledgeAnswer = components['schemas']['KnowledgeChatResponse'];

const STAFF = DEMO_ACCOUNTS.find((account) => account.role === 'STAFF')!.email;
const NOTES = [
  '# Harbour move',
  '',
  'The harbour office moves to Pier 7 on the first Monday of March.',
  '',
  '## Parking',
  '',
  'Visitors park in the blue garage behind the lighthouse; staff use the quay car park.',
].join('\n');

async function attach(
  server: TestServer,
  caller: Caller,
  files: ReadonlyArray<{ name: string; bytes: Uint8Array | string }>,
) {
  return call(server.app, caller, { method: 'POST', url: '/api/chat/attachments', ...multipartForm(files) });
}

/** Attaches NOTES (as harbour-move.md) for `caller`: the attachment's id. */
async function attachNotes(server: TestServer, caller: Caller): Promise<string> {
  const uploaded = (
    await attach(server, caller, [{ name: 'harbour-move.md', bytes: NOTES }])
  ).json() as Upload;
  return uploaded.Attachments[0]!.Id;
}

describe.each(BACKENDS)('attached files without a model on %s', (backend) => {
  let server: TestServer;
  let staff: Caller;
  let other: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend, {
      attachmentMaxFileBytes: 4 * 1024,
      attachmentMaxTotalBytes: 6 * 1024,
    });
    staff = await sessionFor(server.db, STAFF);
    await addUser(server.db, 'colleague@example.com', 'STAFF');
    other = await sessionFor(server.db, 'colleague@example.com');
  }, 60_000);
  afterAll(() => server?.close());

  it('says how many files of which types and sizes a question may carry', async () => {
    const response = await call(server.app, staff, { method: 'GET', url: '/api/chat/attachments' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      MaxFiles: 5,
      MaxFileBytes: 4096,
      MaxTotalBytes: 6144,
      Extensions: expect.arrayContaining(['pdf', 'docx', 'pptx', 'md', 'txt', 'csv', 'html']),
    });
  });

  it('reads a file, refuses the others each with its reason, and keeps none in the knowledge base', async () => {
    const response = await attach(server, staff, [
      { name: 'harbour-move.md', bytes: NOTES },
      { name: 'tool.exe', bytes: 'MZ' },
      { name: 'empty.txt', bytes: '' },
      { name: 'huge.txt', bytes: 'word '.repeat(1000) },
      { name: 'photo.png', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Upload;
    expect(body.Attachments).toEqual([
      {
        Id: expect.any(String),
        Name: 'harbour-move.md',
        Size: Buffer.byteLength(NOTES),
        Passages: expect.any(Number),
      },
    ]);
    const reasons = Object.fromEntries(body.Rejected.map((entry) => [entry.name, entry]));
    expect(reasons['tool.exe']).toMatchObject({ code: 'unsupported_type' });
    expect(reasons['tool.exe']!.reason).toMatch(/\.exe files are not read/);
    expect(reasons['empty.txt']).toMatchObject({ code: 'empty', reason: 'empty.txt is empty.' });
    expect(reasons['huge.txt']).toMatchObject({ code: 'too_large' });
    expect(reasons['huge.txt']!.reason).toMatch(/larger than the 4 KB a file may be/);
    expect(reasons['photo.png']).toMatchObject({ code: 'no_text' });
    const { rows } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM knowledge_documents',
    );
    expect(rows[0]!.count).toBe(0);
  });

  it('refuses a batch with no readable file with its status and reasons, and more than five files', async () => {
    const tooLarge = await attach(server, staff, [{ name: 'huge.txt', bytes: 'word '.repeat(1000) }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      error: expect.stringMatching(/huge\.txt is larger than the 4 KB/),
      details: { rejected: [{ name: 'huge.txt', code: 'too_large' }] },
    });
    const wrongType = await attach(server, staff, [{ name: 'tool.exe', bytes: 'MZ' }]);
    expect(wrongType.statusCode).toBe(415);
    const six = await attach(
      server,
      staff,
      Array.from({ length: 6 }, (_, index) => ({ name: `note-${index}.txt`, bytes: 'A note.' })),
    );
    expect(six.statusCode).toBe(413);
    expect(six.json().error).toMatch(/at most 5 files/);
  });

  it('answers an AI question about the file with its excerpts cited as sources, and follow-ups keep the file', async () => {
    const id = await attachNotes(server, staff);
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/gpt',
      payload: { Message: 'Where do visitors park?', Attachments: [id] },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as GptAnswer;
    expect(answer.Answer).toMatch(/excerpts from your attached files/);
    expect(answer.Answer).toContain('blue garage behind the lighthouse');
    expect(answer.Answer).toContain('[1]');
    expect(answer.sources?.['1']).toMatchObject({
      attachment: true,
      document: 'harbour-move.md',
      references: ['harbour-move.md'],
      location: 'Harbour move > Parking',
    });
    expect(answer.sources?.['1']?.link).toBeUndefined();

    const followUp = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/gpt',
      payload: { Message: 'When does the office move?', ConversationId: answer.ConversationId },
    });
    expect(followUp.statusCode).toBe(200);
    expect((followUp.json() as GptAnswer).Answer).toContain('Pier 7');

    // Opened again later, each answer shows the file's passages it cited, as it did live.
    const reopened = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/getConversation',
      payload: { ConversationId: answer.ConversationId },
    });
    expect(reopened.statusCode).toBe(200);
    const messages = (reopened.json() as components['schemas']['ConversationResponse']).Messages;
    expect(messages.map((message) => message.type)).toEqual([1, 0, 1, 0]);
    expect(messages[0]?.sources).toBeUndefined();
    expect(messages[1]?.sources).toEqual(answer.sources);
    expect(messages[3]?.sources).toEqual((followUp.json() as GptAnswer).sources);
    expect(messages[3]?.sources?.['1']).toMatchObject({ attachment: true, document: 'harbour-move.md' });

    // The file is the conversation's now: nobody else can use it, and it goes with the conversation.
    const stolen = await call(server.app, other, {
      method: 'POST',
      url: '/api/chat/gpt',
      payload: { Message: 'Where do visitors park?', Attachments: [id] },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('lighthouse');
    await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/delete',
      payload: { ConversationId: answer.ConversationId },
    });
    const { rows } = await server.db.query('SELECT 1 FROM chat_attachments WHERE id = $1', [id]);
    expect(rows).toEqual([]);
  });

  it('still answers 501 to an AI question without files when no model is configured', async () => {
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/gpt',
      payload: { Message: 'Hello' },
    });
    expect(response.statusCode).toBe(501);
  });

  it('cites the attached file first in a knowledge chat answer, for its owner only', async () => {
    const id = await attachNotes(server, staff);
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat',
      payload: { message: 'Where is the harbour office moving?', Attachments: [id] },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as KnowledgeAnswer;
    expect(answer.response).toContain('Pier 7');
    expect(answer.sources['1']).toMatchObject({ attachment: true, document: 'harbour-move.md' });
    const withoutFile = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat',
      payload: { message: 'Where is the harbour office moving?' },
    });
    expect(withoutFile.body).not.toContain('Pier 7');
    const stolen = await call(server.app, other, {
      method: 'POST',
      url: '/api/chat',
      payload: { message: 'Where is the harbour office moving?', Attachments: [id] },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('Pier 7');
  });

  it('refuses files past the total a question may carry', async () => {
    const first = (
      await attach(server, staff, [{ name: 'a.txt', bytes: 'a '.repeat(1800) }])
    ).json() as Upload;
    const second = (
      await attach(server, staff, [{ name: 'b.txt', bytes: 'b '.repeat(1800) }])
    ).json() as Upload;
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat',
      payload: {
        message: 'What is in these?',
        Attachments: [first.Attachments[0]!.Id, second.Attachments[0]!.Id],
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/together are larger than the 6 KB/);
  });
});

describe.each(BACKENDS)('attached files with a model on %s', (backend) => {
  let server: TestServer;
  let standin: LlmStandin;
  let staff: Caller;

  beforeAll(async () => {
    standin = await startLlmStandin();
    server = await startTestServer(backend, {
      llm: standinLlmConfig(standin),
    });
    staff = await sessionFor(server.db, STAFF);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await standin?.close();
  });

  it('streams the file’s passages as sources, then the model’s answer citing them', async () => {
    const id = await attachNotes(server, staff);
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/gpt',
      headers: { accept: 'text/event-stream' },
      payload: { Message: 'Where do visitors park?', Attachments: [id] },
    });
    expect(response.statusCode).toBe(200);
    const events = response.body
      .split('\n\n')
      .filter((block) => block.trim())
      .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)![1]!));
    expect(events[0]).toMatchObject({
      type: 'sources',
      sources: { '1': { attachment: true, document: 'harbour-move.md' } },
    });
    const done = events.at(-1);
    expect(done.type).toBe('done');
    expect(done.data.Answer).toMatch(/\[1\]/);
    expect(done.data.sources['1']).toMatchObject({ document: 'harbour-move.md' });
    const asked = standin
      .requests()
      .flatMap((request) => request.messages)
      .filter((message) => message.role === 'system' && message.content.includes('Passages:'));
    expect(asked.at(-1)?.content).toContain('blue garage');
  });
});

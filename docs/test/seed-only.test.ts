// The SDK against a server with only the spec's seed calls (section 7): the guide's examples still
// work (the File Status example says the list is missing instead of failing, streaming falls back to
// JSON), and every extension helper reports "unsupported" instead of throwing. The server is the
// SDK's demo server over real HTTP with every `x-extension` operation removed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createClient,
  deleteAnswerFeedback,
  deleteKnowledgeDocument,
  downloadAnswerFeedbackCsv,
  downloadKnowledgeDocument,
  getChatAttachmentLimits,
  listAnswerFeedback,
  listAuditEvents,
  listAvailableKnowledgeDocuments,
  listFeatures,
  listKnowledgeDocuments,
  listKnowledgeGaps,
  listMyTokens,
  listStarterQuestions,
  reingestKnowledgeDocument,
  renameConversation,
  revokeToken,
  searchChatHistory,
  setAnswerFeedback,
  setStarterQuestions,
  setUsersActive,
  streamChat,
  uploadChatAttachments,
} from '@digital-assistant/sdk';
import {
  createDemoServer,
  type DemoServer,
  EXTENSION_OPERATIONS,
  type ListeningContractFake,
} from '@digital-assistant/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample } from './run-example';
import { SAMPLE_PROJECT, zipOf } from './zip';

let demo: DemoServer;
let listening: ListeningContractFake;
let env: { DA_BASE_URL: string; DA_TOKEN: string };

beforeAll(async () => {
  demo = createDemoServer({ isSeedOnly: true });
  listening = await demo.listen();
  // The demo server's session is its administrator's; the token is sent and not needed.
  env = { DA_BASE_URL: listening.url, DA_TOKEN: 'da_pat_seed-only' };
});

afterAll(async () => {
  await listening?.close();
  demo?.assertNoViolations();
});

describe("the guide's examples on a server with only the seed calls", () => {
  it('authenticate, list users and continue a conversation as on the reference server', async () => {
    expect((await runExample('examples/authenticate.ts', env)).stdout).toBe(
      'Signed in as Ada Admin <admin@example.com>, role group CORE_ADMINS\nMay chat: true; may train the bot: true\n',
    );
    expect((await runExample('examples/list-users.ts', env)).stdout).toContain(
      'staff@example.com    STAFF        Sam Staff\n',
    );
    const conversation = (await runExample('examples/conversation.ts', env)).stdout.split('\n');
    expect(conversation[0]).toBe('Latest conversation: Suggest a name for a build server');
    expect(conversation.filter((line) => line.startsWith('You: '))).toEqual([
      'You: Suggest a name for a build server',
      'You: Make it shorter',
    ]);
  });

  it('ask a knowledge question and read its sources', async () => {
    const { stdout } = await runExample('examples/ask-knowledge.ts', env);
    expect(stdout).toMatch(/^\[1\] \S+/m);
  });

  it('stream an answer: the JSON answer arrives as the one done event, printed whole', async () => {
    const { stdout } = await runExample('examples/stream-answer.ts', env);
    expect(stdout).toMatch(/^.+\nConversation: Write a haiku about VPNs\n$/);
    const events = [];
    for await (const event of streamChat(createClient({ baseUrl: listening.url }), '/api/chat/gpt', {
      Message: 'Hi',
    }))
      events.push(event.type);
    expect(events).toEqual(['done']);
  });

  it('review a zip: upload, wait, read the review, download', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'da-review-'));
    const zipPath = path.join(folder, 'project.zip');
    writeFileSync(zipPath, zipOf(SAMPLE_PROJECT));
    const { stdout } = await runExample('examples/code-review.ts', env, [zipPath]);
    expect(stdout).toMatch(/^Uploaded project\.zip: pending\n(.+\(\)\n)+Saved \S+\.zip\n$/);
  });

  it('upload training documents: the File Status list is missing, and the script says so', async () => {
    const { stdout } = await runExample('examples/train-documents.ts', env);
    expect(stdout).toBe(
      [
        'Uploaded 1 file; ingestion is queued.',
        'No File Status on this server (The server answered 404 to GET /api/knowledge/documents); uploaded: parking.md',
        '',
      ].join('\n'),
    );
  });

  it('handle rate limits: no 429 here, three answers', async () => {
    const { stdout } = await runExample('examples/rate-limits.ts', env);
    expect(stdout.trim().split('\n')).toHaveLength(3);
  });
});

describe('every extension helper on a server with only the seed calls', () => {
  const client = () => createClient({ baseUrl: listening.url, token: env.DA_TOKEN });
  const helpers = {
    'GET /api/knowledge/documents': () => listKnowledgeDocuments(client()),
    'POST /api/knowledge/documents/delete': () => deleteKnowledgeDocument(client(), 'some-document'),
    'POST /api/knowledge/documents/reingest': () => reingestKnowledgeDocument(client(), 'some-document'),
    'GET /api/knowledge/documents/file': () => downloadKnowledgeDocument(client(), 'some-document'),
    'GET /api/users/tokens': () => listMyTokens(client()),
    'POST /api/users/tokens/revoke': () => revokeToken(client(), 'some-token'),
    'POST /api/users/active/update': () =>
      setUsersActive(client(), { emails: ['staff@example.com'], is_active: false }),
    'GET /api/features': () => listFeatures(client()),
    'GET /api/audit': () => listAuditEvents(client(), { limit: 5 }),
    'GET /api/chat/history/search': () => searchChatHistory(client(), 'vpn'),
    'POST /api/chat/rename': () => renameConversation(client(), 'some-conversation', 'VPN at night'),
    'PUT /api/chat/feedback': () => setAnswerFeedback(client(), { AnswerId: '1', vote: 'up' }),
    'DELETE /api/chat/feedback': () => deleteAnswerFeedback(client(), '1'),
    'GET /api/admin/feedback': () => listAnswerFeedback(client()),
    'GET /api/admin/feedback/export': () => downloadAnswerFeedbackCsv(client()),
    'GET /api/admin/knowledge-gaps': () => listKnowledgeGaps(client(), { department: 'it' }),
    'GET /api/chat/attachments': () => getChatAttachmentLimits(client()),
    'POST /api/chat/attachments': () => uploadChatAttachments(client(), [new File(['notes'], 'notes.md')]),
    'GET /api/knowledge/documents/available': () =>
      listAvailableKnowledgeDocuments(client(), ['some-document']),
    'GET /api/chat/starter-questions': () => listStarterQuestions(client()),
    'PUT /api/chat/starter-questions': () =>
      setStarterQuestions(client(), 'it', ['How do I connect to the VPN?']),
  };

  it('covers every extension operation a script calls (the SSO callback and the passage page are for browsers)', () => {
    const forBrowsers = ['GET /api/auth/sso/callback', 'GET /api/knowledge/documents/passage'];
    expect(Object.keys(helpers).sort()).toEqual(
      EXTENSION_OPERATIONS.filter((operation) => !forBrowsers.includes(operation)).sort(),
    );
  });

  it.each(Object.entries(helpers))('%s reports unsupported over HTTP', async (operation, call) => {
    expect(await call()).toEqual({
      unsupported: true,
      reason: `The server answered 404 to ${operation}`,
    });
  });
});

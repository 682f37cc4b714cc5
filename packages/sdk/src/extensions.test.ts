import { afterEach, describe, expect, it } from 'vitest';
import { getChatAttachmentLimits, uploadChatAttachments } from './chat-attachments';
import { createClient } from './client';
import { DigitalAssistantError, retryAfterSeconds, unwrap } from './errors';
import {
  callExtension,
  deleteAnswerFeedback,
  deleteKnowledgeDocument,
  downloadAnswerFeedbackCsv,
  downloadKnowledgeDocument,
  isUnsupported,
  listAnswerFeedback,
  listAuditEvents,
  listFeatures,
  listKnowledgeDocuments,
  listKnowledgeGaps,
  listMyTokens,
  reingestKnowledgeDocument,
  renameConversation,
  revokeToken,
  searchChatHistory,
  setAnswerFeedback,
  setUsersActive,
} from './extensions';
import {
  listAvailableKnowledgeDocuments,
  listStarterQuestions,
  setStarterQuestions,
} from './knowledge-extensions';
import { errorReply, offContract } from './testing/contract-fake';
import { EXTENSION_OPERATIONS } from './testing/contract-validator';
import {
  createDemoServer,
  type DemoServer,
  type DemoServerOptions,
  demoAdmin,
  demoStaff,
} from './testing/demo-server';
import type { KnowledgeDocument } from './types';

const servers: DemoServer[] = [];

function setup(options: DemoServerOptions = {}) {
  const server = createDemoServer(options);
  servers.push(server);
  return { server, client: createClient({ baseUrl: 'http://api.test', fetch: server.fetch }) };
}

afterEach(() => {
  for (const server of servers.splice(0)) server.assertNoViolations();
});

const document: KnowledgeDocument = {
  id: 'doc-1',
  document: 'handbook.md',
  status: 'Ready',
  state: 'ready',
  departments: ['knowledge'],
  size: 12,
  updated_at: '2026-01-01T00:00:00.000Z',
  reason: null,
};

/** Every extension helper, called as a developer would. */
const helpers = {
  listKnowledgeDocuments: (client: ReturnType<typeof createClient>) => listKnowledgeDocuments(client),
  deleteKnowledgeDocument: (client: ReturnType<typeof createClient>) =>
    deleteKnowledgeDocument(client, 'doc-1'),
  reingestKnowledgeDocument: (client: ReturnType<typeof createClient>) =>
    reingestKnowledgeDocument(client, 'doc-1'),
  downloadKnowledgeDocument: (client: ReturnType<typeof createClient>) =>
    downloadKnowledgeDocument(client, 'doc-1'),
  listMyTokens: (client: ReturnType<typeof createClient>) => listMyTokens(client),
  revokeToken: (client: ReturnType<typeof createClient>) => revokeToken(client, 'token-1'),
  setUsersActive: (client: ReturnType<typeof createClient>) =>
    setUsersActive(client, { emails: ['staff@example.com'], is_active: false }),
  listFeatures: (client: ReturnType<typeof createClient>) => listFeatures(client),
  listAuditEvents: (client: ReturnType<typeof createClient>) => listAuditEvents(client, { limit: 5 }),
  searchChatHistory: (client: ReturnType<typeof createClient>) => searchChatHistory(client, 'vpn'),
  renameConversation: (client: ReturnType<typeof createClient>) =>
    renameConversation(client, 'conversation-1', 'VPN on Linux'),
  setAnswerFeedback: (client: ReturnType<typeof createClient>) =>
    setAnswerFeedback(client, { AnswerId: '12', vote: 'up' }),
  deleteAnswerFeedback: (client: ReturnType<typeof createClient>) => deleteAnswerFeedback(client, '12'),
  listAnswerFeedback: (client: ReturnType<typeof createClient>) =>
    listAnswerFeedback(client, { vote: 'down' }),
  downloadAnswerFeedbackCsv: (client: ReturnType<typeof createClient>) =>
    downloadAnswerFeedbackCsv(client, { vote: 'down' }),
  listKnowledgeGaps: (client: ReturnType<typeof createClient>) =>
    listKnowledgeGaps(client, { department: 'it' }),
  listAvailableKnowledgeDocuments: (client: ReturnType<typeof createClient>) =>
    listAvailableKnowledgeDocuments(client, ['doc-1']),
  listStarterQuestions: (client: ReturnType<typeof createClient>) => listStarterQuestions(client),
  setStarterQuestions: (client: ReturnType<typeof createClient>) =>
    setStarterQuestions(client, 'it', ['How do I connect to the VPN?']),
  getChatAttachmentLimits: (client: ReturnType<typeof createClient>) => getChatAttachmentLimits(client),
  uploadChatAttachments: (client: ReturnType<typeof createClient>) =>
    uploadChatAttachments(client, [
      new Blob(['# Notes\n\nThe VPN needs the client.\n'], { type: 'text/markdown' }),
    ]),
};

describe('History search and rename', () => {
  const conversations = [
    {
      ConversationId: 'conversation-1',
      ChipSummary: 'Laptop help',
      owner: demoAdmin.email,
      Messages: [
        { type: 1 as const, message: 'How do I set up the VPN?' },
        { type: 0 as const, message: 'Install the client.' },
      ],
    },
    {
      ConversationId: 'conversation-2',
      ChipSummary: 'VPN of someone else',
      owner: demoStaff.email,
      Messages: [],
    },
  ];

  it('find one’s own conversations with the match marked, and rename them', async () => {
    const { client } = setup({ conversations });
    const found = await searchChatHistory(client, 'vpn');
    expect(found.unsupported).toBe(false);
    const [hit] = found.data!.Results;
    expect(found.data!.Results).toHaveLength(1);
    expect(hit).toMatchObject({ ConversationId: 'conversation-1', Field: 'message' });
    expect(hit!.Snippet.slice(hit!.Highlights[0]!.start, hit!.Highlights[0]!.start + 3)).toBe('VPN');

    const renamed = await renameConversation(client, 'conversation-1', ' VPN on Linux ');
    expect(renamed).toEqual({
      unsupported: false,
      data: { ConversationId: 'conversation-1', ChipSummary: 'VPN on Linux' },
    });
    await expect(renameConversation(client, 'conversation-2', 'Mine now')).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });
});

describe('the extension helpers', () => {
  it('know every extension operation a developer calls (the SSO callback and the passage page are for browsers)', () => {
    expect([...EXTENSION_OPERATIONS].sort()).toEqual(
      [
        'GET /api/knowledge/documents',
        'POST /api/knowledge/documents/delete',
        'POST /api/knowledge/documents/reingest',
        'GET /api/knowledge/documents/file',
        'GET /api/knowledge/documents/passage',
        'GET /api/auth/sso/callback',
        'GET /api/users/tokens',
        'POST /api/users/tokens/revoke',
        'POST /api/users/active/update',
        'GET /api/features',
        'GET /api/audit',
        'GET /api/chat/history/search',
        'POST /api/chat/rename',
        'PUT /api/chat/feedback',
        'DELETE /api/chat/feedback',
        'GET /api/admin/feedback',
        'GET /api/admin/feedback/export',
        'GET /api/admin/knowledge-gaps',
        'GET /api/knowledge/documents/available',
        'GET /api/chat/starter-questions',
        'PUT /api/chat/starter-questions',
        'GET /api/chat/attachments',
        'POST /api/chat/attachments',
      ].sort(),
    );
    expect(Object.keys(helpers)).toHaveLength(EXTENSION_OPERATIONS.length - 2);
  });

  it.each(Object.entries(helpers))(
    '%s reports unsupported on a server with only the seed calls',
    async (_name, call) => {
      const { client } = setup({ isSeedOnly: true, knowledgeDocuments: [document] });
      const result = await call(client);
      expect(result.unsupported).toBe(true);
      expect(result.unsupported && result.reason).toMatch(
        /^The server answered 404 to (GET|POST|PUT|DELETE) \/api\//,
      );
    },
  );

  it('answer the data on a server that has them', async () => {
    const { client, server } = setup({
      knowledgeDocuments: [document],
      tokens: [
        {
          id: 'token-1',
          name: 'ci',
          created_at: '2026-01-01T00:00:00.000Z',
          expires_at: '2026-02-01T00:00:00.000Z',
          last_used_at: null,
          revoked_at: null,
        },
      ],
    });
    const documents = await listKnowledgeDocuments(client);
    expect(documents).toEqual({ unsupported: false, data: { documents: [document] } });
    expect((await listFeatures(client)).data?.features).toContain('chat');
    const tokens = await listMyTokens(client);
    expect(tokens.data?.tokens.map((token) => token.name)).toEqual(['ci']);
    expect(await revokeToken(client, 'token-1')).toMatchObject({ unsupported: false });
    expect((await listMyTokens(client)).data?.tokens[0]?.revoked_at).toEqual(expect.any(String));
    const deactivated = await setUsersActive(client, { emails: ['staff@example.com'], is_active: false });
    expect(deactivated.data?.user_profiles).toEqual([expect.objectContaining({ is_active: false })]);
    expect((await listAuditEvents(client, { limit: 1 })).data?.events[0]?.action).toBe('user.deactivate');
    server.use({
      'GET /api/knowledge/documents/available': ({ query }) =>
        Response.json({
          ids: String(query.ids)
            .split(',')
            .filter((id) => id === 'doc-1'),
        }),
    });
    expect(await listAvailableKnowledgeDocuments(client, ['doc-1', 'doc-gone'])).toEqual({
      unsupported: false,
      data: { ids: ['doc-1'] },
    });
    expect((await reingestKnowledgeDocument(client, 'doc-1')).data?.document.state).toBe('queued');
    expect(await deleteKnowledgeDocument(client, 'doc-1')).toMatchObject({ unsupported: false });
  });

  it('throw a missing item (404 on a server that has the operation) as not_found, not unsupported', async () => {
    const { client } = setup({ knowledgeDocuments: [document] });
    for (const call of [
      () => deleteKnowledgeDocument(client, 'no-such-document'),
      () => reingestKnowledgeDocument(client, 'no-such-document'),
      () => downloadKnowledgeDocument(client, 'no-such-document'),
      () => revokeToken(client, 'no-such-token'),
    ]) {
      const failure = await call().catch((caught: unknown) => caught);
      expect(failure).toBeInstanceOf(DigitalAssistantError);
      expect(failure).toMatchObject({ status: 404, code: 'not_found' });
      expect(isUnsupported(failure)).toBe(true); // the status alone cannot tell; the helper asked
    }
  });

  it('vote on an answer and throw a vote on another person’s answer as not_found, not unsupported', async () => {
    const { client, server } = setup();
    server.use({
      'PUT /api/chat/feedback': ({ body }) =>
        (body as { AnswerId: string }).AnswerId === '12'
          ? Response.json({
              AnswerId: '12',
              vote: 'down',
              comment: 'Old',
              updated_at: '2026-11-27T10:00:00Z',
            })
          : errorReply(404, 'not_found', 'No such answer.'),
      'GET /api/admin/feedback': () => errorReply(403, 'forbidden', 'You may not'),
    });
    const voted = await setAnswerFeedback(client, { AnswerId: '12', vote: 'down', comment: 'Old' });
    expect(voted).toEqual({
      unsupported: false,
      data: { AnswerId: '12', vote: 'down', comment: 'Old', updated_at: '2026-11-27T10:00:00Z' },
    });
    await expect(setAnswerFeedback(client, { AnswerId: '13', vote: 'up' })).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it('list the knowledge gaps with their filters', async () => {
    const { client, server } = setup();
    const gap = {
      id: 'it-7',
      department: 'it' as const,
      label: 'vpn linux',
      people: 2,
      count: 3,
      first_asked_at: '2026-11-20T10:00:00Z',
      last_asked_at: '2026-11-27T10:00:00Z',
      questions: [
        { question: 'VPN on Linux?', asked_at: '2026-11-27T10:00:00Z', reason: 'no_document' as const },
      ],
    };
    let asked = '';
    server.use({
      'GET /api/admin/knowledge-gaps': ({ query }) => {
        asked = JSON.stringify(query);
        return Response.json({ groups: [gap] });
      },
    });
    expect(await listKnowledgeGaps(client, { department: 'it', limit: 10 })).toEqual({
      unsupported: false,
      data: { groups: [gap] },
    });
    expect(JSON.parse(asked)).toEqual({ department: 'it', limit: 10 });
    server.use({ 'GET /api/admin/knowledge-gaps': () => errorReply(403, 'forbidden', 'You may not') });
    await expect(listKnowledgeGaps(client)).rejects.toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('throw real failures (403, 500) as typed errors', async () => {
    const { client, server } = setup();
    server.use({ 'GET /api/features': () => errorReply(403, 'forbidden', 'You may not') });
    await expect(listFeatures(client)).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    server.use({ 'GET /api/audit': () => errorReply(500, 'internal', 'Internal error') });
    await expect(listAuditEvents(client)).rejects.toMatchObject({ code: 'internal', status: 500 });
  });

  it('take a 405, a 501, an HTML page or JSON of another shape for unsupported', async () => {
    const { client, server } = setup();
    server.use({ 'GET /api/features': () => offContract(new Response(null, { status: 405 })) });
    expect(await listFeatures(client)).toEqual({
      unsupported: true,
      reason: 'The server answered 405 to GET /api/features',
    });
    server.use({
      'GET /api/features': () =>
        offContract(Response.json({ error: 'Not yet', code: 'not_implemented' }, { status: 501 })),
    });
    expect((await listFeatures(client)).unsupported).toBe(true);
    server.use({
      'GET /api/features': () =>
        offContract(new Response('<!doctype html><p>app</p>', { headers: { 'content-type': 'text/html' } })),
    });
    expect(await listFeatures(client)).toEqual({
      unsupported: true,
      reason: 'The server answered GET /api/features with something other than JSON',
    });
    server.use({
      'GET /api/audit': () => offContract(Response.json({ items: [] })),
    });
    expect((await listAuditEvents(client)).unsupported).toBe(true);
    expect((await callExtension(client.GET('/api/audit'))).unsupported).toBe(false);
  });

  it('isUnsupported: 404, 405, 501 and non-JSON answers, not a chat without a model or other failures', () => {
    const error = (status: number | undefined, code: string, cause?: unknown) =>
      new DigitalAssistantError('x', { status, code, cause });
    expect(isUnsupported(error(404, 'not_found'))).toBe(true);
    expect(isUnsupported(error(405, 'method_not_allowed'))).toBe(true);
    expect(isUnsupported(error(501, 'not_implemented'))).toBe(true);
    expect(isUnsupported(error(501, 'model_not_configured'))).toBe(false);
    expect(isUnsupported(error(403, 'forbidden'))).toBe(false);
    expect(isUnsupported(error(undefined, 'network_error', new TypeError('fetch failed')))).toBe(false);
    expect(isUnsupported(error(undefined, 'network_error', new SyntaxError('Unexpected token <')))).toBe(
      true,
    );
    expect(isUnsupported(new Error('404'))).toBe(false);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or an HTTP date from Retry-After, and carries it on a 429 error', async () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('2015-10-21T07:28:00Z'))).toBe(30);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
    const { client, server } = setup();
    server.use({
      'POST /api/chat/gpt': () => ({
        status: 429,
        headers: { 'retry-after': '17' },
        body: { error: 'You are asking too quickly. Try again in 17 seconds.', code: 'too_many_requests' },
      }),
    });
    const failure = await unwrap(client.POST('/api/chat/gpt', { body: { Message: 'Hi' } })).catch(
      (caught: unknown) => caught,
    );
    expect(failure).toMatchObject({ code: 'too_many_requests', status: 429, retryAfterSeconds: 17 });
  });
});

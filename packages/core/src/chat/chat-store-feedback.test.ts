// Votes on answers through the store over the demo server: an answer the server kept (its AnswerId,
// from the answer or a loaded conversation) shows the vote at once, changes and withdraws it, puts
// it back when the server refuses; an answer without an id (a server without the extension) has none.
import { describe, expect, it } from 'vitest';
import { createTestApi, json } from '../test-support/api';
import { createChatStore } from './chat-store';
import { createJsonChatTransport } from './transport';

function setup() {
  const api = createTestApi({ chat: { answer: (question) => `Answer to ${question}` } });
  const votes = new Map<string, { vote: 'up' | 'down'; comment?: string }>();
  let refuse = false;
  const calls: unknown[] = [];
  api.use({
    'PUT /api/chat/feedback': ({ body }) => {
      calls.push(body);
      if (refuse) return json(500, { error: 'boom', code: 'internal' });
      if (body.AnswerId !== '41') return json(404, { error: 'No such answer.', code: 'not_found' });
      const vote = { vote: body.vote, ...(body.comment ? { comment: body.comment } : {}) };
      votes.set(body.AnswerId, vote);
      return {
        status: 200,
        body: { AnswerId: body.AnswerId, ...vote, updated_at: '2026-11-27T10:00:00.000Z' },
      };
    },
    'DELETE /api/chat/feedback': ({ query }) => {
      const id = String(query.AnswerId);
      calls.push({ withdraw: id });
      if (!votes.delete(id)) return json(404, { error: 'No vote on this answer.', code: 'not_found' });
      return { status: 200, body: { message: 'Vote withdrawn.' } };
    },
    'POST /api/chat': () => ({
      status: 200,
      body: { response: 'From the handbook [1]', sources: {}, AnswerId: '41' },
    }),
  });
  const logged: unknown[][] = [];
  const chat = createChatStore({
    client: api.client,
    transport: createJsonChatTransport(api.client),
    logger: { error: (...args: unknown[]) => logged.push(args) },
  });
  chat.setUser({ email: 'staff@example.com' });
  return { api, chat, votes, calls, logged, refuse: (value: boolean) => (refuse = value) };
}

const lastAnswer = (state: ReturnType<ReturnType<typeof createChatStore>['getSnapshot']>) =>
  state.conversations.knowledge.messages.at(-1)!;

describe('votes on answers', () => {
  it('votes, comments, changes and withdraws, the message showing the vote', async () => {
    const { chat, calls } = setup();
    await chat.send('Where is the handbook?', { channel: 'knowledge' });
    const answer = lastAnswer(chat.getSnapshot());
    expect(answer).toMatchObject({ answerId: '41', status: 'done' });
    expect(answer.feedback).toBeUndefined();

    const voting = chat.voteOnAnswer('knowledge', answer.id, { vote: 'down', comment: ' Out of date ' });
    // Shown at once, before the server answers.
    expect(lastAnswer(chat.getSnapshot()).feedback).toMatchObject({ vote: 'down' });
    expect(await voting).toBe(true);
    expect(lastAnswer(chat.getSnapshot()).feedback).toEqual({ vote: 'down', comment: 'Out of date' });
    expect(calls.at(-1)).toEqual({ AnswerId: '41', vote: 'down', comment: 'Out of date' });

    expect(await chat.voteOnAnswer('knowledge', answer.id, { vote: 'up' })).toBe(true);
    expect(lastAnswer(chat.getSnapshot()).feedback).toEqual({ vote: 'up' });

    expect(await chat.voteOnAnswer('knowledge', answer.id, null)).toBe(true);
    expect(lastAnswer(chat.getSnapshot()).feedback).toBeUndefined();
    expect(calls.at(-1)).toEqual({ withdraw: '41' });
  });

  it('puts the vote back when the server refuses it, and logs why', async () => {
    const { chat, logged, refuse } = setup();
    await chat.send('Where is the handbook?', { channel: 'knowledge' });
    const answer = lastAnswer(chat.getSnapshot());
    await chat.voteOnAnswer('knowledge', answer.id, { vote: 'up' });
    refuse(true);
    expect(await chat.voteOnAnswer('knowledge', answer.id, { vote: 'down' })).toBe(false);
    expect(lastAnswer(chat.getSnapshot()).feedback).toEqual({ vote: 'up' });
    expect(logged.at(-1)?.[0]).toBe('Error saving your feedback on the answer');
  });

  it('loads the id and the vote of a stored AI answer, and gives none without the extension', async () => {
    const { chat, api } = setup();
    chat.chooseChatType('openai');
    await chat.send('Hello');
    // The demo AI chat gives no AnswerId: nothing to vote on.
    const plain = chat.getSnapshot().conversations.openai.messages.at(-1)!;
    expect(plain.answerId).toBeUndefined();
    expect(await chat.voteOnAnswer('openai', plain.id, { vote: 'up' })).toBe(false);

    const stored = api.state.conversations[0]!;
    stored.Messages[1] = {
      ...stored.Messages[1]!,
      id: '41',
      feedback: {
        AnswerId: '41',
        vote: 'down',
        comment: 'Too short',
        updated_at: '2026-11-27T10:00:00.000Z',
      },
    };
    await chat.newTopic();
    expect(await chat.selectConversation(stored.ConversationId)).toBe('opened');
    const loaded = chat.getSnapshot().conversations.openai.messages;
    expect(loaded[0]!.answerId).toBeUndefined();
    expect(loaded[1]).toMatchObject({ answerId: '41', feedback: { vote: 'down', comment: 'Too short' } });
  });
});

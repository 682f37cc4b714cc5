// Votes on answers through the real server, with the AI chat answered by the language model
// stand-in over real HTTP: a person votes on the answers of their own conversations only, changes or
// withdraws the vote, sees it when the conversation loads again; administrators list, filter and
// export the votes, and a vote outlives its deleted conversation without the conversation's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoKnowledgeServer } from '../../test/demo-knowledge.js';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  standinLlmConfig,
  type TestServer,
} from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import { DEMO_ACCOUNTS } from '../identity/index.js';

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;
const STAFF = DEMO_ACCOUNTS.find((account) => account.role === 'STAFF')!.email;

interface Item {
  id: string;
  vote: string;
  comment: string | null;
  chat: string;
  department: string | null;
  user: string;
  conversation_id: string | null;
  question: string | null;
  answer: string | null;
  sources?: Record<string, { document?: string }> | null;
}

describe.each(BACKENDS)('answer feedback on %s', (backend) => {
  let standin: LlmStandin;
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;

  beforeAll(async () => {
    standin = await startLlmStandin();
    server = await startDemoKnowledgeServer(backend, {
      llm: standinLlmConfig(standin),
      chatRateLimit: { max: 1000, windowSeconds: 60 },
    });
    admin = await sessionFor(server.db, ADMIN);
    staff = await sessionFor(server.db, STAFF);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await standin?.close();
  });

  async function ask(caller: Caller, Message: string) {
    const response = await call(server.app, caller, {
      method: 'POST',
      url: '/api/chat/gpt',
      payload: { Message },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { Answer: string; AnswerId: string; ConversationId: string };
  }
  const vote = (caller: Caller, AnswerId: string, value: 'up' | 'down', comment?: string) =>
    call(server.app, caller, {
      method: 'PUT',
      url: '/api/chat/feedback',
      payload: { AnswerId, vote: value, ...(comment !== undefined ? { comment } : {}) },
    });
  const withdraw = (caller: Caller, AnswerId: string) =>
    call(server.app, caller, { method: 'DELETE', url: `/api/chat/feedback?AnswerId=${AnswerId}` });
  const list = async (query = '') => {
    const response = await call(server.app, admin, { method: 'GET', url: `/api/admin/feedback${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as { items: Item[]; total: number };
  };
  const conversation = async (caller: Caller, ConversationId: string) =>
    (
      await call(server.app, caller, {
        method: 'POST',
        url: '/api/chat/getConversation',
        payload: { ConversationId },
      })
    ).json() as {
      Messages: Array<{ type: number; id?: string; feedback?: { vote: string; comment?: string } }>;
    };

  it('keeps one vote per person per answer, changeable, shown when the conversation loads again', async () => {
    const answer = await ask(staff, 'How do I reset my badge?');
    expect(answer.AnswerId).toMatch(/^\d+$/);

    const first = await vote(staff, answer.AnswerId, 'up');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ AnswerId: answer.AnswerId, vote: 'up' });
    const changed = await vote(staff, answer.AnswerId, 'down', '  It named the wrong desk.  ');
    expect(changed.json()).toMatchObject({ vote: 'down', comment: 'It named the wrong desk.' });

    const messages = (await conversation(staff, answer.ConversationId)).Messages;
    expect(messages.map((message) => message.type)).toEqual([1, 0]);
    expect(messages[1]).toMatchObject({
      id: answer.AnswerId,
      feedback: { vote: 'down', comment: 'It named the wrong desk.' },
    });
    expect(messages[0]!.feedback).toBeUndefined();

    const mine = (await list()).items.filter((item) => item.user === STAFF);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      vote: 'down',
      chat: 'ai',
      department: null,
      conversation_id: answer.ConversationId,
      question: 'How do I reset my badge?',
      answer: answer.Answer,
    });

    expect((await withdraw(staff, answer.AnswerId)).statusCode).toBe(200);
    expect((await conversation(staff, answer.ConversationId)).Messages[1]!.feedback).toBeUndefined();
    expect((await withdraw(staff, answer.AnswerId)).statusCode).toBe(404);
  });

  it("answers 404 for another person's answer, a question, or an answer that does not exist", async () => {
    const answer = await ask(staff, 'Where is the printer on floor 3?');
    // The question is stored just before its answer.
    const question = String(BigInt(answer.AnswerId) - 1n);
    expect((await conversation(staff, answer.ConversationId)).Messages[0]!.id).toBeUndefined();

    expect((await vote(admin, answer.AnswerId, 'down')).statusCode).toBe(404);
    expect((await vote(staff, question, 'up')).statusCode).toBe(404);
    expect((await vote(staff, '999999999999', 'up')).statusCode).toBe(404);
    expect((await withdraw(admin, answer.AnswerId)).statusCode).toBe(404);
    // Staff's answer was never voted on by the administrator.
    expect((await list()).items.some((item) => item.conversation_id === answer.ConversationId)).toBe(false);
  });

  it('keeps the vote of a deleted conversation without its question and answer', async () => {
    const answer = await ask(staff, 'What is the guest Wi-Fi password policy?');
    await vote(staff, answer.AnswerId, 'down', 'Out of date');
    const deleted = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/delete',
      payload: { ConversationId: answer.ConversationId },
    });
    expect(deleted.statusCode).toBe(200);

    const kept = (await list()).items.find((item) => item.comment === 'Out of date');
    expect(kept).toMatchObject({
      vote: 'down',
      user: STAFF,
      conversation_id: null,
      question: null,
      answer: null,
    });
    const { rows } = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM answer_feedback WHERE comment = 'Out of date'`,
    );
    expect(rows[0]!.count).toBe(1);
  });

  it('lists votes newest first, filtered by vote and date and paged, for administrators only', async () => {
    const up = await ask(admin, 'Summarise the holiday policy');
    await vote(admin, up.AnswerId, 'up');

    const all = await list();
    expect(all.total).toBe(all.items.length);
    expect(all.items[0]!.user).toBe(ADMIN);
    expect((await list('?vote=up')).items.every((item) => item.vote === 'up')).toBe(true);
    expect((await list('?vote=down')).items.every((item) => item.vote === 'down')).toBe(true);
    expect((await list('?vote=up')).total + (await list('?vote=down')).total).toBe(all.total);

    const page = await list('?limit=1&offset=1');
    expect(page.items).toEqual([all.items[1]]);
    expect(page.total).toBe(all.total);

    expect((await list('?from=2999-01-01T00:00:00Z')).items).toEqual([]);
    expect((await list('?to=2000-01-01T00:00:00Z')).total).toBe(0);
    expect((await list('?chat=knowledge')).total).toBe(0);

    const refused = await call(server.app, staff, { method: 'GET', url: '/api/admin/feedback' });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps knowledge answers with their question and sources to vote on, the asker only', async () => {
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat',
      payload: { message: 'How do I install the VPN client GlobalProtect?', Department: 'it' },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as {
      raw_response: string;
      sources: Record<string, { document?: string }>;
      AnswerId: string;
    };
    expect(answer.AnswerId).toMatch(/^\d+$/);
    expect(Object.keys(answer.sources).length).toBeGreaterThan(0);

    expect((await vote(admin, answer.AnswerId, 'up')).statusCode).toBe(404);
    const voted = await vote(staff, answer.AnswerId, 'down', 'Missing the Linux steps');
    expect(voted.statusCode).toBe(200);
    expect(voted.json()).toMatchObject({ AnswerId: answer.AnswerId, vote: 'down' });
    expect((await vote(staff, answer.AnswerId, 'up')).json()).toMatchObject({ vote: 'up' });

    const found = await list('?chat=knowledge&department=it');
    const item = found.items.find((entry) => entry.user === STAFF);
    expect(item).toMatchObject({
      vote: 'up',
      chat: 'knowledge',
      department: 'it',
      conversation_id: null,
      question: 'How do I install the VPN client GlobalProtect?',
      answer: answer.raw_response,
      sources: answer.sources,
    });
    expect((await list('?chat=knowledge&department=pga')).items).toEqual([]);
    // The AI chat's votes carry no sources.
    expect((await list('?chat=ai')).items.every((entry) => entry.sources === null)).toBe(true);

    expect((await withdraw(admin, answer.AnswerId)).statusCode).toBe(404);
    expect((await withdraw(staff, answer.AnswerId)).statusCode).toBe(200);
    expect((await list('?chat=knowledge&department=it')).items.some((entry) => entry.user === STAFF)).toBe(
      false,
    );
  });

  it('keeps the admin chat’s answers as the admin chat’s, and only those who have it ask as it', async () => {
    const question = 'How do I install the VPN client GlobalProtect from the admin chat?';
    const response = await call(server.app, admin, {
      method: 'POST',
      url: '/api/chat',
      payload: { message: question, Chat: 'admin' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { response: string; AnswerId: string };
    expect((await vote(admin, answer.AnswerId, 'down', 'Admin chat: too long')).statusCode).toBe(200);
    const found = await list('?chat=admin');
    expect(found.items.find((entry) => entry.question === question)).toMatchObject({
      chat: 'admin',
      department: null,
      user: ADMIN,
      comment: 'Admin chat: too long',
      answer: answer.response,
    });
    expect((await list('?chat=knowledge')).items.some((entry) => entry.question === question)).toBe(false);

    const refused = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat',
      payload: { message: question, Chat: 'admin' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/admin chat needs the chat_admin capability/);
  });

  it('keeps ELK answers to vote on', async () => {
    const response = await call(server.app, admin, {
      method: 'POST',
      url: '/api/chat/elk',
      payload: { message: 'CPU and memory in prod over the last 7 days' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { Summary?: string; Answer: string; AnswerId: string };
    expect(answer.AnswerId).toMatch(/^\d+$/);
    expect((await vote(staff, answer.AnswerId, 'up')).statusCode).toBe(404);
    expect((await vote(admin, answer.AnswerId, 'down', 'Wrong period')).statusCode).toBe(200);
    const item = (await list('?chat=elk')).items[0];
    expect(item).toMatchObject({
      vote: 'down',
      comment: 'Wrong period',
      chat: 'elk',
      department: null,
      user: ADMIN,
      question: 'CPU and memory in prod over the last 7 days',
      answer: answer.Summary ?? answer.Answer,
    });
  });

  it('exports the votes as CSV a spreadsheet opens without running formulas', async () => {
    const answer = await ask(admin, 'Draft a thank-you note');
    await vote(admin, answer.AnswerId, 'down', '=HYPERLINK("http://evil.example")');

    const response = await call(server.app, admin, {
      method: 'GET',
      url: '/api/admin/feedback/export?vote=down',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('answer-feedback.csv');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,updated_at,user,chat,department,vote,comment,conversation_id,question,answer',
    );
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(response.body).not.toContain(',up,');
    expect(response.body).toContain('Draft a thank-you note');

    const refused = await call(server.app, staff, { method: 'GET', url: '/api/admin/feedback/export' });
    expect(refused.statusCode).toBe(403);
  });
});

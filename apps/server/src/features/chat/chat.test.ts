// The chats through their operations, with the language model over real HTTP: the project's
// OpenAI-compatible stand-in (src/test/llm-standin.ts). The knowledge base is the demo set,
// ingested by the real pipeline. What a person or client notices: answers and their history kept
// per user (someone else's conversation is 404), department knowledge answers cited only from what
// was retrieved (PGA never reaches staff), excerpts when no model is configured, the event stream's
// order, a stopped answer kept and its model request stopped, the rate limit, model failures as
// error bodies (never a hung request).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../generated/contract.js';
import { startDemoKnowledgeServer } from '../../test/demo-knowledge.js';
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
import { DEMO_ACCOUNTS } from '../identity/index.js';
import { trimToBudget } from './handlers.js';

type ChatStreamEvent = components['schemas']['ChatStreamEvent'];
type KnowledgeAnswer = components['schemas']['KnowledgeChatResponse'];

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;
const STAFF = DEMO_ACCOUNTS.find((account) => account.role === 'STAFF')!.email;
const PGA = DEMO_ACCOUNTS.find((account) => account.role === 'PGA')!.email;
const PGA_DOCUMENT = 'pga-go-live-notes.txt';
const VPN_QUESTION = 'How do I install the VPN client GlobalProtect?';
const PGA_QUESTION = 'When is the PGA go-live cutover window?';

/** Every event of a server-sent event stream, in order. */
function eventsOf(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as ChatStreamEvent;
      expect(data.type).toBe(name);
      return data;
    });
}

function markersOf(text: string): string[] {
  return [...text.matchAll(/\[(\d+)\]/g)].map((match) => match[1]!);
}

describe('trimToBudget', () => {
  const message = (role: 'user' | 'assistant', content: string) => ({
    id: '1',
    role,
    content,
    stopped: false,
  });

  it('keeps the most recent messages that fit, starting with a question, and always the last one', () => {
    const long = 'x'.repeat(400); // about 104 tokens each
    const history = [
      message('user', `1 ${long}`),
      message('assistant', `2 ${long}`),
      message('user', `3 ${long}`),
      message('assistant', `4 ${long}`),
      message('user', `5 ${long}`),
    ];
    const kept = trimToBudget(history, 350);
    expect(kept.map((entry) => entry.content[0])).toEqual(['3', '4', '5']);
    expect(trimToBudget(history, 10).map((entry) => entry.content[0])).toEqual(['5']);
    expect(trimToBudget(history, 10_000)).toHaveLength(5);
  });
});

describe.each(BACKENDS)('chat with a model on %s', (backend) => {
  let standin: LlmStandin;
  let server: TestServer;
  let origin: string;
  let admin: Caller;
  let staff: Caller;
  let pga: Caller;

  beforeAll(async () => {
    standin = await startLlmStandin();
    server = await startDemoKnowledgeServer(backend, {
      llm: standinLlmConfig(standin),
      chatRateLimit: { max: 1000, windowSeconds: 60 },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    admin = await sessionFor(server.db, ADMIN);
    staff = await sessionFor(server.db, STAFF);
    pga = await sessionFor(server.db, PGA);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await standin?.close();
  });
  beforeEach(() => standin.reset());

  const post = (url: string, caller: Caller, payload: object, headers: Record<string, string> = {}) =>
    call(server.app, caller, { method: 'POST', url, payload, headers });
  const gpt = (caller: Caller, Message: string, ConversationId?: string, headers?: Record<string, string>) =>
    post(
      '/api/chat/gpt',
      caller,
      { Message, ...(ConversationId !== undefined ? { ConversationId } : {}) },
      headers,
    );
  const knowledge = (
    caller: Caller,
    message: string,
    Department?: string,
    headers?: Record<string, string>,
  ) => post('/api/chat', caller, { message, ...(Department ? { Department } : {}) }, headers);
  /** A streamed AI chat request over real HTTP: its response, a reader of its events, and Stop. */
  async function openStream(caller: Caller, body: object) {
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/chat/gpt`, {
      method: 'POST',
      headers: { ...caller.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    return {
      response,
      /** Reads until `deltas` delta events have come, or to the end: all that was read so far. */
      async read(deltas = Number.POSITIVE_INFINITY): Promise<string> {
        while ((received.match(/event: delta/g) ?? []).length < deltas) {
          const { value, done } = await reader.read();
          if (done) break;
          received += decoder.decode(value, { stream: true });
        }
        return received;
      },
      /** What a client's Stop does: the request is aborted. */
      async stop(): Promise<void> {
        controller.abort();
        await reader.cancel().catch(() => {});
      },
    };
  }
  /** Streams an AI chat answer and stops it once five deltas have come: the response. */
  async function streamThenStop(caller: Caller, body: object): Promise<Response> {
    const stream = await openStream(caller, body);
    await stream.read(5);
    await stream.stop();
    return stream.response;
  }
  const history = async (caller: Caller) =>
    (await call(server.app, caller, { method: 'POST', url: '/api/chat/getHistory', payload: {} })).json()
      .History as Array<{ ConversationId: string; ChipSummary: string }>;
  const conversation = (caller: Caller, ConversationId: string) =>
    call(server.app, caller, {
      method: 'POST',
      url: '/api/chat/getConversation',
      payload: { ConversationId },
    });

  it('tells the signed-in person that there is a language model', async () => {
    const me = await call(server.app, staff, { method: 'GET', url: '/api/auth' });
    expect(me.json()).toMatchObject({ user: { email: STAFF }, hasLanguageModel: true });
  });

  describe('the AI chat', () => {
    it('answers, keeps the conversation per user with its label, and gives the model what was said', async () => {
      const first = await gpt(staff, 'What is a good name for a\nrelease train?');
      expect(first.statusCode).toBe(200);
      const answer = first.json();
      expect(answer.Answer).toBe('Stand-in answer to “What is a good name for a\nrelease train?”.');
      expect(answer.ConversationId).toMatch(/^[0-9a-f-]{36}$/);
      // Labelled by the model (the stand-in names it with the question's first six words).
      expect(answer.ChipSummary).toBe('What is a good name for');

      const second = (await gpt(staff, 'And a shorter one?', answer.ConversationId)).json();
      expect(second.ConversationId).toBe(answer.ConversationId);
      expect(second.Answer).toContain('This conversation has 2 earlier messages');
      const seen = standin.requests().at(-1)!;
      expect(seen.model).toBe('standin');
      expect(seen.stream).toBe(true);
      expect(seen.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);

      const other = (await gpt(staff, 'Another topic entirely')).json();
      const list = await history(staff);
      expect(list.slice(0, 2)).toEqual([
        {
          ConversationId: other.ConversationId,
          ChipSummary: 'Another topic entirely',
          CreatedAt: expect.any(String),
        },
        {
          ConversationId: answer.ConversationId,
          ChipSummary: answer.ChipSummary,
          CreatedAt: expect.any(String),
        },
      ]);

      const opened = (await conversation(staff, answer.ConversationId)).json();
      expect(opened.ChipSummary).toBe(answer.ChipSummary);
      expect(opened.Messages.map((message: { type: number }) => message.type)).toEqual([1, 0, 1, 0]);
      expect(opened.Messages[3].message).toBe(second.Answer);

      const deleted = await call(server.app, staff, {
        method: 'POST',
        url: '/api/chat/delete',
        payload: { ConversationId: answer.ConversationId },
      });
      expect(deleted.statusCode).toBe(200);
      expect((await conversation(staff, answer.ConversationId)).statusCode).toBe(404);
      expect((await history(staff)).map((item) => item.ConversationId)).not.toContain(answer.ConversationId);
    });

    it("answers 404 for someone else's conversation, whatever the call", async () => {
      const mine = (await gpt(pga, 'My private question')).json();
      expect((await conversation(staff, mine.ConversationId)).statusCode).toBe(404);
      expect((await gpt(staff, 'Continue it', mine.ConversationId)).statusCode).toBe(404);
      const deleted = await call(server.app, staff, {
        method: 'POST',
        url: '/api/chat/delete',
        payload: { ConversationId: mine.ConversationId },
      });
      expect(deleted.statusCode).toBe(404);
      expect((await history(staff)).map((item) => item.ConversationId)).not.toContain(mine.ConversationId);
      expect((await conversation(pga, mine.ConversationId)).json().Messages).toHaveLength(2);
      expect((await conversation(staff, 'not-a-uuid')).statusCode).toBe(404);
    });

    it('replaces the last question and its answer with ReplaceLastQuestion (regenerate, edit and resend), kept through a reopen', async () => {
      const replace = (Message: string, ConversationId: string, headers: Record<string, string> = {}) =>
        call(server.app, staff, {
          method: 'POST',
          url: '/api/chat/gpt',
          payload: { Message, ConversationId, ReplaceLastQuestion: true },
          headers,
        });
      const first = await gpt(staff, 'Name a colour');
      expect(first.headers['x-chat-replace-last']).toBe('supported');
      const id = first.json().ConversationId as string;
      await gpt(staff, 'Name a fruit', id);

      // Regenerate: the same question again, the old answer gone.
      const regenerated = await replace('Name a fruit', id);
      expect(regenerated.statusCode).toBe(200);
      // The model saw the conversation without the replaced tail.
      expect(regenerated.json().Answer).toContain('This conversation has 2 earlier messages');
      expect(
        standin
          .requests()
          .at(-1)!
          .messages.map((message) => message.content)
          .at(-1),
      ).toBe('Name a fruit');
      let opened = await conversation(staff, id);
      expect(opened.headers['x-chat-replace-last']).toBe('supported');
      expect(opened.json().Messages.map((message: { message: string }) => message.message)).toEqual([
        'Name a colour',
        first.json().Answer,
        'Name a fruit',
        regenerated.json().Answer,
      ]);

      // Edit and resend, streamed: the last question becomes the new one.
      const edited = await replace('Name a vegetable', id, { accept: 'text/event-stream' });
      expect(edited.headers['x-chat-replace-last']).toBe('supported');
      const done = eventsOf(edited.body).at(-1) as Extract<ChatStreamEvent, { type: 'done' }>;
      opened = await conversation(staff, id);
      expect(opened.json().Messages.map((message: { message: string }) => message.message)).toEqual([
        'Name a colour',
        first.json().Answer,
        'Name a vegetable',
        (done.data as { Answer: string }).Answer,
      ]);

      // A failed replacement leaves the conversation as it was, before or after its first words.
      expect((await replace('Fail please [[standin:error=500]]', id)).statusCode).toBe(502);
      expect((await conversation(staff, id)).json().Messages).toEqual(opened.json().Messages);
      const cut = await replace('Cut me off [[standin:drop-after=3]]', id, { accept: 'text/event-stream' });
      expect(eventsOf(cut.body).at(-1)!.type).toBe('error');
      expect((await conversation(staff, id)).json().Messages).toEqual(opened.json().Messages);

      // Without a conversation it is an ordinary first question.
      const fresh = await call(server.app, staff, {
        method: 'POST',
        url: '/api/chat/gpt',
        payload: { Message: 'A new start', ReplaceLastQuestion: true },
      });
      expect(fresh.statusCode).toBe(200);
      expect((await conversation(staff, fresh.json().ConversationId)).json().Messages).toHaveLength(2);
    });

    it('replaces the tail with a stopped replacement: the new question and what was said of its answer', async () => {
      const id = (await gpt(staff, 'Name a planet')).json().ConversationId as string;
      await streamThenStop(staff, {
        Message: 'Name a moon slowly [[standin:words=200]] [[standin:delay=40]]',
        ConversationId: id,
        ReplaceLastQuestion: true,
      });
      let messages: Array<{ type: number; message: string; stopped?: boolean }> = [];
      await expect
        .poll(
          async () => {
            messages = (await conversation(staff, id)).json().Messages ?? [];
            return messages.map((message) => message.type).join() === '1,0' && messages[1]!.stopped === true;
          },
          { timeout: 5000 },
        )
        .toBe(true);
      expect(messages[0]!.message).toContain('Name a moon slowly');
      expect(messages[1]!.message.length).toBeGreaterThan(0);
    });

    it('streams delta events then done with the JSON answer; the deltas make the answer', async () => {
      const response = await gpt(staff, 'Stream this please', undefined, { accept: 'text/event-stream' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const events = eventsOf(response.body);
      const done = events.at(-1)!;
      expect(done.type).toBe('done');
      const deltas = events.slice(0, -1);
      expect(deltas.length).toBeGreaterThan(2);
      expect(deltas.every((event) => event.type === 'delta')).toBe(true);
      const text = deltas.map((event) => (event.type === 'delta' ? event.text : '')).join('');
      const data = (done as Extract<ChatStreamEvent, { type: 'done' }>).data as {
        Answer: string;
        ConversationId: string;
      };
      expect(text).toBe(data.Answer);
      expect(response.headers['x-conversation-id']).toBe(data.ConversationId);
    });

    it('keeps what was said when the client stops a streamed answer, and stops the model request', async () => {
      const response = await streamThenStop(staff, {
        Message: 'Tell me a long story [[standin:words=200]] [[standin:delay=40]]',
      });
      expect(response.status).toBe(200);
      const id = response.headers.get('x-conversation-id')!;
      // The model request ends, and the partial answer is kept, marked as stopped.
      await expect.poll(() => standin.stats().aborted, { timeout: 5000 }).toBe(1);
      let messages: Array<{ type: number; message: string; stopped?: boolean }> = [];
      await expect
        .poll(
          async () => {
            messages = (await conversation(staff, id)).json().Messages ?? [];
            return messages.length;
          },
          { timeout: 5000 },
        )
        .toBe(2);
      expect(messages[1]!.stopped).toBe(true);
      expect(messages[1]!.message).toMatch(/^word1 word2 word3 word4/);
      expect(messages[1]!.message.split(' ').length).toBeLessThan(200);
      expect(standin.stats().completed).toBe(0);
    });

    it('keeps the answer as it grows, marked stopped until it is complete', async () => {
      const response = await fetch(`${origin}/api/chat/gpt`, {
        method: 'POST',
        headers: { ...staff.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ Message: 'Grow slowly [[standin:words=60]] [[standin:delay=50]]' }),
      });
      const id = response.headers.get('x-conversation-id')!;
      // Seen from another tab while it is written: what was said so far, not yet complete.
      let partial: { message: string; stopped?: boolean } | undefined;
      await expect
        .poll(
          async () => {
            partial = (await conversation(staff, id)).json().Messages?.[1];
            return partial?.message.split(' ').length ?? 0;
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(3);
      expect(partial!.stopped).toBe(true);
      expect(partial!.message).toMatch(/^word1 word2 word3/);
      const events = eventsOf(await response.text());
      expect(events.at(-1)!.type).toBe('done');
      const messages = (await conversation(staff, id)).json().Messages;
      expect(messages).toHaveLength(2);
      // The answer carries its id (the AnswerId to vote on it), nothing else beside its text.
      expect(messages[1]).toEqual({
        type: 0,
        id: expect.stringMatching(/^\d+$/),
        message: expect.stringMatching(/ word60\.?$/),
      });
    });

    it('ends a streamed answer with 401 unauthenticated once its user is deleted, and stops the model request', async () => {
      const email = `deleted-midway-${randomBytes(4).toString('hex')}@example.com`;
      await addUser(server.db, email, 'STAFF');
      const doomed = await sessionFor(server.db, email);
      const stream = await openStream(doomed, {
        Message: 'A long answer [[standin:words=400]] [[standin:delay=50]]',
      });
      expect(stream.response.status).toBe(200);
      await stream.read(3);
      const deleted = await call(server.app, admin, {
        method: 'POST',
        url: '/api/users/delete',
        payload: { emails: [email] },
      });
      expect(deleted.statusCode).toBe(200);
      const events = eventsOf(await stream.read());
      expect(events.at(-1)).toEqual({
        type: 'error',
        error: { error: 'Your session has ended. Sign in again.', code: 'unauthenticated' },
      });
      // Ended, not run to its 400th word.
      expect(events.filter((event) => event.type === 'delta').length).toBeLessThan(400);
      await expect.poll(() => standin.stats().aborted, { timeout: 5000 }).toBe(1);
      expect(standin.stats().completed).toBe(0);
    });

    it('answers a JSON question 401 unauthenticated once its user is deleted mid-answer', async () => {
      const email = `deleted-json-${randomBytes(4).toString('hex')}@example.com`;
      await addUser(server.db, email, 'STAFF');
      const doomed = await sessionFor(server.db, email);
      const answer = fetch(`${origin}/api/chat/gpt`, {
        method: 'POST',
        headers: { ...doomed.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ Message: 'A long answer [[standin:words=400]] [[standin:delay=50]]' }),
      });
      await expect.poll(() => standin.stats().active, { timeout: 5000 }).toBe(1);
      await call(server.app, admin, {
        method: 'POST',
        url: '/api/users/delete',
        payload: { emails: [email] },
      });
      const response = await answer;
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'Your session has ended. Sign in again.',
        code: 'unauthenticated',
      });
      await expect.poll(() => standin.stats().aborted, { timeout: 5000 }).toBe(1);
    });

    it('names a new conversation by the model, over the stream too; its first question stays the label when the model gives none', async () => {
      const before = standin.labels();
      const streamed = await gpt(
        staff,
        'Which   trains leave for Lyon tonight? [[standin:words=5]]',
        undefined,
        {
          accept: 'text/event-stream',
        },
      );
      const done = JSON.parse(/event: done\ndata: (.*)\n/.exec(streamed.body)![1]!).data as {
        ConversationId: string;
        ChipSummary: string;
      };
      expect(done.ChipSummary).toBe('Which trains leave for Lyon tonight');
      expect(standin.labels()).toBe(before + 1);
      expect((await history(staff)).find((item) => item.ConversationId === done.ConversationId)).toEqual({
        ConversationId: done.ConversationId,
        ChipSummary: 'Which trains leave for Lyon tonight',
        CreatedAt: expect.any(String),
      });
      // A follow-up keeps the name and asks for none.
      await gpt(staff, 'And tomorrow?', done.ConversationId);
      expect(standin.labels()).toBe(before + 1);

      // A model that names nothing (an answer of no words): the first question, shortened, is the label.
      const unnamed = (await gpt(staff, '?!')).json();
      expect(unnamed.ChipSummary).toBe('?!');
    });

    it('keeps what was said when a JSON client goes away mid-answer, and stops the model request', async () => {
      const before = new Set((await history(staff)).map((item) => item.ConversationId));
      const controller = new AbortController();
      const request = fetch(`${origin}/api/chat/gpt`, {
        method: 'POST',
        headers: { ...staff.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ Message: 'A slow answer [[standin:words=100]] [[standin:delay=30]]' }),
        signal: controller.signal,
      });
      await expect.poll(() => standin.stats().active, { timeout: 5000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      await expect(request).rejects.toThrow();
      await expect.poll(() => standin.stats().aborted, { timeout: 5000 }).toBe(1);
      let added: { ConversationId: string } | undefined;
      await expect
        .poll(
          async () => {
            added = (await history(staff)).find((item) => !before.has(item.ConversationId));
            return added ? (await conversation(staff, added.ConversationId)).json().Messages.length : 0;
          },
          { timeout: 5000 },
        )
        .toBe(2);
      const answer = (await conversation(staff, added!.ConversationId)).json().Messages[1];
      expect(answer.stopped).toBe(true);
      expect(answer.message).toMatch(/^word1 word2/);
    });

    it('answers the error body when the model fails, and takes the question back', async () => {
      const before = (await history(staff)).length;
      const failed = await gpt(staff, 'Fail please [[standin:error=500]]');
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ code: 'model_error' });
      expect(failed.json().error).toContain('HTTP 500');
      // Retried once before any word (LLM_MAX_RETRIES = 1), never after.
      expect(standin.stats().requests).toBe(2);
      expect(await history(staff)).toHaveLength(before);

      const streamed = await gpt(staff, 'Fail please [[standin:error=503]]', undefined, {
        accept: 'text/event-stream',
      });
      expect(streamed.statusCode).toBe(502);
      expect(streamed.json().code).toBe('model_error');
    });

    it("says what the model's error status means, retrying only what may pass", async () => {
      const refused = await gpt(staff, 'Who am I [[standin:error=401]]');
      expect(refused.json()).toEqual({
        error: "The language model refused the server's credentials (HTTP 401); check LLM_API_KEY.",
        code: 'model_error',
      });
      expect(standin.stats().requests).toBe(1);
      standin.reset();
      const missing = await gpt(staff, 'Where are you [[standin:error=404]]');
      expect(missing.json().error).toBe(
        'The language model was not found (HTTP 404); check LLM_BASE_URL and LLM_MODEL.',
      );
      expect(standin.stats().requests).toBe(1);
      standin.reset();
      const busy = await gpt(staff, 'Are you busy [[standin:error=429]]');
      expect(busy.statusCode).toBe(502);
      expect(busy.json().error).toBe(
        'The language model is busy (it answered 429 Too Many Requests). Try again in a moment.',
      );
      expect(standin.stats().requests).toBe(2);
    });

    it('answers 502 model_error when the model says nothing, and keeps no such conversation', async () => {
      standin.script({ text: '' }, { text: '   ' });
      const empty = await gpt(staff, 'Say nothing');
      expect(empty.statusCode).toBe(502);
      expect(empty.json()).toEqual({
        error: 'The language model gave an empty answer. Try asking again.',
        code: 'model_error',
      });
      const blank = await gpt(staff, 'Say nothing', undefined, { accept: 'text/event-stream' });
      // Blank text opens the stream, which then ends with the same error.
      expect(blank.statusCode).toBe(200);
      expect(eventsOf(blank.body).at(-1)).toMatchObject({ type: 'error', error: { code: 'model_error' } });
      expect((await history(staff)).map((item) => item.ChipSummary)).not.toContain('Say nothing');
    });

    it('retries a failed request before any word, so a passing failure is not seen', async () => {
      standin.script({ status: 503 });
      const response = await gpt(staff, 'Retry me');
      expect(response.statusCode).toBe(200);
      expect(response.json().Answer).toBe('Stand-in answer to “Retry me”.');
      expect(standin.stats().requests).toBe(2);
    });

    it('ends a stream cut by the model with an error event, without retrying it', async () => {
      const response = await gpt(staff, 'Cut me off [[standin:drop-after=3]]', undefined, {
        accept: 'text/event-stream',
      });
      expect(response.statusCode).toBe(200);
      const events = eventsOf(response.body);
      expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(0);
      const last = events.at(-1)!;
      expect(last.type).toBe('error');
      expect(last.type === 'error' && last.error.code).toBe('model_error');
      expect(standin.stats().requests).toBe(1);
    });

    it('answers 504 model_timeout when the model stays silent (never a hung request)', async () => {
      const started = Date.now();
      const silent = await gpt(staff, 'Hang [[standin:hang]]');
      expect(silent.statusCode).toBe(504);
      expect(silent.json()).toMatchObject({ code: 'model_timeout' });
      expect(Date.now() - started).toBeLessThan(10_000);

      const stalled = await gpt(staff, 'Stall [[standin:hang-after=2]]', undefined, {
        accept: 'text/event-stream',
      });
      const events = eventsOf(stalled.body);
      expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'model_timeout' } });
    });
  });

  describe('the knowledge chat', () => {
    it('answers the IT department in raw_response with markers naming only its sources', async () => {
      const response = await knowledge(staff, VPN_QUESTION, 'it');
      expect(response.statusCode).toBe(200);
      const answer = response.json() as KnowledgeAnswer;
      expect(answer.raw_response).toBeDefined();
      expect(answer.response).toBeUndefined();
      const keys = Object.keys(answer.sources);
      expect(keys.length).toBeGreaterThan(0);
      const markers = markersOf(answer.raw_response!);
      expect(markers.length).toBeGreaterThan(0);
      expect(markers.every((marker) => keys.includes(marker))).toBe(true);
      const first = answer.sources['1']!;
      expect(first.document).toBe('it-onboarding-vpn-guide.md');
      expect(first.context).toContain('GlobalProtect');
      // A Markdown passage opens in the passage page, scrolled to it (a PDF's opens at its page).
      expect(first.link).toMatch(
        /^\/api\/knowledge\/documents\/passage\?id=[0-9a-f-]{36}&g=\d+&chunk=\d+#passage$/,
      );
      expect(first.references).toEqual([first.link]);
      expect(first.location).toContain('VPN');
      expect(first.snippet).toContain('**');
      // The model was given those passages, numbered.
      expect(standin.requests().at(-1)!.messages[0]!.content).toContain('[1] it-onboarding-vpn-guide.md');

      const passage = await call(server.app, staff, {
        method: 'GET',
        url: first.link!.replace('#passage', ''),
      });
      expect(passage.statusCode).toBe(200);
      expect(passage.headers['content-type']).toMatch(/^text\/html/);
      expect(passage.body).toMatch(/<mark id="passage"[^>]*>[\s\S]*GlobalProtect[\s\S]*<\/mark>/);
      const id = new URL(first.link!, 'http://server').searchParams.get('id');
      const file = await call(server.app, staff, {
        method: 'GET',
        url: `/api/knowledge/documents/file?id=${id}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^text\/plain/);
      expect(file.headers['content-disposition']).toContain('inline; filename="it-onboarding-vpn-guide.md"');
      expect(file.headers['content-security-policy']).toContain('sandbox');
      expect(file.body).toContain('# IT onboarding and VPN guide');
    });

    it('removes citation markers that name no retrieved source', async () => {
      const response = await knowledge(staff, `${VPN_QUESTION} [[standin:bad-citation]]`);
      const answer = response.json() as KnowledgeAnswer;
      expect(answer.response).toContain('This claim cites nothing that was given, and this one half [1].');
      expect(answer.response).not.toContain('[99]');
      expect(answer.response).not.toContain('42');
      expect(markersOf(answer.response!).every((marker) => marker in answer.sources)).toBe(true);
    });

    it('streams sources, then deltas, then done; the deltas make the answer', async () => {
      const response = await knowledge(staff, `${VPN_QUESTION} [[standin:bad-citation]]`, 'it', {
        accept: 'text/event-stream',
      });
      const events = eventsOf(response.body);
      expect(events[0]!.type).toBe('sources');
      expect(events.at(-1)!.type).toBe('done');
      const deltas = events.slice(1, -1);
      expect(deltas.every((event) => event.type === 'delta')).toBe(true);
      const done = events.at(-1) as Extract<ChatStreamEvent, { type: 'done' }>;
      const data = done.data as KnowledgeAnswer;
      expect(deltas.map((event) => (event.type === 'delta' ? event.text : '')).join('')).toBe(
        data.raw_response,
      );
      expect(events[0]!.type === 'sources' && events[0]!.sources).toEqual(data.sources);
      expect(data.raw_response).not.toContain('[99]');
    });

    it('says so when nothing relevant is found, without asking the model', async () => {
      const answer = (await knowledge(staff, 'What is the airspeed velocity of an unladen swallow?')).json();
      expect(answer.response).toMatch(/^I could not find anything about this in the knowledge base/);
      expect(answer.sources).toEqual({});
      expect(standin.stats().requests).toBe(0);
    });

    it('keeps PGA to the PGA capability: 403 for staff, never a PGA source or file for them', async () => {
      const refused = await knowledge(staff, PGA_QUESTION, 'pga');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden');

      const granted = (await knowledge(pga, PGA_QUESTION, 'pga')).json() as KnowledgeAnswer;
      const pgaSource = Object.values(granted.sources).find((source) => source.document === PGA_DOCUMENT);
      expect(pgaSource).toBeDefined();
      expect(granted.response).toMatch(/\[1\]/);
      expect((await call(server.app, pga, { method: 'GET', url: pgaSource!.link! })).statusCode).toBe(200);
      expect((await call(server.app, admin, { method: 'GET', url: pgaSource!.link! })).statusCode).toBe(200);

      standin.reset();
      for (const department of [undefined, 'it', 'devops_preprod', 'cs_preprod', 'education']) {
        const answer = (await knowledge(staff, PGA_QUESTION, department)).json() as KnowledgeAnswer;
        expect(Object.values(answer.sources).map((source) => source.document)).not.toContain(PGA_DOCUMENT);
        for (const request of standin.requests()) {
          expect(request.messages[0]!.content).not.toContain(PGA_DOCUMENT);
        }
      }
      const hidden = await call(server.app, staff, { method: 'GET', url: pgaSource!.link! });
      expect(hidden.statusCode).toBe(404);
    });

    it('passes hostile model text through as text (clients render it inert)', async () => {
      const answer = (await gpt(staff, 'Be hostile [[standin:hostile]]')).json();
      expect(answer.Answer).toContain('<script>');
      expect(answer.Answer).toContain('javascript:');
    });
  });
});

describe.each(BACKENDS)('chat without a model on %s', (backend) => {
  let server: TestServer;
  let staff: Caller;

  beforeAll(async () => {
    server = await startDemoKnowledgeServer(backend, {
      chatRateLimit: { max: 3, windowSeconds: 60 },
    });
    staff = await sessionFor(server.db, STAFF);
  }, 120_000);
  afterAll(() => server?.close());

  it('answers knowledge questions with quoted excerpts and their sources', async () => {
    const answer = (
      await call(server.app, staff, {
        method: 'POST',
        url: '/api/chat',
        payload: { message: VPN_QUESTION, Department: 'it' },
      })
    ).json() as KnowledgeAnswer;
    const text = answer.raw_response!;
    expect(text).toMatch(/^No language model is configured, so here are the most relevant excerpts/);
    expect(text).toContain('**Excerpt 1** — it-onboarding-vpn-guide.md');
    expect(text).toMatch(/\n> /);
    expect(markersOf(text).every((marker) => marker in answer.sources)).toBe(true);
    expect(answer.sources['1']!.document).toBe('it-onboarding-vpn-guide.md');
  });

  it('tells the signed-in person that there is no language model', async () => {
    const me = await call(server.app, staff, { method: 'GET', url: '/api/auth' });
    expect(me.json()).toMatchObject({ user: { email: STAFF }, hasLanguageModel: false });
  });

  it('answers the AI chat with 501 naming the settings to configure', async () => {
    const response = await call(server.app, staff, {
      method: 'POST',
      url: '/api/chat/gpt',
      payload: { Message: 'Hello?' },
      headers: { accept: 'text/event-stream' },
    });
    expect(response.statusCode).toBe(501);
    expect(response.json().code).toBe('model_not_configured');
    expect(response.json().error).toContain('LLM_BASE_URL');
    expect(response.json().error).toContain('LLM_MODEL');
  });

  it('limits questions per user with a clear 429', async () => {
    await addUser(server.db, 'asker@example.com', 'STAFF');
    const asker = await sessionFor(server.db, 'asker@example.com');
    const ask = (caller: Caller) =>
      call(server.app, caller, { method: 'POST', url: '/api/chat', payload: { message: 'VPN client' } });
    for (let index = 0; index < 3; index++) expect((await ask(asker)).statusCode).toBe(200);
    const refused = await ask(asker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(refused.json().error).toMatch(
      /^You are asking too quickly: at most 3 questions every 60 seconds\. Try again in/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Per user: someone else still asks.
    await addUser(server.db, 'other-asker@example.com', 'STAFF');
    expect((await ask(await sessionFor(server.db, 'other-asker@example.com'))).statusCode).toBe(200);
  });

  it('refuses a department the caller may not read with 403 before counting, also over the limit', async () => {
    await addUser(server.db, 'pga-prober@example.com', 'STAFF');
    const prober = await sessionFor(server.db, 'pga-prober@example.com');
    const ask = (Department?: string) =>
      call(server.app, prober, {
        method: 'POST',
        url: '/api/chat',
        payload: { message: 'go-live cutover', ...(Department ? { Department } : {}) },
      });
    // Refusals are not questions: they do not use up the limit.
    for (let index = 0; index < 4; index++) expect((await ask('pga')).statusCode).toBe(403);
    for (let index = 0; index < 3; index++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
    const refused = await ask('pga');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the chat rate limit, counted in Redis (TEST_REDIS_URL)', () => {
  const prefix = `da-test-${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    const config = { redisUrl, redisKeyPrefix: prefix, chatRateLimit: { max: 2, windowSeconds: 60 } };
    first = await startTestServer('pglite', config);
    second = await startTestServer('pglite', config);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('shares the counters of a user between server instances', async () => {
    // Same user id in both databases, as two instances on one database would see it.
    const { rows } = await first.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [STAFF]);
    await second.db.query('UPDATE users SET id = $1 WHERE email = $2', [rows[0]!.id, STAFF]);
    const ask = async (server: TestServer) =>
      call(server.app, await sessionFor(server.db, STAFF), {
        method: 'POST',
        url: '/api/chat',
        payload: { message: 'VPN' },
      });
    expect((await ask(first)).statusCode).toBe(200);
    expect((await ask(second)).statusCode).toBe(200);
    expect((await ask(first)).statusCode).toBe(429);
    const keys = await redis.keys(`${prefix}rate-limit:*`);
    expect(keys.some((key) => key.includes('/api/chat'))).toBe(true);
  });
});

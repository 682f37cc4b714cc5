import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../client';
import { unwrap } from '../errors';
import { streamChat } from '../stream-chat';
import { rejectionOf } from '../test-support/server';
import { createDemoServer, type DemoServer, type DemoServerOptions, demoStaff } from './demo-server';

const servers: DemoServer[] = [];

function setup(options: DemoServerOptions = {}) {
  const server = createDemoServer(options);
  servers.push(server);
  return { server, client: createClient({ baseUrl: 'http://api.test', fetch: server.fetch }) };
}

afterEach(() => {
  for (const server of servers.splice(0)) server.assertNoViolations();
});

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('the demo chat', () => {
  it('without a language model says so at /api/auth and answers the AI chat 501', async () => {
    const { client } = setup({ signedIn: demoStaff, chat: { hasLanguageModel: false } });
    expect((await unwrap(client.GET('/api/auth'))).hasLanguageModel).toBe(false);
    const error = await rejectionOf(unwrap(client.POST('/api/chat/gpt', { body: { Message: 'Hi' } })));
    expect(error).toMatchObject({ status: 501, code: 'model_not_configured' });
    // By default nothing is said, and the AI chat answers.
    const { client: usual } = setup({ signedIn: demoStaff });
    expect((await unwrap(usual.GET('/api/auth'))).hasLanguageModel).toBeUndefined();
  });

  it('keeps AI conversations per user: a new one gets its id on the first answer and tops the history', async () => {
    const { client } = setup();
    const first = await unwrap(client.POST('/api/chat/gpt', { body: { Message: 'First question' } }));
    await unwrap(client.POST('/api/chat/gpt', { body: { Message: 'Second topic' } }));
    await unwrap(
      client.POST('/api/chat/gpt', {
        body: { Message: 'Back to the first', ConversationId: first.ConversationId },
      }),
    );

    const { History } = await unwrap(client.POST('/api/chat/getHistory', { body: {} }));
    expect(History.map((item) => item.ChipSummary)).toEqual(['First question', 'Second topic']);
    const conversation = await unwrap(
      client.POST('/api/chat/getConversation', { body: { ConversationId: first.ConversationId } }),
    );
    expect(conversation.Messages).toEqual([
      { type: 1, message: 'First question' },
      { type: 0, message: 'You asked: First question' },
      { type: 1, message: 'Back to the first' },
      { type: 0, message: 'You asked: Back to the first' },
    ]);

    await unwrap(client.POST('/api/chat/delete', { body: { ConversationId: first.ConversationId } }));
    const after = await unwrap(client.POST('/api/chat/getHistory', { body: {} }));
    expect(after.History.map((item) => item.ChipSummary)).toEqual(['Second topic']);
  });

  it("answers 404 for someone else's conversation", async () => {
    const { client, server } = setup({
      conversations: [
        { ConversationId: 'theirs', ChipSummary: 'Private', owner: 'other@example.com', Messages: [] },
      ],
    });
    const { response } = await client.POST('/api/chat/getConversation', {
      body: { ConversationId: 'theirs' },
    });
    expect(response.status).toBe(404);
    expect(server.state.conversations).toHaveLength(1);
  });

  it('streams sources, word deltas and done when asked, and JSON otherwise', async () => {
    const { client } = setup();
    const events = await collect(streamChat(client, '/api/chat', { message: 'password?', Department: 'it' }));
    expect(events[0]).toMatchObject({ type: 'sources', sources: { '1': { document: 'IT guide.pdf' } } });
    const text = events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    expect(done?.type === 'done' && 'raw_response' in done.data && done.data.raw_response).toBe(text);

    const json = await unwrap(client.POST('/api/chat', { body: { message: 'password?', Department: 'it' } }));
    expect(json.raw_response).toBe(text);
  });

  it('refuses the PGA department to staff (403) and answers the PGA role', async () => {
    const staff = setup({ signedIn: demoStaff });
    const refused = await rejectionOf(
      collect(streamChat(staff.client, '/api/chat', { message: 'go-live?', Department: 'pga' })),
    );
    expect(refused).toMatchObject({ status: 403, code: 'forbidden' });

    const pga = setup({ signedIn: { ...demoStaff, email: 'pga@example.com', role: 'PGA' } });
    const answer = await unwrap(
      pga.client.POST('/api/chat', { body: { message: 'go-live?', Department: 'pga' } }),
    );
    expect(answer.message).toContain('blueprint');
  });

  it('answers JSON to a stream request when it plays a server without the streaming extension', async () => {
    const { client } = setup({ chat: { isStreaming: false } });
    const events = await collect(streamChat(client, '/api/chat/gpt', { Message: 'Hi' }));
    expect(events).toEqual([
      {
        type: 'done',
        data: { Answer: 'You asked: Hi', ConversationId: 'conversation-1', ChipSummary: 'Hi' },
      },
    ]);
  });

  it('keeps what was said so far, flagged stopped, when the client disconnects mid-answer over real HTTP', async () => {
    const { server } = setup({
      chat: { streamDelayMs: 20, answer: () => 'one two three four five six seven eight' },
    });
    const listening = await server.listen();
    try {
      const client = createClient({ baseUrl: listening.url });
      const controller = new AbortController();
      const seen: string[] = [];
      const stopped = await rejectionOf(
        (async () => {
          for await (const event of streamChat(client, '/api/chat/gpt', { Message: 'Count' }, controller)) {
            if (event.type === 'delta') seen.push(event.text);
            if (seen.length === 2) controller.abort();
          }
        })(),
      );
      expect(stopped.code).toBe('aborted');
      await expect.poll(() => server.state.conversations[0]?.Messages[1]?.stopped).toBe(true);
      const kept = server.state.conversations[0]?.Messages[1]?.message ?? '';
      expect(kept.startsWith('one two ')).toBe(true);
      expect(kept.length).toBeLessThan('one two three four five six seven eight'.length);
    } finally {
      await listening.close();
    }
  });

  it('answers the ELK agent with a metrics table and starts a new topic', async () => {
    const { client, server } = setup();
    const answer = await unwrap(client.POST('/api/chat/elk', { body: { message: 'cpu of prod' } }));
    expect(answer.Answer).toContain('<table>');
    expect(answer.Answer_resource).toEqual({ ResourceMachineType: 'n2-standard-4', ResourceTotalMemory: 16 });
    await unwrap(client.POST('/api/chat/elk/newtopic', { body: {} }));
    expect(server.state.elkTopics.size).toBe(0);
  });
});

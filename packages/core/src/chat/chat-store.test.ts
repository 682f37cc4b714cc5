import { createClient } from '@digital-assistant/sdk';
import { demoStaff, offContract } from '@digital-assistant/sdk/testing';
import { describe, expect, it, vi } from 'vitest';
import { createTestApi, json } from '../test-support/api';
import { type ChatState, createChatStore } from './chat-store';
import { createJsonChatTransport, createSseChatTransport } from './transport';

type Kind = 'json' | 'sse';

function setup(kind: Kind, serverOptions: Parameters<typeof createTestApi>[0] = {}) {
  const api = createTestApi(serverOptions);
  const logged: unknown[][] = [];
  const transport = kind === 'sse' ? createSseChatTransport(api.client) : createJsonChatTransport(api.client);
  const chat = createChatStore({
    client: api.client,
    transport,
    logger: { error: (...args) => logged.push(args) },
  });
  return { api, chat, logged };
}

const openai = (state: ChatState) => state.conversations.openai;
const lastMessage = (state: ChatState, channel: 'openai' | 'knowledge' | 'elk' = 'openai') =>
  state.conversations[channel].messages.at(-1);

/** Records every snapshot the store publishes. */
function record(chat: { subscribe(listener: () => void): () => void; getSnapshot(): ChatState }) {
  const states: ChatState[] = [];
  chat.subscribe(() => states.push(chat.getSnapshot()));
  return states;
}

describe.each<Kind>(['json', 'sse'])('the chat store over the %s transport', (kind) => {
  it('starts on the Knowledge department with every conversation inactive and nothing pending', () => {
    const { chat } = setup(kind);
    const state = chat.getSnapshot();
    expect(state).toMatchObject({ selection: 'knowledge', department: 'Knowledge', pendingResponse: false });
    expect(Object.values(state.conversations).map((conversation) => conversation.active)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('loads the History once, when the e-mail first becomes known', async () => {
    const { chat, api } = setup(kind, {
      conversations: [
        { ConversationId: 'c9', ChipSummary: 'Earlier', owner: 'admin@example.com', Messages: [] },
      ],
    });
    chat.setUser(null);
    expect(api.callsTo('POST /api/chat/getHistory')).toHaveLength(0);
    chat.setUser({ email: 'admin@example.com' });
    chat.setUser({ email: 'admin@example.com' });
    await vi.waitFor(() => expect(chat.history.getSnapshot().status).toBe('loaded'));
    expect(chat.history.getSnapshot().items).toEqual([{ conversationId: 'c9', chipSummary: 'Earlier' }]);
    expect(api.callsTo('POST /api/chat/getHistory')).toHaveLength(1);
  });

  it('refuses a prompt that is blank once newlines are removed, and sends nothing', async () => {
    const { chat, api } = setup(kind);
    expect(chat.canSend('\n\n')).toBe(false);
    expect(await chat.send(' \n ')).toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(chat.getSnapshot().conversations.knowledge.active).toBe(false);
  });

  it('is pending from sending until the answer, refusing other sends meanwhile', async () => {
    const { chat, api } = setup(kind);
    chat.chooseChatType('openai');
    const sending = chat.send('Hello');
    expect(chat.getSnapshot()).toMatchObject({ pendingResponse: true, pendingChannel: 'openai' });
    expect(openai(chat.getSnapshot()).active).toBe(true);
    expect(lastMessage(chat.getSnapshot())).toMatchObject({ type: 0, status: 'pending', message: '' });
    expect(chat.canSend('Another')).toBe(false);
    expect(await chat.send('Another')).toBe(false);

    expect(await sending).toBe(true);
    expect(chat.getSnapshot().pendingResponse).toBe(false);
    expect(api.callsTo('POST /api/chat/gpt')).toHaveLength(1);
  });

  it('gives a new AI conversation its id on the first answer and puts it at the top of the History', async () => {
    const { chat, api } = setup(kind, {
      conversations: [
        { ConversationId: 'old', ChipSummary: 'Older talk', owner: 'admin@example.com', Messages: [] },
      ],
    });
    chat.setUser({ email: 'admin@example.com' });
    await vi.waitFor(() => expect(chat.history.getSnapshot().status).toBe('loaded'));
    chat.chooseChatType('openai');

    await chat.send('What is SSO?');
    const state = chat.getSnapshot();
    expect(openai(state).conversationId).toBe('conversation-1');
    expect(
      openai(state).messages.map((message) => [message.type, message.message, message.conversationId]),
    ).toEqual([
      [1, 'What is SSO?', 'conversation-1'],
      [0, 'You asked: What is SSO?', 'conversation-1'],
    ]);
    expect(lastMessage(state)?.status).toBe('done');
    expect(chat.history.getSnapshot().items).toEqual([
      { conversationId: 'conversation-1', chipSummary: 'What is SSO?' },
      { conversationId: 'old', chipSummary: 'Older talk' },
    ]);

    await chat.send('And OIDC?');
    expect(api.callsTo('POST /api/chat/gpt')[1]?.body).toEqual({
      Message: 'And OIDC?',
      ConversationId: 'conversation-1',
    });
    expect(chat.history.getSnapshot().items).toHaveLength(2);
  });

  it('asks the knowledge chat with the department (none for Knowledge) and keeps the sources, the IT text from raw_response', async () => {
    const { chat, api } = setup(kind);
    await chat.send('What do you know?');
    chat.chooseDepartment('IT');
    await chat.send('How do I reset my password?');

    expect(api.callsTo('POST /api/chat').map((call) => call.body)).toEqual([
      { message: 'What do you know?' },
      { message: 'How do I reset my password?', Department: 'it' },
    ]);
    const answer = lastMessage(chat.getSnapshot(), 'knowledge');
    expect(answer).toMatchObject({ status: 'done', department: 'IT', channel: 'knowledge' });
    expect(answer?.message).toContain('self-service portal');
    expect(answer?.sources?.['1']).toMatchObject({
      document: 'IT guide.pdf',
      location: 'page 3 · Accounts > Passwords',
    });
  });

  it("shows 'Error fetching response' on the answer when the call fails, with the server's reason beside it", async () => {
    const { chat } = setup(kind, { signedIn: demoStaff });
    chat.chooseDepartment('PGA');
    await chat.send('Go-live date?');
    expect(lastMessage(chat.getSnapshot(), 'knowledge')).toMatchObject({
      status: 'error',
      error: {
        text: 'Error fetching response',
        detail: 'The PGA department needs the PGA capability.',
        code: 'forbidden',
        status: 403,
      },
    });
    expect(chat.getSnapshot().pendingResponse).toBe(false);
  });

  it("shows 'Error fetching response.' when the answer has no usable content", async () => {
    const { chat } = setup(kind, { chat: { answer: () => '' } });
    chat.chooseChatType('openai');
    await chat.send('Anything?');
    expect(lastMessage(chat.getSnapshot())).toMatchObject({
      status: 'error',
      error: { text: 'Error fetching response.' },
    });
  });

  it('stops an answer on request, keeping what was said so far, and frees the composer', async () => {
    const { chat, api } = setup(kind, {
      chat: { streamDelayMs: 15, answer: () => 'one two three four five six seven eight nine ten' },
      delayMs: kind === 'json' ? 200 : 0,
    });
    chat.setUser({ email: 'admin@example.com' });
    chat.chooseChatType('openai');
    const sending = chat.send('Count to ten');
    if (kind === 'sse') {
      await vi.waitFor(() => expect(lastMessage(chat.getSnapshot())?.message).toContain('two'));
    }
    chat.stop();
    await sending;

    const answer = lastMessage(chat.getSnapshot());
    expect(answer?.status).toBe('stopped');
    expect(chat.getSnapshot().pendingResponse).toBe(false);
    if (kind === 'sse') {
      expect(answer?.message.startsWith('one two')).toBe(true);
      expect(answer?.message).not.toContain('ten');
      // The server kept the partial answer under a new conversation: the History names it.
      await vi.waitFor(() => expect(openai(chat.getSnapshot()).conversationId).toBe('conversation-1'));
      expect(api.state.conversations[0]?.Messages[1]?.stopped).toBe(true);
    } else {
      expect(answer?.message).toBe('');
    }
  });

  it('opens a History item only if it differs from the current one, with its messages', async () => {
    const { chat, api } = setup(kind, {
      conversations: [
        {
          ConversationId: 'c1',
          ChipSummary: 'VPN',
          owner: 'admin@example.com',
          Messages: [
            { type: 1, message: 'VPN?' },
            { type: 0, message: 'Use the client', stopped: true },
          ],
        },
      ],
    });
    await chat.selectConversation('c1');
    await chat.selectConversation('c1');

    expect(api.callsTo('POST /api/chat/getConversation')).toHaveLength(1);
    const state = chat.getSnapshot();
    expect(state.selection).toBe('openai');
    expect(openai(state)).toMatchObject({ conversationId: 'c1', active: true });
    expect(openai(state).messages.map((message) => [message.type, message.message, message.status])).toEqual([
      [1, 'VPN?', 'done'],
      [0, 'Use the client', 'stopped'],
    ]);
  });

  it('removes a deleted conversation on success and starts a new one when it was the current one', async () => {
    const { chat } = setup(kind, {
      conversations: [
        {
          ConversationId: 'c1',
          ChipSummary: 'One',
          owner: 'admin@example.com',
          Messages: [{ type: 1, message: 'x' }],
        },
        { ConversationId: 'c2', ChipSummary: 'Two', owner: 'admin@example.com', Messages: [] },
      ],
    });
    chat.setUser({ email: 'admin@example.com' });
    await vi.waitFor(() => expect(chat.history.getSnapshot().items).toHaveLength(2));
    await chat.selectConversation('c1');

    expect(await chat.deleteConversation('c2')).toBe(true);
    expect(chat.history.getSnapshot().items.map((entry) => entry.conversationId)).toEqual(['c1']);
    expect(openai(chat.getSnapshot()).conversationId).toBe('c1');

    expect(await chat.deleteConversation('c1')).toBe(true);
    expect(chat.history.getSnapshot().items).toEqual([]);
    expect(openai(chat.getSnapshot())).toEqual({ conversationId: '', active: false, messages: [] });
  });

  it("only logs 'Error deleting conversation' when deleting fails, and keeps the item", async () => {
    const { chat, api, logged } = setup(kind, {
      conversations: [{ ConversationId: 'c1', ChipSummary: 'One', owner: 'admin@example.com', Messages: [] }],
    });
    chat.setUser({ email: 'admin@example.com' });
    await vi.waitFor(() => expect(chat.history.getSnapshot().items).toHaveLength(1));
    api.use({ 'POST /api/chat/delete': () => ({ status: 500, body: { error: 'boom', code: 'internal' } }) });

    expect(await chat.deleteConversation('c1')).toBe(false);
    expect(chat.history.getSnapshot().items).toHaveLength(1);
    expect(logged[0]?.[0]).toBe('Error deleting conversation');
  });

  it('stores the chosen chat type and department, and nothing else happens (navigating is for the app layer)', () => {
    const { chat } = setup(kind);
    const states = record(chat);
    chat.chooseChatType('knowledge');
    chat.chooseDepartment('Knowledge');
    expect(states).toEqual([]);
    chat.chooseChatType('openai');
    chat.chooseDepartment('DevOps');
    chat.chooseChatType('knowledge');
    expect(states.map((state) => [state.selection, state.department])).toEqual([
      ['openai', 'Knowledge'],
      ['knowledge', 'DevOps'],
    ]);
  });

  it('starts afresh for another user: nothing of the previous chat or History stays', async () => {
    const { chat, api } = setup(kind);
    chat.setUser({ email: 'admin@example.com' });
    chat.chooseChatType('openai');
    await chat.send('Mine');
    chat.setUser(null);
    expect(openai(chat.getSnapshot())).toEqual({ conversationId: '', active: false, messages: [] });
    expect(chat.history.getSnapshot().items).toEqual([]);
    chat.setUser({ email: 'staff@example.com' });
    await vi.waitFor(() => expect(api.callsTo('POST /api/chat/getHistory')).toHaveLength(2));
  });

  it('answers the ELK agent with a metrics panel hidden until toggled, and New Topic clears its session', async () => {
    const { chat, api } = setup(kind);
    await chat.send('cpu of prod', { channel: 'elk' });
    const answer = lastMessage(chat.getSnapshot(), 'elk');
    expect(answer).toMatchObject({ status: 'done', message: 'Metrics for cpu of prod' });
    expect(answer?.elk).toMatchObject({
      hasElk: true,
      visible: false,
      machineType: 'n2-standard-4',
      totalMemory: 16,
    });
    chat.toggleMetrics(answer?.id ?? '');
    expect(lastMessage(chat.getSnapshot(), 'elk')?.elk?.visible).toBe(true);

    await chat.newTopic('elk');
    expect(chat.getSnapshot().conversations.elk.messages).toEqual([]);
    expect(api.callsTo('POST /api/chat/elk/newtopic')).toHaveLength(1);
  });

  it('makes the conversation inactive when its id is set empty', () => {
    const { chat } = setup(kind);
    chat.setConversationId('c5');
    expect(openai(chat.getSnapshot())).toMatchObject({ conversationId: 'c5', active: true });
    chat.setConversationId('');
    expect(openai(chat.getSnapshot()).active).toBe(false);
  });
});

describe('streaming', () => {
  it('accumulates the answer word by word, with the sources before the text', async () => {
    const { chat } = setup('sse', { chat: { streamDelayMs: 2 } });
    const states = record(chat);
    chat.chooseDepartment('IT');
    await chat.send('Password?');

    const answers = states
      .map((state) => lastMessage(state, 'knowledge'))
      .filter((message) => message?.type === 0);
    const streaming = answers.filter((message) => message?.status === 'streaming');
    expect(streaming[0]?.sources?.['1']).toBeDefined();
    const texts = streaming.map((message) => message?.message ?? '');
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.every((text, index) => index === 0 || text.startsWith(texts[index - 1] ?? ''))).toBe(true);
    expect(answers.at(-1)?.status).toBe('done');
  });

  /** A store whose answer stream and animation frames the test runs by hand. */
  function manualStreaming() {
    const frames: Array<() => void> = [];
    const api = createTestApi();
    let write: (text: string) => void = () => {};
    let end: () => void = () => {};
    api.use({
      'POST /api/chat/gpt': () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              write = (text) => controller.enqueue(new TextEncoder().encode(text));
              end = () => controller.close();
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    const chat = createChatStore({
      client: api.client,
      transport: createSseChatTransport(api.client),
      scheduleUpdate: (update) => {
        frames.push(update);
        return () => {
          if (frames.includes(update)) frames.splice(frames.indexOf(update), 1);
        };
      },
    });
    chat.chooseChatType('openai');
    const sendEvent = (event: object) =>
      write(`event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`);
    return { api, chat, frames, sendEvent, end: () => end() };
  }

  it('puts words arriving together in the store in one update when the screen next draws', async () => {
    const { api, chat, frames, sendEvent } = manualStreaming();
    const sending = chat.send('A long answer');
    await vi.waitFor(() => expect(api.callsTo('POST /api/chat/gpt')).toHaveLength(1));
    const words = Array.from({ length: 300 }, (_, index) => `word${index + 1} `);
    for (const text of words) sendEvent({ type: 'delta', text });
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    // Nothing is drawn word by word: the 300 words wait for the frame, then come in one update.
    expect(lastMessage(chat.getSnapshot())).toMatchObject({ status: 'pending', message: '' });
    const states = record(chat);
    frames.shift()?.();
    expect(states).toHaveLength(1);
    expect(lastMessage(chat.getSnapshot())).toMatchObject({ status: 'streaming', message: words.join('') });
    chat.stop();
    await sending;
  });

  /** Streams a 2,000-word answer at once, runs the frames `frameMs` apart, and answers what each drew. */
  async function drawnAtOnce(frameMs: number) {
    const { api, chat, frames, sendEvent, end } = manualStreaming();
    let clock = 1000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const sending = chat.send('A very long answer');
      await vi.waitFor(() => expect(api.callsTo('POST /api/chat/gpt')).toHaveLength(1));
      const answer = Array.from({ length: 2000 }, (_, index) => `word${index + 1}`).join(' ');
      for (const text of answer.match(/\S+\s*/g) ?? []) sendEvent({ type: 'delta', text });
      sendEvent({
        type: 'done',
        data: { Answer: answer, ConversationId: 'c1', ChipSummary: 'A very long answer' },
      });
      end();
      await vi.waitFor(() => expect(frames).toHaveLength(1));
      const drawn: string[] = [];
      while (frames.length > 0) {
        clock += frameMs;
        frames.shift()?.();
        drawn.push(lastMessage(chat.getSnapshot())?.message ?? '');
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      await sending;
      expect(lastMessage(chat.getSnapshot())).toMatchObject({ status: 'done', message: answer });
      // Each frame's share ends between words and extends what was drawn.
      const shares = drawn.map((text, index) => {
        const before = drawn[index - 1] ?? '';
        expect(text.startsWith(before)).toBe(true);
        expect(text === answer || text.endsWith(' ')).toBe(true);
        return text.length - before.length;
      });
      return { answer, shares };
    } finally {
      now.mockRestore();
    }
  }

  it('draws a whole answer that arrives at once over a few frames, more a frame while the page keeps up, and is done after the last', async () => {
    const { answer, shares } = await drawnAtOnce(16);
    expect(shares.length).toBeGreaterThan(1);
    expect(shares[0]).toBeLessThanOrEqual(4096);
    expect(shares[1]).toBeGreaterThan(4096);
    expect(shares.length).toBeLessThan(answer.length / 4096);
  });

  it('keeps to 4,096 characters a frame on a page slow to draw them', async () => {
    const { answer, shares } = await drawnAtOnce(100);
    expect(shares.every((share) => share <= 4096)).toBe(true);
    expect(shares.length).toBeGreaterThan(answer.length / 4096);
  });

  it('finishes an answer in a page that draws no frames (a hidden tab)', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    try {
      const { chat } = setup('sse', { chat: { streamDelayMs: 1 } });
      chat.chooseChatType('openai');
      await chat.send('Anyone there?');
      expect(lastMessage(chat.getSnapshot())).toMatchObject({ status: 'done' });
      expect(lastMessage(chat.getSnapshot())?.message).not.toBe('');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stops within the frame: the answer stays as drawn, and words not yet drawn are not added', async () => {
    const { api, chat, frames, sendEvent } = manualStreaming();
    const sending = chat.send('Stop me');
    await vi.waitFor(() => expect(api.callsTo('POST /api/chat/gpt')).toHaveLength(1));
    sendEvent({ type: 'delta', text: 'Drawn words.' });
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    frames.shift()?.();
    sendEvent({ type: 'delta', text: ' Not yet drawn.' });
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    chat.stop();
    // Even the frame already asked for draws nothing more.
    frames.shift()?.();
    expect(lastMessage(chat.getSnapshot())?.message).toBe('Drawn words.');
    await sending;
    expect(frames).toHaveLength(0);
    expect(lastMessage(chat.getSnapshot())).toMatchObject({ status: 'stopped', message: 'Drawn words.' });
  });

  it('keeps earlier messages as the same objects while an answer streams', async () => {
    const { chat } = setup('sse', { chat: { streamDelayMs: 1 } });
    chat.chooseChatType('openai');
    await chat.send('First');
    const first = openai(chat.getSnapshot()).messages[1];
    const states = record(chat);
    await chat.send('Second');
    expect(states.every((state) => openai(state).messages[1] === first)).toBe(true);
  });

  it('gives a new conversation stopped before its first word the id the server named it by, at the top of the History', async () => {
    const { chat, api } = setup('sse', { chat: { streamDelayMs: 300 } });
    chat.setUser({ email: 'admin@example.com' });
    await vi.waitFor(() => expect(chat.history.getSnapshot().status).toBe('loaded'));
    chat.chooseChatType('openai');
    const sending = chat.send('Stop me early');
    await vi.waitFor(() => expect(api.callsTo('POST /api/chat/gpt')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    chat.stop();
    await sending;

    expect(lastMessage(chat.getSnapshot())).toMatchObject({ status: 'stopped', message: '' });
    await vi.waitFor(() => expect(openai(chat.getSnapshot()).conversationId).toBe('conversation-1'));
    expect(chat.history.getSnapshot().items[0]).toEqual({
      conversationId: 'conversation-1',
      chipSummary: 'Stop me early',
    });
    await chat.send('Go on');
    expect(api.callsTo('POST /api/chat/gpt')[1]?.body).toEqual({
      Message: 'Go on',
      ConversationId: 'conversation-1',
    });
  });

  it('streams over real HTTP and, stopped midway, leaves the partial answer on the server too', async () => {
    const api = createTestApi({
      chat: { streamDelayMs: 20, answer: () => 'alpha beta gamma delta epsilon zeta eta theta' },
    });
    const server = await api.listen();
    try {
      const client = createClient({ baseUrl: server.url });
      const chat = createChatStore({ client, transport: createSseChatTransport(client) });
      chat.chooseChatType('openai');
      const sending = chat.send('Greek letters');
      await vi.waitFor(() => expect(lastMessage(chat.getSnapshot())?.message).toContain('beta'));
      chat.stop();
      await sending;

      const answer = lastMessage(chat.getSnapshot());
      expect(answer?.status).toBe('stopped');
      expect(answer?.message).not.toContain('theta');
      await vi.waitFor(() => expect(api.state.conversations[0]?.Messages[1]?.stopped).toBe(true));
      expect(api.state.conversations[0]?.Messages[1]?.message.startsWith('alpha beta')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('falls back to JSON on a server that does not stream, and then stops asking for a stream', async () => {
    const { chat, api } = setup('sse', { chat: { isStreaming: false } });
    chat.chooseChatType('openai');
    await chat.send('One');
    await chat.send('Two');
    expect(lastMessage(chat.getSnapshot())).toMatchObject({ status: 'done', message: 'You asked: Two' });
    const accepts = api.callsTo('POST /api/chat/gpt').map((call) => call.headers.accept ?? '');
    expect(accepts[0]).toBe('text/event-stream');
    expect(accepts[1]).not.toContain('event-stream');
  });

  it('says in words for staff that the AI chat has no model, not which server settings to set', async () => {
    const { chat, api } = setup('json');
    api.use({
      'POST /api/chat/gpt': () =>
        json(501, {
          error: 'No language model is configured: set LLM_BASE_URL and LLM_MODEL.',
          code: 'model_not_configured',
        }),
    });
    chat.chooseChatType('openai');
    await chat.send('Hello?');
    const answer = lastMessage(chat.getSnapshot());
    expect(answer).toMatchObject({
      status: 'error',
      error: { text: 'Error fetching response', code: 'model_not_configured', status: 501 },
    });
    expect(answer?.error?.detail).toMatch(/^The AI chat is not available yet: no language model/);
    expect(answer?.error?.detail).not.toContain('LLM_');
  });

  it('keeps the text so far and shows the error when the stream reports one', async () => {
    const { chat, api } = setup('sse');
    api.use({
      'POST /api/chat/gpt': () =>
        new Response(
          'event: delta\ndata: {"type":"delta","text":"Partial"}\n\n' +
            'event: error\ndata: {"type":"error","error":{"error":"The model timed out","code":"gateway_timeout"}}\n\n',
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    chat.chooseChatType('openai');
    await chat.send('Slow question');
    expect(lastMessage(chat.getSnapshot())).toMatchObject({
      status: 'error',
      message: 'Partial',
      error: { text: 'Error fetching response', detail: 'The model timed out', code: 'gateway_timeout' },
    });
  });

  it('retries with JSON when the server refuses the stream with 406', async () => {
    const { chat, api } = setup('sse');
    let calls = 0;
    api.use({
      'POST /api/chat/gpt': () =>
        calls++ === 0
          ? offContract(json(406, { error: 'Not acceptable', code: 'not_acceptable' }))
          : json(200, { Answer: 'Plain', ConversationId: 'c1', ChipSummary: 'Plain' }),
    });
    chat.chooseChatType('openai');
    await chat.send('Hi');
    expect(lastMessage(chat.getSnapshot())).toMatchObject({ status: 'done', message: 'Plain' });
  });
});

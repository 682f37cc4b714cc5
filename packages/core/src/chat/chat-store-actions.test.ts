// The per-message actions through the store over the demo server: retry after an error, regenerate
// the last answer, edit and resend the last question, each replacing the conversation's stored
// tail where the server says it can (X-Chat-Replace-Last), and hidden where it cannot.
import { createDemoChatHandlers, errorReply } from '@digital-assistant/sdk/testing';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/api';
import { markdownToPlainText } from './chat-rules';
import { type ChatState, chatMessageActions, createChatStore } from './chat-store';
import { createJsonChatTransport, createSseChatTransport } from './transport';

type Kind = 'json' | 'sse';

function setup(kind: Kind, options: { isSeedOnly?: boolean } = {}) {
  let answers = 0;
  const api = createTestApi({
    ...(options.isSeedOnly ? { isSeedOnly: true } : {}),
    chat: { answer: (question) => `Answer ${++answers} to ${question}` },
  });
  const transport = kind === 'sse' ? createSseChatTransport(api.client) : createJsonChatTransport(api.client);
  const chat = createChatStore({ client: api.client, transport, logger: { error: () => {} } });
  chat.setUser({ email: 'staff@example.com' });
  chat.chooseChatType('openai');
  return { api, chat };
}

const texts = (state: ChatState, channel: 'openai' | 'knowledge' = 'openai') =>
  state.conversations[channel].messages.map((message) => message.message);
const actionsOf = (state: ChatState, index: number, channel: 'openai' | 'knowledge' | 'elk' = 'openai') =>
  chatMessageActions(state, channel, state.conversations[channel].messages.at(index)!.id);

describe.each<Kind>(['json', 'sse'])('per-message actions over the %s transport', (kind) => {
  it('regenerates the last answer and edits the last question in place, on the server too', async () => {
    const { chat, api } = setup(kind);
    await chat.send('First');
    await chat.send('Second');
    let state = chat.getSnapshot();
    expect(state.canReplaceLast).toBe(true);
    expect(actionsOf(state, -1)).toEqual({
      canCopy: true,
      canRetry: false,
      canRegenerate: true,
      canEdit: false,
    });
    expect(actionsOf(state, -2)).toEqual({
      canCopy: false,
      canRetry: false,
      canRegenerate: false,
      canEdit: true,
    });
    // Only the last exchange: the first answer is copied, never regenerated.
    expect(actionsOf(state, 1)).toEqual({
      canCopy: true,
      canRetry: false,
      canRegenerate: false,
      canEdit: false,
    });

    expect(await chat.regenerate()).toBe(true);
    state = chat.getSnapshot();
    expect(texts(state)).toEqual(['First', 'Answer 1 to First', 'Second', 'Answer 3 to Second']);
    expect(api.callsTo('POST /api/chat/gpt').at(-1)?.body).toMatchObject({ ReplaceLastQuestion: true });

    expect(await chat.editLastQuestion('Second, rephrased')).toBe(true);
    state = chat.getSnapshot();
    expect(texts(state)).toEqual([
      'First',
      'Answer 1 to First',
      'Second, rephrased',
      'Answer 4 to Second, rephrased',
    ]);
    expect(api.state.conversations[0]?.Messages.map((message) => message.message)).toEqual(texts(state));
  });

  it('retries a failed answer with the same question, and a failed edit replaces again', async () => {
    const { chat, api } = setup(kind);
    const demo = createDemoChatHandlers(api.state, { answer: (question) => `Again: ${question}` });
    let isFailing = false;
    api.use({
      'POST /api/chat/gpt': (request) =>
        isFailing
          ? errorReply(429, 'too_many_requests', 'Too many questions')
          : demo['POST /api/chat/gpt']!(request),
    });
    await chat.send('First');
    isFailing = true;
    await chat.send('Second');
    let state = chat.getSnapshot();
    expect(actionsOf(state, -1)).toMatchObject({ canRetry: true, canRegenerate: false, canCopy: false });
    expect(actionsOf(state, -2)).toMatchObject({ canEdit: true });
    isFailing = false;
    expect(await chat.retry()).toBe(true);
    state = chat.getSnapshot();
    expect(texts(state)).toEqual(['First', 'Again: First', 'Second', 'Again: Second']);
    expect(api.callsTo('POST /api/chat/gpt').at(-1)?.body).not.toHaveProperty('ReplaceLastQuestion');

    // An edit that fails leaves the server's tail; retrying it asks for the replacement again.
    isFailing = true;
    await chat.editLastQuestion('Third');
    expect(chat.getSnapshot().conversations.openai.messages.at(-1)?.status).toBe('error');
    isFailing = false;
    await chat.retry();
    expect(api.callsTo('POST /api/chat/gpt').at(-1)?.body).toMatchObject({
      Message: 'Third',
      ReplaceLastQuestion: true,
    });
    expect(api.state.conversations[0]?.Messages.map((message) => message.message)).toEqual([
      'First',
      'Again: First',
      'Third',
      'Again: Third',
    ]);
  });

  it('offers no regenerate or edit in the AI chat of a server that cannot replace, only retry and copy', async () => {
    const { chat } = setup(kind, { isSeedOnly: true });
    await chat.send('First');
    const state = chat.getSnapshot();
    expect(state.canReplaceLast).toBe(false);
    expect(actionsOf(state, -1)).toEqual({
      canCopy: true,
      canRetry: false,
      canRegenerate: false,
      canEdit: false,
    });
    expect(actionsOf(state, -2).canEdit).toBe(false);
    expect(await chat.regenerate()).toBe(false);
    expect(await chat.editLastQuestion('Other')).toBe(false);
  });

  it('learns that the server replaces from an opened conversation', async () => {
    const { api } = setup(kind);
    const chat = createChatStore({ client: api.client, transport: createJsonChatTransport(api.client) });
    chat.setUser({ email: 'staff@example.com' });
    api.state.conversations.push({
      ConversationId: 'c1',
      ChipSummary: 'First',
      owner: api.state.sessionUser!.email,
      Messages: [
        { type: 1, message: 'First' },
        { type: 0, message: 'An answer' },
      ],
    });
    expect(chat.getSnapshot().canReplaceLast).toBe(false);
    expect(await chat.selectConversation('c1')).toBe('opened');
    expect(chat.getSnapshot().canReplaceLast).toBe(true);
    expect(actionsOf(chat.getSnapshot(), -1).canRegenerate).toBe(true);
  });

  it('shows an opened conversation’s answers with the attached files’ sources they cited', async () => {
    const { api, chat } = setup(kind);
    const source = {
      document: 'harbour-move.md',
      references: ['harbour-move.md'],
      context: 'Visitors park in the blue garage.',
      attachment: true,
    };
    api.state.conversations.push({
      ConversationId: 'c2',
      ChipSummary: 'Harbour move',
      owner: api.state.sessionUser!.email,
      Messages: [
        { type: 1, message: 'Where do visitors park?' },
        { type: 0, message: 'In the blue garage [1].', id: 'a1', sources: { '1': source } },
        { type: 1, message: 'Thanks' },
        { type: 0, message: 'You are welcome.', id: 'a2' },
      ],
    });
    expect(await chat.selectConversation('c2')).toBe('opened');
    const messages = chat.getSnapshot().conversations.openai.messages;
    expect(messages[1]?.sources).toEqual({ '1': source });
    expect(messages[3]?.sources).toBeUndefined();
  });

  it('regenerates and edits in a knowledge chat, which keeps no conversation on the server', async () => {
    const { chat } = setup(kind, { isSeedOnly: true });
    await chat.send('VPN?', { channel: 'knowledge' });
    const state = chat.getSnapshot();
    expect(actionsOf(state, -1, 'knowledge')).toMatchObject({ canCopy: true, canRegenerate: true });
    expect(await chat.editLastQuestion('Wi-Fi?', 'knowledge')).toBe(true);
    expect(texts(chat.getSnapshot(), 'knowledge')[0]).toBe('Wi-Fi?');
    expect(texts(chat.getSnapshot(), 'knowledge')).toHaveLength(2);
  });

  it('sends the files a question carried again when its answer is retried, regenerated or edited', async () => {
    const { chat, api } = setup(kind);
    const demo = createDemoChatHandlers(api.state, { answer: (question) => `On file: ${question}` });
    let isFailing = false;
    api.use({
      'POST /api/chat/gpt': (request) =>
        isFailing
          ? errorReply(429, 'too_many_requests', 'Too many questions')
          : demo['POST /api/chat/gpt']!(request),
    });
    await chat.send('Summarise it', { attachments: ['file-1', 'file-2'] });
    expect(await chat.regenerate()).toBe(true);
    expect(api.callsTo('POST /api/chat/gpt').at(-1)?.body).toMatchObject({
      Message: 'Summarise it',
      ReplaceLastQuestion: true,
      Attachments: ['file-1', 'file-2'],
    });
    expect(await chat.editLastQuestion('Summarise it briefly')).toBe(true);
    expect(api.callsTo('POST /api/chat/gpt').at(-1)?.body).toMatchObject({
      Message: 'Summarise it briefly',
      Attachments: ['file-1', 'file-2'],
    });
    isFailing = true;
    await chat.send('And the dates?', { attachments: ['file-3'] });
    isFailing = false;
    expect(await chat.retry()).toBe(true);
    expect(api.callsTo('POST /api/chat/gpt').at(-1)?.body).toMatchObject({
      Message: 'And the dates?',
      Attachments: ['file-3'],
    });
    // A question without files is asked again without them.
    await chat.send('Thanks');
    expect(await chat.regenerate()).toBe(true);
    expect(api.callsTo('POST /api/chat/gpt').at(-1)?.body).not.toHaveProperty('Attachments');

    await chat.send('What does it say?', { channel: 'knowledge', attachments: ['file-4'] });
    expect(await chat.regenerate('knowledge')).toBe(true);
    expect(api.callsTo('POST /api/chat').at(-1)?.body).toMatchObject({
      message: 'What does it say?',
      Attachments: ['file-4'],
    });
  });

  it('asks as the admin chat while the knowledge pane is it, retries and regenerations too', async () => {
    const { chat, api } = setup(kind);
    chat.setAdminChat(true);
    await chat.send('VPN?', { channel: 'knowledge' });
    expect(api.callsTo('POST /api/chat').at(-1)?.body).toMatchObject({ message: 'VPN?', Chat: 'admin' });
    expect(await chat.regenerate('knowledge')).toBe(true);
    expect(api.callsTo('POST /api/chat').at(-1)?.body).toMatchObject({ Chat: 'admin' });
    chat.setAdminChat(false);
    await chat.send('Wi-Fi?', { channel: 'knowledge' });
    expect(api.callsTo('POST /api/chat').at(-1)?.body).not.toHaveProperty('Chat');
  });

  it('offers nothing but copy while an answer is pending', async () => {
    const { chat } = setup(kind);
    await chat.send('First');
    const sending = chat.send('Second');
    const state = chat.getSnapshot();
    expect(actionsOf(state, 1)).toEqual({
      canCopy: true,
      canRetry: false,
      canRegenerate: false,
      canEdit: false,
    });
    expect(actionsOf(state, -1).canCopy).toBe(false);
    expect(await chat.regenerate()).toBe(false);
    await sending;
  });
});

describe('markdownToPlainText', () => {
  it('keeps the words and drops the marks', () => {
    expect(
      markdownToPlainText(
        [
          '## Reset your **password**',
          '',
          '> Open *Settings* and pick `Security` [1].',
          '',
          '* See [the guide](https://help.example/reset) ~~now~~',
          '',
          '| Step | Where |',
          '| --- | --- |',
          '| 1 | Portal |',
          '',
          '```sh',
          'reset --now **x**',
          '```',
        ].join('\n'),
      ),
    ).toBe(
      [
        'Reset your password',
        '',
        'Open Settings and pick Security.',
        '',
        '- See the guide (https://help.example/reset) now',
        '',
        'Step\tWhere',
        '1\tPortal',
        '',
        'reset --now **x**',
      ].join('\n'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/api';
import { type ConversationState, createChat } from './chat';
import type { Conversation } from './chat-store';
import { createSseChatTransport } from './transport';

/** A conversation kept in a plain variable: the chat holds no state of its own. */
function plainState(): ConversationState {
  let conversation: Conversation = { conversationId: '', active: false, messages: [] };
  return {
    get: () => conversation,
    update(change) {
      conversation = change(conversation);
    },
  };
}

function setup(serverOptions: Parameters<typeof createTestApi>[0] = {}) {
  const api = createTestApi(serverOptions);
  const state = plainState();
  let id = 0;
  const chat = createChat({
    channel: 'openai',
    transport: createSseChatTransport(api.client),
    state,
    newId: () => `id${++id}`,
    scheduleUpdate: (update) => {
      const timer = setTimeout(update, 0);
      return () => clearTimeout(timer);
    },
  });
  return { api, chat, state };
}

describe('one conversation over the state it is given', () => {
  it('puts the question and the streamed answer in that state, and says it was answered', async () => {
    const { chat, state } = setup();
    const { question, answer, outcome } = chat.ask('What is SSO?', {
      request: { channel: 'openai', body: { Message: 'What is SSO?' } },
      signal: new AbortController().signal,
      conversationId: '',
    });
    expect(state.get()).toMatchObject({ active: true, messages: [question, answer] });
    expect(answer.status).toBe('pending');
    expect((await outcome).kind).toBe('answered');
    expect(state.get().messages.map((message) => [message.type, message.message, message.status])).toEqual([
      [1, 'What is SSO?', 'done'],
      [0, 'You asked: What is SSO?', 'done'],
    ]);
  });

  it('keeps what came when stopped, flagged stopped', async () => {
    const { chat, state } = setup({ chat: { streamDelayMs: 300 } });
    const controller = new AbortController();
    const { outcome } = chat.ask('Stop me', {
      request: { channel: 'openai', body: { Message: 'Stop me' } },
      signal: controller.signal,
      conversationId: '',
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort();
    expect((await outcome).kind).toBe('stopped');
    expect(state.get().messages.at(-1)?.status).toBe('stopped');
  });
});

// What the chat keeps for the person: each pane's draft, the knowledge thread across reloads within
// the tab, the question a session that ended refused, and which conversation an address names.
import { demoAdmin } from '@digital-assistant/sdk/testing';
import { describe, expect, it, vi } from 'vitest';
import { createTestApi } from '../test-support/api';
import { CHAT_STORAGE_KEYS, type ChatStorage } from './chat-persistence';
import { type ChatStoreOptions, createChatStore } from './chat-store';
import { createSseChatTransport } from './transport';

/** A `sessionStorage` of one tab: it outlives the stores made over it, as a page's outlives a reload. */
function memoryStorage(): ChatStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function setup(
  serverOptions: Parameters<typeof createTestApi>[0] = {},
  storeOptions: Partial<ChatStoreOptions> = {},
) {
  const api = createTestApi(serverOptions);
  const logged: unknown[][] = [];
  const chat = createChatStore({
    client: api.client,
    transport: createSseChatTransport(api.client),
    logger: { error: (...args) => logged.push(args) },
    ...storeOptions,
  });
  return { api, chat, logged };
}

const admin = { email: demoAdmin.email };

describe('drafts', () => {
  it("keeps each pane's draft apart, and sending it clears it", async () => {
    const { chat } = setup();
    chat.setDraft('openai', 'For the AI');
    chat.setDraft('knowledge', 'For Knowledge');
    expect(chat.getSnapshot().drafts).toEqual({ openai: 'For the AI', knowledge: 'For Knowledge', elk: '' });
    await chat.send('For Knowledge', { channel: 'knowledge' });
    expect(chat.getSnapshot().drafts).toEqual({ openai: 'For the AI', knowledge: '', elk: '' });
  });
});

describe('a session that ends while the chat is in use', () => {
  it('puts the refused question back in its draft, shows no failed answer, and says so once', async () => {
    const onSessionExpired = vi.fn();
    const { chat, api } = setup({}, { onSessionExpired });
    chat.setUser(admin);
    chat.chooseChatType('openai');
    await chat.send('First question');
    const before = chat.getSnapshot().conversations.openai;
    expect(before.messages).toHaveLength(2);

    api.state.sessionUser = null;
    chat.setDraft('openai', 'Where is the party?');
    await chat.send('Where is the party?');

    const state = chat.getSnapshot();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(state.drafts.openai).toBe('Where is the party?');
    expect(state.conversations.openai.messages.map((message) => message.message)).toEqual(
      before.messages.map((message) => message.message),
    );
    expect(state.conversations.openai.messages.some((message) => message.status === 'error')).toBe(false);
    expect(state.pendingResponse).toBe(false);
  });

  it('leaves a new conversation as it was, inactive, with its question in the draft', async () => {
    const onSessionExpired = vi.fn();
    const { chat, api } = setup({}, { onSessionExpired });
    api.state.sessionUser = null;
    await chat.send('Hello?', { channel: 'knowledge' });
    expect(chat.getSnapshot().conversations.knowledge).toEqual({
      conversationId: '',
      active: false,
      messages: [],
    });
    expect(chat.getSnapshot().drafts.knowledge).toBe('Hello?');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('shows the error on the answer when nothing handles it (a host with its own sign-in)', async () => {
    const { chat, api } = setup();
    api.state.sessionUser = null;
    await chat.send('Hello?', { channel: 'knowledge' });
    expect(chat.getSnapshot().conversations.knowledge.messages.at(-1)).toMatchObject({
      status: 'error',
      error: { status: 401 },
    });
  });

  it('says so when opening a conversation is refused the same way', async () => {
    const onSessionExpired = vi.fn();
    const { chat, api } = setup({}, { onSessionExpired });
    api.state.sessionUser = null;
    expect(await chat.selectConversation('c1')).toBe('failed');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('opening a conversation by its id', () => {
  const conversations = [
    {
      ConversationId: 'mine',
      ChipSummary: 'Mine',
      owner: demoAdmin.email,
      Messages: [
        { type: 1 as const, message: 'Q' },
        { type: 0 as const, message: 'A' },
      ],
    },
    { ConversationId: 'theirs', ChipSummary: 'Theirs', owner: 'staff@example.com', Messages: [] },
  ];

  it("opens one's own, and answers 'current' when it is open already", async () => {
    const { chat } = setup({ conversations });
    expect(await chat.selectConversation('mine')).toBe('opened');
    expect(chat.getSnapshot().conversations.openai.messages).toHaveLength(2);
    expect(await chat.selectConversation('mine')).toBe('current');
  });

  it("leaves a new conversation for an unknown, deleted or another person's id", async () => {
    const { chat } = setup({ conversations });
    chat.setUser(admin);
    await vi.waitFor(() => expect(chat.history.getSnapshot().items).toHaveLength(1));
    await chat.selectConversation('mine');
    for (const id of ['theirs', 'never-was']) {
      expect(await chat.selectConversation(id)).toBe('missing');
      expect(chat.getSnapshot().conversations.openai).toEqual({
        conversationId: '',
        active: false,
        messages: [],
      });
    }
    expect(chat.history.getSnapshot().items.map((entry) => entry.conversationId)).toEqual(['mine']);
  });

  it('drops a History item whose conversation the server no longer has', async () => {
    const { chat, api } = setup({ conversations });
    chat.setUser(admin);
    await vi.waitFor(() => expect(chat.history.getSnapshot().items).toHaveLength(1));
    api.state.conversations = [];
    expect(await chat.selectConversation('mine')).toBe('missing');
    expect(chat.history.getSnapshot().items).toEqual([]);
  });
});

describe('kept across a reload of the tab', () => {
  it('restores the drafts and the knowledge thread, with its sources, for the same person only', async () => {
    const storage = memoryStorage();
    const first = setup({ chat: { streamDelayMs: 0 } }, { storage });
    first.chat.setUser(admin);
    first.chat.chooseDepartment('IT');
    await first.chat.send('How do I reset my password?');
    first.chat.setDraft('knowledge', 'And the VPN?');
    first.chat.setDraft('openai', 'Plan the party');
    const thread = first.chat.getSnapshot().conversations.knowledge.messages;
    expect(thread.at(-1)?.sources).toBeDefined();

    // The page reloads: a new store over the same storage.
    const second = setup({}, { storage });
    second.chat.setUser(admin);
    const state = second.chat.getSnapshot();
    expect(state.drafts).toEqual({ openai: 'Plan the party', knowledge: 'And the VPN?', elk: '' });
    expect(state.conversations.knowledge.active).toBe(true);
    expect(
      state.conversations.knowledge.messages.map((message) => [
        message.type,
        message.message,
        message.status,
      ]),
    ).toEqual(thread.map((message) => [message.type, message.message, message.status]));
    expect(state.conversations.knowledge.messages.at(-1)?.sources).toEqual(thread.at(-1)?.sources);
    expect(state.conversations.knowledge.messages.at(-1)?.department).toBe('IT');

    // Someone else in the same tab gets nothing of it, and it is gone from the storage.
    const third = setup({}, { storage });
    third.chat.setUser({ email: 'staff@example.com' });
    expect(third.chat.getSnapshot().drafts).toEqual({ openai: '', knowledge: '', elk: '' });
    expect(third.chat.getSnapshot().conversations.knowledge.messages).toEqual([]);
    expect(storage.items.size).toBe(0);
  });

  it('forgets everything kept when the person signs out', async () => {
    const storage = memoryStorage();
    const { chat } = setup({}, { storage });
    chat.setUser(admin);
    await chat.send('Hello', { channel: 'knowledge' });
    chat.setDraft('openai', 'Draft');
    expect(storage.items.size).toBe(2);
    chat.setUser(null);
    expect(storage.items.size).toBe(0);
  });

  it('writes the knowledge thread once its answer has come, not word by word', async () => {
    const storage = memoryStorage();
    const writes: string[] = [];
    const counting: ChatStorage = {
      ...storage,
      setItem: (key, value) => {
        writes.push(key);
        storage.setItem(key, value);
      },
    };
    const { chat } = setup({ chat: { streamDelayMs: 1 } }, { storage: counting });
    chat.setUser(admin);
    await chat.send('How do I reset my password?', { channel: 'knowledge' });
    expect(writes.filter((key) => key === CHAT_STORAGE_KEYS.knowledge)).toHaveLength(1);
  });

  it('ignores what it cannot read, and goes on when the storage refuses', async () => {
    const storage = memoryStorage();
    storage.setItem(CHAT_STORAGE_KEYS.knowledge, '{not json');
    storage.setItem(
      CHAT_STORAGE_KEYS.drafts,
      JSON.stringify({ email: admin.email, value: { openai: 42, knowledge: 'ok' } }),
    );
    const { chat } = setup({}, { storage });
    chat.setUser(admin);
    expect(chat.getSnapshot().drafts).toEqual({ openai: '', knowledge: 'ok', elk: '' });
    expect(chat.getSnapshot().conversations.knowledge.messages).toEqual([]);

    const refusing: ChatStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const other = setup({}, { storage: refusing });
    other.chat.setUser(admin);
    other.chat.setDraft('openai', 'Still typed');
    expect(await other.chat.send('Still typed', { channel: 'openai' })).toBe(true);
  });
});

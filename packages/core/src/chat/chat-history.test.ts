import { errorReply } from '@digital-assistant/sdk/testing';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/api';
import { createChatHistoryQuery } from './chat-history';

const conversations = [
  { ConversationId: 'c1', ChipSummary: 'VPN', owner: 'admin@example.com', Messages: [] },
  { ConversationId: 'c2', ChipSummary: 'Printers', owner: 'admin@example.com', Messages: [] },
];

describe('the chat History query', () => {
  it('lists past conversations newest first, and keeps them shown while it asks again', async () => {
    const api = createTestApi({ conversations });
    const history = createChatHistoryQuery({ client: api.client });
    expect(history.getSnapshot()).toEqual({ items: [], status: 'idle' });
    const first = history.fetch();
    expect(history.getSnapshot().status).toBe('loading');
    await first;
    const listed = history.getSnapshot().items.map((entry) => entry.conversationId);
    expect(listed.toSorted()).toEqual(['c1', 'c2']);
    expect(history.getSnapshot().status).toBe('loaded');

    const again = history.fetch();
    expect(history.getSnapshot()).toMatchObject({ status: 'loaded' });
    expect(history.getSnapshot().items).toHaveLength(2);
    await again;
    expect(api.callsTo('POST /api/chat/getHistory')).toHaveLength(2);
  });

  it('logs a failure and says so until a list has come', async () => {
    const api = createTestApi({ conversations });
    api.use({ 'POST /api/chat/getHistory': () => errorReply(500, 'internal', 'boom') });
    const logged: unknown[][] = [];
    const history = createChatHistoryQuery({
      client: api.client,
      logger: { error: (...args) => logged.push(args) },
    });
    expect(await history.fetch()).toBeNull();
    expect(history.getSnapshot()).toEqual({ items: [], status: 'error' });
    expect(logged[0]?.[0]).toBe('Error fetching chat history');
  });

  it('drops a list still coming when it is reset for another person, and takes local updates', async () => {
    const api = createTestApi({ conversations });
    const history = createChatHistoryQuery({ client: api.client });
    const fetching = history.fetch();
    history.reset();
    expect(await fetching).toBeNull();
    expect(history.getSnapshot()).toEqual({ items: [], status: 'idle' });

    history.setItems((items) => [{ conversationId: 'new', chipSummary: 'New one' }, ...items]);
    expect(history.getSnapshot().items).toEqual([{ conversationId: 'new', chipSummary: 'New one' }]);
  });

  it('searches one’s own conversations with the match marked, only the latest search landing', async () => {
    const api = createTestApi({
      conversations: [
        ...conversations,
        {
          ConversationId: 'c3',
          ChipSummary: 'Laptop',
          owner: 'admin@example.com',
          Messages: [{ type: 1, message: 'My vpn drops' }],
        },
        { ConversationId: 'c4', ChipSummary: 'VPN too', owner: 'staff@example.com', Messages: [] },
      ],
    });
    const history = createChatHistoryQuery({ client: api.client });
    const stale = history.search.run('printers');
    const latest = history.search.run('vpn');
    expect(history.search.getSnapshot()).toMatchObject({ query: 'vpn', status: 'loading' });
    await Promise.all([stale, latest]);
    const { status, results } = history.search.getSnapshot();
    expect(status).toBe('loaded');
    expect(results.map((match) => [match.conversationId, match.field]).toSorted()).toEqual([
      ['c1', 'title'],
      ['c3', 'message'],
    ]);
    const marked = results.find((match) => match.conversationId === 'c3')!;
    const [mark] = marked.highlights;
    expect(marked.snippet.slice(mark!.start, mark!.start + mark!.length)).toBe('vpn');

    await history.search.run('  ');
    expect(history.search.getSnapshot()).toEqual({ query: '', status: 'idle', results: [] });
  });

  it('says search is unsupported on a server without it', async () => {
    const api = createTestApi({ conversations, isSeedOnly: true });
    const history = createChatHistoryQuery({ client: api.client });
    await history.search.run('vpn');
    expect(history.search.getSnapshot()).toMatchObject({ status: 'unsupported', results: [] });
    expect(history.search.getSnapshot().reason).toMatch(/404/);
  });

  it('renames a conversation in the list and in the search results once the server has it', async () => {
    const api = createTestApi({ conversations });
    const history = createChatHistoryQuery({ client: api.client });
    await history.fetch();
    await history.search.run('vpn');
    const result = await history.rename('c1', 'VPN on Linux');
    expect(result).toEqual({
      unsupported: false,
      data: { conversationId: 'c1', chipSummary: 'VPN on Linux' },
    });
    expect(history.getSnapshot().items.find((item) => item.conversationId === 'c1')?.chipSummary).toBe(
      'VPN on Linux',
    );
    expect(history.search.getSnapshot().results[0]?.chipSummary).toBe('VPN on Linux');
    await expect(history.rename('nope', 'X')).rejects.toMatchObject({ status: 404 });
  });
});

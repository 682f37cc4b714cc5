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
});

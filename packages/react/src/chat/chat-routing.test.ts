import { createChatStore, createJsonChatTransport, createSseChatTransport } from '@digital-assistant/core';
import { createTestApi } from '@digital-assistant/core/test-support';
import { describe, expect, it } from 'vitest';
import { createChatRouting } from './chat-routing';

type Kind = 'json' | 'sse';

function setup(kind: Kind, serverOptions: Parameters<typeof createTestApi>[0] = {}) {
  const api = createTestApi(serverOptions);
  const navigations: string[] = [];
  const transport = kind === 'sse' ? createSseChatTransport(api.client) : createJsonChatTransport(api.client);
  const chat = createChatStore({ client: api.client, transport, logger: { error: () => {} } });
  const routing = createChatRouting(chat, (to) => navigations.push(to));
  return { api, chat, routing, navigations };
}

describe.each<Kind>(['json', 'sse'])('the chat routes over the %s transport', (kind) => {
  it('navigates when choosing a different chat type or a department, and stores the choice', () => {
    const { chat, routing, navigations } = setup(kind);
    routing.chooseChatType('knowledge');
    routing.chooseChatType('openai');
    routing.chooseDepartment('DevOps');
    routing.chooseChatType('openai');
    routing.chooseChatType('knowledge');
    expect(navigations).toEqual(['/chat', '/chat/DevOps', '/chat', '/chat/DevOps']);
    expect(chat.getSnapshot()).toMatchObject({ selection: 'knowledge', department: 'DevOps' });
  });

  it('follows the route: /chat is the AI chat, /chat/{department} knowledge, PGA without the capability goes to Knowledge', () => {
    const { chat, routing } = setup(kind);
    expect(routing.openRoute(undefined, { hasPgaAccess: false })).toBeNull();
    expect(chat.getSnapshot().selection).toBe('openai');
    expect(routing.openRoute('education', { hasPgaAccess: false })).toBeNull();
    expect(chat.getSnapshot()).toMatchObject({ selection: 'knowledge', department: 'Education' });
    expect(routing.openRoute('pga', { hasPgaAccess: false })).toBe('/chat/Knowledge');
    expect(chat.getSnapshot().department).toBe('Knowledge');
    expect(routing.openRoute('PgA', { hasPgaAccess: true })).toBeNull();
    expect(chat.getSnapshot().department).toBe('PGA');
  });

  it('goes to the conversation it opens from the History, once', async () => {
    const { chat, api, routing, navigations } = setup(kind, {
      conversations: [
        {
          ConversationId: 'c1',
          ChipSummary: 'VPN',
          owner: 'admin@example.com',
          Messages: [{ type: 1, message: 'VPN?' }],
        },
      ],
    });
    await routing.selectConversation('c1');
    await routing.selectConversation('c1');
    expect(api.callsTo('POST /api/chat/getConversation')).toHaveLength(1);
    expect(navigations).toEqual(['/chat?c=c1']);
    expect(chat.getSnapshot().selection).toBe('openai');
  });
});

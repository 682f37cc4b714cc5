// @vitest-environment jsdom
// Every AI conversation has its own address (/chat?c=ID): the address opens it, and follows it.

import { createTestApi } from '@digital-assistant/core/test-support';
import { demoAdmin } from '@digital-assistant/sdk/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRouteGuard } from '../session/session-hooks';
import { DigitalAssistantProvider } from '../shell/provider';
import { useChatDraft, useChatRoute, useChatSelector, useChatStore } from './chat-hooks';

const conversations = [
  {
    ConversationId: 'first',
    ChipSummary: 'First',
    owner: demoAdmin.email,
    Messages: [
      { type: 1 as const, message: 'First question' },
      { type: 0 as const, message: 'First answer' },
    ],
  },
  {
    ConversationId: 'second',
    ChipSummary: 'Second',
    owner: demoAdmin.email,
    Messages: [
      { type: 1 as const, message: 'Second question' },
      { type: 0 as const, message: 'Second answer' },
    ],
  },
];

/** What the test reads of the route and drives it with. */
interface Harness {
  go: (path: string) => void;
  chat?: ReturnType<typeof useChatStore>;
  route?: ReturnType<typeof useChatRoute>;
}

/** The chat route at a path the harness sets, showing the AI conversation, its notice and draft. */
function Route({ initialPath, harness }: { initialPath: string; harness: Harness }) {
  const [path, setPath] = useState(initialPath);
  harness.go = setPath;
  const url = new URL(path, 'http://app.test');
  const department = url.pathname.split('/')[2];
  useRouteGuard(url.pathname);
  const route = useChatRoute(department, url.searchParams.get('c'));
  const chat = useChatStore();
  const messages = useChatSelector((state) => state.conversations.openai.messages);
  const { draft } = useChatDraft({ channel: 'openai' });
  harness.chat = chat;
  harness.route = route;
  return (
    <>
      <p data-testid="path">{path}</p>
      <p data-testid="messages">{messages.map((message) => message.message).join(' | ')}</p>
      <p data-testid="notice">{route.conversationNotice?.text ?? ''}</p>
      <p data-testid="draft">{draft}</p>
    </>
  );
}

/** The chat route over a router of one history stack, as a browser keeps it. */
function renderChatRoute(initialPath: string) {
  const api = createTestApi({ conversations, chat: { streamDelayMs: 0 } });
  const entries = [initialPath];
  let index = 0;
  const navigations: Array<{ to: string; replace: boolean }> = [];
  const harness: Harness = { go: () => {} };
  const go = (to: string) => harness.go(to);
  const push = (to: string) => {
    entries.splice(index + 1, entries.length, to);
    index += 1;
    go(to);
  };
  render(
    <DigitalAssistantProvider
      client={api.client}
      logger={{ error: () => {} }}
      chatStorage={null}
      currentPath={() => entries[index]}
      navigate={(to, options) => {
        const replace = options?.replace === true;
        navigations.push({ to, replace });
        if (replace) {
          entries[index] = to;
          go(to);
        } else push(to);
      }}
    >
      <Route initialPath={initialPath} harness={harness} />
    </DigitalAssistantProvider>,
  );
  const back = () =>
    act(() => {
      index -= 1;
      go(entries[index] ?? '/chat');
    });
  const forward = () =>
    act(() => {
      index += 1;
      go(entries[index] ?? '/chat');
    });
  /** Follows a link, as the menu's logo does. */
  const visit = (to: string) => act(() => push(to));
  return {
    api,
    visit,
    navigations,
    entries: () => entries.slice(),
    back,
    forward,
    chat: () => harness.chat!,
    route: () => harness.route!,
  };
}

afterEach(cleanup);

const path = () => screen.getByTestId('path').textContent;
const shown = () => screen.getByTestId('messages').textContent;

describe('the AI conversation and its address', () => {
  it('opens the conversation its address names (a reload, a bookmark), and the address stays', async () => {
    const { api, navigations } = renderChatRoute('/chat?c=second');
    await waitFor(() => expect(shown()).toBe('Second question | Second answer'));
    expect(path()).toBe('/chat?c=second');
    expect(navigations).toEqual([]);
    expect(api.callsTo('POST /api/chat/getConversation')).toHaveLength(1);
  });

  it("gives a new conversation its address when the first answer names it, in place of /chat's entry", async () => {
    const { chat, navigations, entries } = renderChatRoute('/chat');
    await waitFor(() => expect(chat().getSnapshot().userEmail).toBe(demoAdmin.email));
    await act(() => chat().send('Plan the party'));
    await waitFor(() => expect(path()).toBe('/chat?c=conversation-1'));
    expect(navigations).toEqual([{ to: '/chat?c=conversation-1', replace: true }]);
    expect(entries()).toEqual(['/chat?c=conversation-1']);
  });

  it('adds an entry for a conversation chosen in the History and for New Topic: Back and Forward reopen them', async () => {
    const { chat, back, forward, entries } = renderChatRoute('/chat?c=first');
    await waitFor(() => expect(shown()).toBe('First question | First answer'));
    await act(() => chat().selectConversation('second'));
    await waitFor(() => expect(path()).toBe('/chat?c=second'));
    expect(shown()).toBe('Second question | Second answer');
    await act(() => chat().newTopic('openai'));
    await waitFor(() => expect(path()).toBe('/chat'));
    expect(shown()).toBe('');
    expect(entries()).toEqual(['/chat?c=first', '/chat?c=second', '/chat']);

    await back();
    await waitFor(() => expect(shown()).toBe('Second question | Second answer'));
    await back();
    await waitFor(() => expect(shown()).toBe('First question | First answer'));
    await forward();
    await waitFor(() => expect(shown()).toBe('Second question | Second answer'));
    await forward();
    await waitFor(() => expect(shown()).toBe(''));
    expect(path()).toBe('/chat');
  });

  it("says so for an unknown, deleted or another person's conversation, and opens a new chat at /chat", async () => {
    const { navigations } = renderChatRoute('/chat?c=not-mine');
    await waitFor(() =>
      expect(screen.getByTestId('notice').textContent).toBe(
        'That conversation could not be found: it was deleted, or it belongs to someone else. This is a new chat.',
      ),
    );
    await waitFor(() => expect(path()).toBe('/chat'));
    expect(navigations).toEqual([{ to: '/chat', replace: true }]);
    expect(shown()).toBe('');
  });

  it('replaces the address of the open conversation when it is deleted', async () => {
    const { chat, entries } = renderChatRoute('/chat?c=first');
    await waitFor(() => expect(shown()).toBe('First question | First answer'));
    await waitFor(() => expect(chat().history.getSnapshot().items).toHaveLength(2));
    await act(() => chat().deleteConversation('first'));
    await waitFor(() => expect(path()).toBe('/chat'));
    expect(entries()).toEqual(['/chat']);
  });

  it('comes back to the open conversation, at its address, from a department', async () => {
    const { route, visit, entries } = renderChatRoute('/chat?c=first');
    await waitFor(() => expect(shown()).toBe('First question | First answer'));
    act(() => route().chooseDepartment('IT'));
    await waitFor(() => expect(path()).toBe('/chat/IT'));
    // The header's OpenAI GPT button.
    act(() => route().chooseChatType('openai'));
    await waitFor(() => expect(path()).toBe('/chat?c=first'));
    act(() => route().chooseDepartment('IT'));
    // The menu's logo and the profile popup's Chat lead to /chat.
    await visit('/chat');
    await waitFor(() => expect(path()).toBe('/chat?c=first'));
    expect(shown()).toBe('First question | First answer');
    expect(entries()).toEqual(['/chat?c=first', '/chat/IT', '/chat?c=first', '/chat/IT', '/chat?c=first']);
  });
});

describe('useChatDraft', () => {
  it('is the pane draft the store keeps', async () => {
    const { chat } = renderChatRoute('/chat');
    act(() => chat().setDraft('openai', 'Half a question'));
    expect(screen.getByTestId('draft').textContent).toBe('Half a question');
  });
});

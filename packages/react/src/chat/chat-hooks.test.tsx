// @vitest-environment jsdom

import { createTestApi } from '@digital-assistant/core/test-support';
import { demoStaff } from '@digital-assistant/sdk/testing';
import { QueryClient } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DigitalAssistantCoreProvider } from '../core/provider';
import { useSession } from '../session/session-hooks';
import { renderWithProvider } from '../test-support/render';
import {
  type UseChatResult,
  useChat,
  useChatHistory,
  useChatHistorySearch,
  useChatMessage,
  useChatMessageIds,
  useChatMessages,
  useChatRoute,
  useChatSources,
  useChatStore,
} from './chat-hooks';

/** What the components of the re-render test saw. */
const probe = {
  renders: { composer: 0, list: 0, question: 0, answer: 0 },
  chat: undefined as UseChatResult | undefined,
  seenTexts: [] as string[],
};

function Composer() {
  probe.chat = useChat();
  probe.renders.composer += 1;
  return null;
}

function Bubble({ id, kind }: { id: string; kind: 'question' | 'answer' }) {
  const message = useChatMessage(id);
  probe.renders[kind] += 1;
  if (kind === 'answer') probe.seenTexts.push(message?.message ?? '');
  return null;
}

function List() {
  const ids = useChatMessageIds();
  probe.renders.list += 1;
  return ids.map((id, index) => <Bubble key={id} id={id} kind={index % 2 === 0 ? 'question' : 'answer'} />);
}

const pgaMember = { ...demoStaff, email: 'pga@example.com', name: 'Pat Pga', role: 'PGA' };

describe('useChat', () => {
  it('sends a question and shows the streamed answer, blocking sends while it is pending', async () => {
    const { result } = renderWithProvider(() => ({ chat: useChat(), messages: useChatMessages() }), {
      chat: { streamDelayMs: 2 },
    });
    expect(result.current.chat).toMatchObject({
      selection: 'knowledge',
      isActive: false,
      pendingResponse: false,
    });
    expect(result.current.chat.canSend('\n')).toBe(false);

    let sending: Promise<boolean> = Promise.resolve(false);
    act(() => {
      sending = result.current.chat.send('What do you know?');
    });
    expect(result.current.chat).toMatchObject({ isActive: true, pendingResponse: true, isAnswering: true });
    expect(result.current.chat.canSend('Another')).toBe(false);
    await act(() => sending);

    expect(result.current.chat.pendingResponse).toBe(false);
    expect(result.current.messages.map((message) => [message.type, message.status])).toEqual([
      [1, 'done'],
      [0, 'done'],
    ]);
    expect(result.current.messages[1]?.message).toContain('Staff can ask the assistant');
  });

  it('re-renders the composer, the list and the question only when they change, not on every streamed word', async () => {
    const api = createTestApi({ chat: { streamDelayMs: 20 } });
    probe.renders = { composer: 0, list: 0, question: 0, answer: 0 };
    probe.seenTexts = [];
    render(
      <DigitalAssistantCoreProvider client={api.client} queryClient={new QueryClient()}>
        <Composer />
        <List />
      </DigitalAssistantCoreProvider>,
    );

    await act(() => probe.chat?.send('What do you know?') ?? Promise.resolve(false));

    expect(probe.seenTexts.at(-1)).toContain('internal policies');
    // The answer re-rendered as its words came (a word a frame at this pace); the others a few times in all.
    expect(new Set(probe.seenTexts).size).toBeGreaterThan(3);
    expect(probe.renders.question).toBe(1);
    expect(probe.renders.list).toBeLessThanOrEqual(3);
    expect(probe.renders.composer).toBeLessThanOrEqual(4);
  });
});

describe('useChatSources', () => {
  it("lists the latest knowledge answer's sources by id, for the admin chat's Sources panel", async () => {
    const { result } = renderWithProvider(() => ({
      store: useChatStore(),
      chat: useChat({ channel: 'knowledge' }),
      sources: useChatSources(),
    }));
    expect(result.current.sources).toEqual([]);
    act(() => result.current.store.chooseDepartment('IT'));
    await act(() => result.current.chat.send('Password?'));
    expect(result.current.sources.map((source) => [source.id, source.document, source.references])).toEqual([
      ['1', 'IT guide.pdf', ['IT guide.pdf']],
      ['2', 'IT guide.pdf', ['IT guide.pdf']],
    ]);
  });
});

describe('useChatHistory', () => {
  it('loads the History once the session knows the e-mail, highlights the current conversation and deletes it', async () => {
    const { result, api } = renderWithProvider(
      () => ({ session: useSession(), history: useChatHistory(), chat: useChat({ channel: 'openai' }) }),
      {
        conversations: [
          { ConversationId: 'c1', ChipSummary: 'VPN', owner: 'admin@example.com', Messages: [] },
          { ConversationId: 'c2', ChipSummary: 'Printers', owner: 'admin@example.com', Messages: [] },
        ],
      },
    );
    expect(api.callsTo('POST /api/chat/getHistory')).toHaveLength(0);
    await act(() => result.current.session.validate());
    await waitFor(() => expect(result.current.history.status).toBe('loaded'));
    expect(result.current.history.items).toEqual([
      { conversationId: 'c1', chipSummary: 'VPN', isCurrent: false },
      { conversationId: 'c2', chipSummary: 'Printers', isCurrent: false },
    ]);

    await act(() => result.current.history.select('c2'));
    expect(result.current.history.items.map((item) => item.isCurrent)).toEqual([false, true]);
    await act(async () => {
      await result.current.history.remove('c2');
    });
    expect(result.current.history.items.map((item) => item.conversationId)).toEqual(['c1']);
    expect(result.current.chat).toMatchObject({ conversationId: '', isActive: false });
    expect(api.callsTo('POST /api/chat/getHistory')).toHaveLength(1);
  });
});

describe('useChatHistorySearch', () => {
  it('finds one’s own conversations by message text with the match marked, renames one and groups the list', async () => {
    const { result } = renderWithProvider(
      () => ({ session: useSession(), history: useChatHistory(), search: useChatHistorySearch() }),
      {
        conversations: [
          {
            ConversationId: 'c1',
            ChipSummary: 'Laptop',
            owner: 'admin@example.com',
            Messages: [{ type: 1, message: 'The VPN drops at night' }],
          },
          { ConversationId: 'c2', ChipSummary: 'Printers', owner: 'admin@example.com', Messages: [] },
        ],
      },
    );
    await act(() => result.current.session.validate());
    await waitFor(() => expect(result.current.history.status).toBe('loaded'));
    // The demo server gives no dates: one group without a heading.
    expect(result.current.history.groups.map((group) => [group.label, group.items.length])).toEqual([
      [null, 2],
    ]);

    await act(() => result.current.search.search('vpn'));
    expect(result.current.search).toMatchObject({ query: 'vpn', status: 'loaded', isSupported: true });
    const [match] = result.current.search.results;
    expect(match).toMatchObject({ conversationId: 'c1', field: 'message' });
    expect(match!.snippet.slice(match!.highlights[0]!.start, match!.highlights[0]!.start + 3)).toBe('VPN');

    await act(async () => {
      await result.current.history.rename('c1', 'VPN at night');
    });
    expect(result.current.history.items[0]?.chipSummary).toBe('VPN at night');
    expect(result.current.search.results[0]?.chipSummary).toBe('VPN at night');
    act(() => result.current.search.clear());
    expect(result.current.search).toMatchObject({ query: '', status: 'idle', results: [] });
  });

  it('is not supported on a server with only the seed calls', async () => {
    const { result } = renderWithProvider(() => ({ search: useChatHistorySearch() }), { isSeedOnly: true });
    await act(() => result.current.search.search('vpn'));
    expect(result.current.search.isSupported).toBe(false);
  });
});

describe('useChatRoute', () => {
  it('sends staff opening /chat/pga to the Knowledge department, and hides PGA from them', async () => {
    const { result, navigations } = renderWithProvider(
      () => ({ session: useSession(), route: useChatRoute('pga') }),
      { signedIn: demoStaff },
    );
    await act(() => result.current.session.validate());
    await waitFor(() => expect(navigations).toEqual(['/chat/Knowledge']));
    expect(result.current.route.department).toBe('Knowledge');
    expect(result.current.route.departments.map((department) => department.name)).toEqual([
      'Knowledge',
      'IT',
      'DevOps',
      'CS',
      'Education',
    ]);
  });

  it('lets a PGA member open the PGA department, and navigates on choosing a chat type or department', async () => {
    const { result, navigations } = renderWithProvider(
      () => ({ session: useSession(), route: useChatRoute('pga') }),
      { signedIn: pgaMember },
    );
    await act(() => result.current.session.validate());
    await waitFor(() =>
      expect(result.current.route).toMatchObject({ selection: 'knowledge', department: 'PGA' }),
    );
    expect(result.current.route.departments.some((department) => department.name === 'PGA')).toBe(true);
    expect(navigations).toEqual([]);

    act(() => result.current.route.chooseChatType('openai'));
    act(() => result.current.route.chooseDepartment('IT'));
    expect(navigations).toEqual(['/chat', '/chat/IT']);
  });
});

// @vitest-environment jsdom

import { createTestApi } from '@digital-assistant/core/test-support';
import { QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useUsers } from '../admin/user-admin-hooks';
import { useChatStore } from '../chat/chat-hooks';
import { useSession } from '../session/session-hooks';
import { useMenuPanel } from '../shell/shell-hooks';
import { DigitalAssistantChatProvider, useClient } from './chat-provider';
import { DigitalAssistantCoreProvider } from './provider';
import { useNotices } from './use-notices';

function renderWithCore<Result>(hook: () => Result) {
  const api = createTestApi();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DigitalAssistantCoreProvider client={api.client} queryClient={queryClient}>
      {children}
    </DigitalAssistantCoreProvider>
  );
  return { ...renderHook(hook, { wrapper }), api };
}

describe('DigitalAssistantCoreProvider (a host without router, window or menu)', () => {
  it('gives hooks the SDK client, server state and notices with no navigate function', async () => {
    const { result, api } = renderWithCore(() => ({
      client: useClient(),
      users: useUsers(),
      notices: useNotices(),
    }));

    expect(result.current.client).toBe(api.client);
    await waitFor(() => expect(result.current.users.rows.length).toBeGreaterThan(0));
    expect(result.current.notices.latest?.text).toBe('Fetched users');
  });

  it("says the app layer's hooks need the app provider", () => {
    for (const [name, hook] of [
      ['useSession', useSession],
      ['useMenuPanel', useMenuPanel],
    ] as const) {
      expect(() => renderWithCore(() => hook())).toThrow(
        `${name} must be used within DigitalAssistantProvider`,
      );
    }
  });
});

describe('DigitalAssistantChatProvider (a host that only chats, without TanStack Query)', () => {
  it('gives hooks the SDK client, notices and the chat store; server-state hooks need the core provider', () => {
    const api = createTestApi();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <DigitalAssistantChatProvider client={api.client}>{children}</DigitalAssistantChatProvider>
    );
    const { result } = renderHook(
      () => ({ client: useClient(), notices: useNotices(), chat: useChatStore() }),
      { wrapper },
    );
    expect(result.current.client).toBe(api.client);
    expect(result.current.notices.latest).toBeNull();
    expect(typeof result.current.chat.send).toBe('function');
    expect(() => renderHook(() => useUsers(), { wrapper })).toThrow(/QueryClient/);
  });
});

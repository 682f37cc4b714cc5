/** Renders hooks inside a real DigitalAssistantProvider over the SDK's in-memory demo server. */

import type { ChatStorage } from '@digital-assistant/core';
import { createTestApi } from '@digital-assistant/core/test-support';
import type { AuthResponse } from '@digital-assistant/sdk';
import type { DemoServerOptions } from '@digital-assistant/sdk/testing';
import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DigitalAssistantProvider } from '../shell/provider';

export function renderWithProvider<Result>(
  hook: () => Result,
  {
    windowWidth,
    currentPath,
    chatStorage = null,
    auth,
    ...serverOptions
  }: DemoServerOptions & {
    windowWidth?: number;
    currentPath?: () => string;
    chatStorage?: ChatStorage | null;
    auth?: AuthResponse;
  } = {},
) {
  const api = createTestApi(serverOptions);
  const navigations: string[] = [];
  const redirects: string[] = [];
  const logged: unknown[][] = [];
  const copied: string[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DigitalAssistantProvider
      client={api.client}
      navigate={(to) => navigations.push(to)}
      redirect={(url) => redirects.push(url)}
      clipboard={{ writeText: async (text) => void copied.push(text) }}
      logger={{ error: (...args) => logged.push(args) }}
      queryClient={queryClient}
      windowWidth={windowWidth}
      currentPath={currentPath ?? (() => undefined)}
      chatStorage={chatStorage}
      auth={auth}
    >
      {children}
    </DigitalAssistantProvider>
  );
  const rendered = renderHook(hook, { wrapper });
  return { ...rendered, api, navigations, redirects, logged, copied, queryClient };
}

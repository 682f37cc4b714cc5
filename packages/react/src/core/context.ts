/**
 * The core context: what any host needs (the SDK client, notices, where failures are logged, the
 * clipboard), with no router, window or menu. The reference app's layer adds those on top
 * (`shell/app-context.ts`); an embedded host uses the core alone.
 */

import type { ChatStore, ClipboardWriter, Logger, NoticeStore } from '@digital-assistant/core';
import type { DigitalAssistantClient } from '@digital-assistant/sdk';
import { createContext, useContext } from 'react';

export type { ClipboardWriter, Logger };

/** What the core provider shares with every hook. */
export interface CoreContextValue {
  client: DigitalAssistantClient;
  /** Writes to the host's clipboard; rejects when there is none. */
  clipboard: ClipboardWriter;
  logger: Logger;
  notices: NoticeStore;
  /** The chat, shared by every chat hook under this provider. */
  chat: ChatStore;
}

export const CoreContext = createContext<CoreContextValue | null>(null);

/**
 * The core provider's value; throws "{hookName} must be used within DigitalAssistantProvider (or
 * DigitalAssistantCoreProvider)" outside both.
 */
export function useCoreContext(hookName: string): CoreContextValue {
  const value = useContext(CoreContext);
  if (!value) {
    throw new Error(
      `${hookName} must be used within DigitalAssistantProvider (or DigitalAssistantCoreProvider)`,
    );
  }
  return value;
}

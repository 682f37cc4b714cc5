/** The provider's context and the guard that every hook uses to reach it. */
import type { DigitalAssistantClient } from '@digital-assistant/sdk';
import { createContext, useContext } from 'react';
import type { MenuPanelStore } from './menu';
import type { NoticeStore } from './notices';
import type { Logger, SessionStore } from './session';
import type { ClipboardWriter } from './token-overlay';

/** What the provider shares with every hook. */
export interface DigitalAssistantContextValue {
  client: DigitalAssistantClient;
  navigate: (to: string) => void;
  /** Writes to the app's clipboard; rejects when there is none. */
  clipboard: ClipboardWriter;
  logger: Logger;
  session: SessionStore;
  menuPanel: MenuPanelStore;
  notices: NoticeStore;
}

export const DigitalAssistantContext = createContext<DigitalAssistantContextValue | null>(null);

/** The provider's value; throws "{hookName} must be used within DigitalAssistantProvider" outside it. */
export function useDigitalAssistantContext(hookName: string): DigitalAssistantContextValue {
  const value = useContext(DigitalAssistantContext);
  if (!value) throw new Error(`${hookName} must be used within DigitalAssistantProvider`);
  return value;
}

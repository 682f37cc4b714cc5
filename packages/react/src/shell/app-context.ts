/** The reference app's layer over the core: navigation, the session and the menu panel. */

import type { MenuPanelStore, SessionStore } from '@digital-assistant/core';
import { createContext, useContext } from 'react';

/** How a navigation is made: `replace` swaps the current history entry instead of adding one. */
export interface NavigateOptions {
  replace?: boolean;
}

/** What the app provider adds to the core for the app's hooks. */
export interface AppContextValue {
  navigate: (to: string, options?: NavigateOptions) => void;
  session: SessionStore;
  menuPanel: MenuPanelStore;
}

export const AppContext = createContext<AppContextValue | null>(null);

/** The app provider's value; throws "{hookName} must be used within DigitalAssistantProvider" outside it. */
export function useAppContext(hookName: string): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error(`${hookName} must be used within DigitalAssistantProvider`);
  return value;
}

import { createClient } from '@digital-assistant/sdk';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import type { EarlyLoads } from './early-loads';

/**
 * Draws the app into `root` once the stylesheets apply and the session question asked at start-up
 * is answered. index.html draws the first screen itself, and the app would draw the same while the
 * session is unknown. With the session known the first render is the whole signed-in screen: as a
 * transition it is drawn in slices that leave the page free to take input. (Validated after the first
 * render instead, the session's change draws the whole screen again in one long task: a store's
 * change is never a transition.)
 */
export function startApp(root: HTMLElement, { fetch, stylesheets, session }: EarlyLoads): void {
  const client = createClient({ baseUrl: '', fetch });
  void Promise.all([session, stylesheets]).then(([auth]) =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <BrowserRouter>
            <App client={client} auth={auth} />
          </BrowserRouter>
        </StrictMode>,
      ),
    ),
  );
}

import { createClient } from '@digital-assistant/sdk';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import type { EarlyLoads } from './early-loads';

/**
 * Draws the app into `root` once the stylesheets apply. index.html draws the first screen itself;
 * React takes over once the app's stylesheet applies. The session and the screen's code are often
 * there by then, so the first render is the whole screen: as a transition it is drawn in slices that
 * leave the page free to take input, not in one long task.
 */
export function startApp(root: HTMLElement, { fetch, stylesheets }: EarlyLoads): void {
  const client = createClient({ baseUrl: '', fetch });
  void stylesheets.then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <BrowserRouter>
            <App client={client} />
          </BrowserRouter>
        </StrictMode>,
      ),
    ),
  );
}

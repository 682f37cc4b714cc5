import { createQueryClient, starterQuestionsQueryOptions } from '@digital-assistant/react';
import { createClient } from '@digital-assistant/sdk';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { type EarlyLoads, isChat } from './early-loads';

/** How long the first render waits for a chat's example questions once the session is known. */
const STARTER_QUESTIONS_WAIT_MS = 500;

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
  const queryClient = createQueryClient();
  // A chat's example questions are the largest thing it draws: in the cache before the first render
  // (asked at start-up, see early-loads.ts), they are drawn by it instead of by a second render. A
  // slow answer does not hold the app back for more than a moment: the chat then draws them later.
  const starterQuestions = isChat(window.location.pathname)
    ? session.then((auth) =>
        auth
          ? Promise.race([
              queryClient.prefetchQuery(starterQuestionsQueryOptions(client)),
              new Promise((resolve) => setTimeout(resolve, STARTER_QUESTIONS_WAIT_MS)),
            ])
          : undefined,
      )
    : undefined;
  void Promise.all([session, stylesheets, starterQuestions]).then(([auth]) =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <BrowserRouter>
            <App client={client} queryClient={queryClient} auth={auth} />
          </BrowserRouter>
        </StrictMode>,
      ),
    ),
  );
}

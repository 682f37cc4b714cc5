/**
 * What the app starts loading as soon as its code runs, instead of after its first draw (a phone on a
 * slow network waits a round trip for each): the session question, the screen of the address with the
 * chunks it needs, and the stylesheet index.html preloads without blocking its first screen.
 */

/** The screens' chunks, by the address they serve (the same modules `AppRoutes` loads lazily). */
function screenImports(pathname: string): Promise<unknown>[] {
  if (/^\/chat(?:\/|$)/.test(pathname)) return [import('./screens/chat/ChatScreens')];
  if (pathname === '/codereview') return [import('./screens/CodeReviewScreen')];
  return [];
}

export interface EarlyLoads {
  /**
   * The app's fetch: its first `GET /api/auth` is answered by the request already made at start-up
   * (once; any other request, or a failed early one, goes to the network).
   */
  fetch: (request: Request) => Promise<Response>;
  /** Settles once the stylesheets index.html preloads are applied (at once when there are none). */
  stylesheets: Promise<void>;
}

/** An early session answer older than this is not used: ask again (the person may have signed out). */
const SESSION_FRESH_MS = 10_000;

/** Starts the loads for `view`'s address. */
export function startEarlyLoads(view: Window): EarlyLoads {
  const { pathname } = view.location;
  for (const load of screenImports(pathname)) load.catch(() => {}); // AppRoutes reports failures.
  // The sign-in and sign-out pages do not ask who is signed in before they act.
  let session: Promise<Response> | null = /^\/(?:login|logout)(?:\/|$)/.test(pathname)
    ? null
    : view.fetch('/api/auth', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  session?.catch(() => {});
  const askedAt = view.performance.now();
  const fetch = (request: Request): Promise<Response> => {
    const early = session;
    if (early && request.method === 'GET' && new URL(request.url).pathname === '/api/auth') {
      session = null;
      if (view.performance.now() - askedAt > SESSION_FRESH_MS) return view.fetch(request);
      return early.catch(() => view.fetch(request));
    }
    return view.fetch(request);
  };
  return { fetch, stylesheets: applyPreloadedStylesheets(view.document) };
}

/**
 * The build turns index.html's stylesheet links into preloads (`vite.config.ts`), so the first
 * screen is drawn without waiting for them; they are applied here before React draws anything.
 */
function applyPreloadedStylesheets(document: Document): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.href = preload.href;
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.onload = () => resolve();
          // Without its stylesheet the app still works; it is drawn rather than left on the first screen.
          sheet.onerror = () => resolve();
          document.head.append(sheet);
        }),
    ),
  ).then(() => undefined);
}

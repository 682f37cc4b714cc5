import type { AuthResponse } from '@digital-assistant/sdk';

/**
 * What the app starts loading as soon as its code runs, instead of after its first draw (a phone on a
 * slow network waits a round trip for each): the session question, the screen of the address with the
 * chunks it needs, and the stylesheet index.html preloads without blocking its first screen.
 */

/** The screens' chunks, by the address they serve (the same modules `AppRoutes` loads lazily). */
function screenImports(pathname: string): Promise<unknown>[] {
  if (isChat(pathname)) return [import('./screens/chat/ChatScreens')];
  if (pathname === '/codereview') return [import('./screens/CodeReviewScreen')];
  return [];
}

/** Whether `pathname` is one of the chats (`/chat`, `/chat/{department}`). */
export function isChat(pathname: string): boolean {
  return /^\/chat(?:\/|$)/.test(pathname);
}

/**
 * The reads the address's first screen makes as it draws, asked at start-up instead: who is signed
 * in (every page but sign-in and sign-out, which act before asking), and on the chats their example
 * questions (the largest thing a phone draws of an empty chat) and the attachment limits of the
 * composer. Only reads that depend on nothing but the session.
 */
function earlyReads(pathname: string): string[] {
  if (/^\/(?:login|logout)(?:\/|$)/.test(pathname)) return [];
  if (isChat(pathname)) return ['/api/auth', '/api/chat/starter-questions', '/api/chat/attachments'];
  return ['/api/auth'];
}

export interface EarlyLoads {
  /**
   * The app's fetch: its first `GET` of each early read (`GET /api/auth`, say) is answered by the
   * request already made at start-up (once; any other request, a later one, or a failed early one
   * goes to the network).
   */
  fetch: (request: Request) => Promise<Response>;
  /** Settles once the stylesheets index.html preloads are applied (at once when there are none). */
  stylesheets: Promise<void>;
  /**
   * The early `GET /api/auth` answer when someone is signed in; undefined when not (401), when it
   * failed, or on pages that do not ask early. The app then asks as usual.
   */
  session: Promise<AuthResponse | undefined>;
}

/** An early answer older than this is not used: ask again (the person may have signed out). */
const EARLY_FRESH_MS = 10_000;

/** Starts the loads for `view`'s address. */
export function startEarlyLoads(view: Window): EarlyLoads {
  const { pathname } = view.location;
  const early = new Map<string, Promise<Response>>();
  for (const path of earlyReads(pathname)) {
    const response = view.fetch(path, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    response.catch(() => {});
    early.set(path, response);
  }
  for (const load of screenImports(pathname)) load.catch(() => {}); // AppRoutes reports failures.
  const askedAt = view.performance.now();
  const fetch = (request: Request): Promise<Response> => {
    if (request.method !== 'GET') return view.fetch(request);
    const url = new URL(request.url);
    const response = url.search === '' ? early.get(url.pathname) : undefined;
    if (!response) return view.fetch(request);
    early.delete(url.pathname);
    if (view.performance.now() - askedAt > EARLY_FRESH_MS) return view.fetch(request);
    return response.catch(() => view.fetch(request));
  };
  const signedIn = early.get('/api/auth');
  const session = signedIn
    ? signedIn
        .then(
          // A copy: the original still answers the app's own first ask if it comes to that.
          (response) => (response.ok ? (response.clone().json() as Promise<AuthResponse>) : undefined),
        )
        .catch(() => undefined)
    : Promise.resolve(undefined);
  return { fetch, stylesheets: applyPreloadedStylesheets(view.document), session };
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

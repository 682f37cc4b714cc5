/**
 * The typed client: openapi-fetch over the generated contract types, plus the middleware the
 * contract asks for (credentials, XSRF header on same-origin calls, bearer token). A client whose
 * API is on another origin (the embeddable widget) cannot read the server's XSRF cookie: it keeps the
 * token the server hands it in the `X-XSRF-Token` response header and sends it back to that origin only.
 */
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema';

/** Name of the cookie the server sets with the XSRF token. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
/** Name of the header that echoes the XSRF token on same-origin calls. */
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
/**
 * Name of the response header carrying the session's XSRF token to pages on origins the server
 * allows (`getAuthenticatedUser`), which cannot read the cookie.
 */
export const XSRF_RESPONSE_HEADER_NAME = 'X-XSRF-Token';

/** A personal access token, or a function returning the current one. */
export type TokenSource = string | (() => string | null | undefined | Promise<string | null | undefined>);

/** Options of {@link createClient}. */
export interface ClientOptions {
  /**
   * Where the API lives. Empty means the page's own origin (browsers); Node needs an absolute URL.
   * @default ''
   */
  baseUrl?: string;
  /**
   * The fetch to use.
   * @default globalThis.fetch
   */
  fetch?: (request: Request) => Promise<Response>;
  /** A personal access token sent as `Authorization: Bearer <token>`. */
  token?: TokenSource;
  /** Headers added to every call. */
  headers?: Record<string, string>;
  /**
   * Reads the cookie string the XSRF token is taken from.
   * @default () => document.cookie (nothing outside browsers)
   */
  readCookies?: () => string;
}

/** The resolved settings a client was built with, shared with the upload and download helpers. */
export interface ClientConfig {
  readonly baseUrl: string;
  readonly fetch: (request: Request) => Promise<Response>;
  /** Headers (XSRF, Authorization) a call with this method to this absolute URL must carry. */
  readonly authHeaders: (method: string, url: string) => Promise<Record<string, string>>;
}

/** The typed client: `GET`/`POST`... resolve to `{ data, error, response }` typed from the contract. */
export type DigitalAssistantClient = Client<paths, `${string}/json`> & { readonly config: ClientConfig };

/** Reads one cookie's value from a `document.cookie`-style string. */
export function readCookie(cookies: string, name: string): string | undefined {
  const value = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The origin of `url` (resolved against `base`), or undefined when it has none. */
function originOf(url: string, base?: string): string | undefined {
  try {
    const origin = new URL(url, base).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Creates the typed client.
 * @example
 * const client = createClient({ baseUrl: 'https://assistant.example.com', token: process.env.DA_TOKEN });
 * const { data, error } = await client.GET('/api/auth');
 */
export function createClient(options: ClientOptions = {}): DigitalAssistantClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const readCookies = options.readCookies ?? (() => globalThis.document?.cookie ?? '');
  const { token } = options;

  // The API's origin (a relative baseUrl is the page's), and the XSRF token its answers handed us.
  const apiOrigin = originOf(baseUrl || '/', globalThis.location?.href);
  let handedXsrfToken: string | undefined;

  // Every same-origin call carries the XSRF header, GETs included: the contract marks some GETs as
  // changing state (`x-state-changing`, e.g. generateToken), which a client cannot tell at run time,
  // and the header reveals nothing to a server of the page's own origin. Calls to the API's own
  // origin carry the token that origin handed us, for the same reason; no other origin ever gets it.
  const authHeaders = async (_method: string, url: string): Promise<Record<string, string>> => {
    const headers: Record<string, string> = {};
    // Same origin: the page's own, or (outside browsers) the API's, since every call goes there.
    const pageOrigin = globalThis.location?.origin || apiOrigin;
    const target = originOf(url, pageOrigin);
    if (target && target === pageOrigin) {
      const xsrf = readCookie(readCookies(), XSRF_COOKIE_NAME);
      if (xsrf) headers[XSRF_HEADER_NAME] = xsrf;
    }
    if (!headers[XSRF_HEADER_NAME] && handedXsrfToken && target && target === apiOrigin) {
      headers[XSRF_HEADER_NAME] = handedXsrfToken;
    }
    const bearer = typeof token === 'function' ? await token() : token;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    return headers;
  };

  const client = createFetchClient<paths, `${string}/json`>({
    baseUrl,
    fetch: baseFetch,
    credentials: 'include',
    headers: options.headers,
  });
  const middleware: Middleware = {
    async onRequest({ request }) {
      for (const [name, value] of Object.entries(await authHeaders(request.method, request.url))) {
        if (!request.headers.has(name)) request.headers.set(name, value);
      }
      return request;
    },
    onResponse({ request, response }) {
      const handed = response.headers.get(XSRF_RESPONSE_HEADER_NAME);
      if (handed && apiOrigin && originOf(request.url) === apiOrigin) handedXsrfToken = handed;
      return undefined;
    },
  };
  client.use(middleware);
  return Object.assign(client, { config: { baseUrl, fetch: baseFetch, authHeaders } });
}

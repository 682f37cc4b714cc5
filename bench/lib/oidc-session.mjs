// Signs in to the reference server the way a browser does, with fetch: startSso, the built-in
// OpenID provider's authorization endpoint and sign-in form, back to the SSO callback, which sets
// the session cookie. Nothing is written to the database behind the server's back.

/** Just enough of a browser cookie jar for one origin: name, value and path. */
export class CookieJar {
  /** @type {Map<string, { name: string, value: string, path: string }>} */
  #cookies = new Map();

  /**
   * Stores the Set-Cookie headers of a response to `url`.
   * @param {string} url
   * @param {Response} response
   */
  store(url, response) {
    const requestPath = new URL(url).pathname;
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      let path = requestPath.slice(0, requestPath.lastIndexOf('/')) || '/';
      let isExpired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'path' && attributeValue.startsWith('/')) path = attributeValue;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) isExpired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) isExpired = true;
      }
      const key = `${name};${path}`;
      if (isExpired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  /**
   * The Cookie header for a request to `url` (undefined when no cookie applies).
   * @param {string} url
   */
  header(url) {
    const requestPath = new URL(url).pathname;
    const matching = [...this.#cookies.values()]
      .filter(
        (cookie) =>
          requestPath === cookie.path ||
          requestPath.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .sort((left, right) => right.path.length - left.path.length);
    return matching.length
      ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      : undefined;
  }

  /**
   * The value of a cookie by name, whatever its path.
   * @param {string} name
   */
  get(name) {
    return [...this.#cookies.values()].find((cookie) => cookie.name === name)?.value;
  }
}

/**
 * Signs in as one of the built-in provider's demo accounts and answers the session cookie.
 * @param {string} baseUrl origin of the reference server, e.g. http://127.0.0.1:34567
 * @param {string} accountEmail a demo account (staff@example.com, ...)
 * @returns {Promise<{ sessionId: string, xsrfToken: string, finalLocation: string }>}
 */
export async function signInWithBuiltinProvider(baseUrl, accountEmail) {
  const jar = new CookieJar();
  /** @param {string} url @param {RequestInit} [init] */
  const request = async (url, init = {}) => {
    const cookie = jar.header(url);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
    });
    jar.store(url, response);
    return response;
  };

  const start = await request(`${baseUrl}/api/auth/sso`);
  if (start.status !== 200)
    throw new Error(`GET /api/auth/sso answered ${start.status}: ${await start.text()}`);
  const { authUrl } = /** @type {{ authUrl: string }} */ (await start.json());
  let url = authUrl;

  for (let hop = 0; hop < 10; hop++) {
    const response = await request(url);
    const location = response.headers.get('location');
    if (new URL(url).pathname === '/api/auth/sso/callback') {
      const body = await response.text();
      const sessionId = jar.get('da_session');
      const xsrfToken = jar.get('XSRF-TOKEN');
      if (response.status !== 302 || !sessionId || !xsrfToken) {
        throw new Error(
          `The SSO callback answered ${response.status} without a session: ${body.slice(0, 300)}`,
        );
      }
      return { sessionId, xsrfToken, finalLocation: location ?? '' };
    }
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      url = new URL(location, url).href;
      continue;
    }
    if (response.status === 200 && /\/oidc\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
      // The provider's sign-in page: submit the form for the wanted demo account.
      const page = await response.text();
      if (!page.includes(accountEmail)) throw new Error(`The sign-in page does not offer ${accountEmail}`);
      const login = await request(`${url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account: accountEmail }).toString(),
      });
      const next = login.headers.get('location');
      await login.arrayBuffer();
      if (!next) throw new Error(`The sign-in form answered ${login.status} without a redirect`);
      url = new URL(next, url).href;
      continue;
    }
    throw new Error(`Unexpected ${response.status} from ${url}: ${(await response.text()).slice(0, 300)}`);
  }
  throw new Error(`Sign-in did not finish within 10 redirects (last: ${url})`);
}

// A tiny browser for tests over real HTTP: a cookie jar honouring Path, and manual redirects so a
// test sees every hop of the single sign-on dance. Like a real browser, cookies are kept per host,
// not per port (tests run every server on 127.0.0.1).

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export class TestBrowser {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(readonly origin: string) {}

  cookie(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  private store(response: Response, url: URL): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator);
      const value = pair!.slice(separator + 1);
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let isExpired = false;
      for (const attribute of attributes) {
        const [key, attributeValue = ''] = attribute.split('=');
        if (key!.toLowerCase() === 'path') path = attributeValue;
        if (key!.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) isExpired = true;
        if (key!.toLowerCase() === 'expires' && new Date(attributeValue).getTime() < Date.now())
          isExpired = true;
      }
      const key = `${name};${path}`;
      if (isExpired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  private cookieHeader(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  /** One request, no redirect following. */
  async request(target: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target, this.origin);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response, url);
    return response;
  }

  /** Follows redirects (GET) until a non-redirect answer; returns it and the URLs visited. */
  async follow(target: string, init: RequestInit = {}): Promise<{ response: Response; visited: string[] }> {
    const visited: string[] = [];
    let response = await this.request(target, init);
    let current = new URL(target, this.origin).href;
    visited.push(current);
    for (let hop = 0; hop < 15 && response.status >= 300 && response.status < 400; hop++) {
      const location = response.headers.get('location');
      if (!location) break;
      current = new URL(location, current).href;
      visited.push(current);
      // The landing page of the app is not served in tests: stop at /login.
      if (new URL(current).pathname === '/login') break;
      response = await this.request(current);
    }
    return { response, visited };
  }

  /**
   * Picks `account` on the built-in provider's sign-in page (its `html`, served at `pageUrl`): posts
   * the page's form. Answers the provider's redirect, not followed.
   */
  async submitAccount(html: string, pageUrl: string, account: string): Promise<Response> {
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no sign-in form on ${pageUrl}`);
    return this.request(new URL(action, pageUrl).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account }).toString(),
    });
  }
}

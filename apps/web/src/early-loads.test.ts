import { describe, expect, it } from 'vitest';
import { startEarlyLoads } from './early-loads';

/** A window whose fetch answers each request with its own number, recording what was asked. */
function fakeWindow(pathname: string) {
  const asked: string[] = [];
  const view = {
    location: { pathname },
    performance,
    document,
    fetch: async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      asked.push(new URL(url, 'http://app.test').pathname);
      return new Response(String(asked.length), { headers: { 'content-type': 'text/plain' } });
    },
  } as unknown as Window;
  return { view, asked };
}

describe('early loads', () => {
  it('answers the first session question with the request made at start-up, and asks the network after that', async () => {
    const { view, asked } = fakeWindow('/codereview');
    const { fetch } = startEarlyLoads(view);
    expect(asked).toEqual(['/api/auth']);

    const first = await fetch(new Request('http://app.test/api/auth'));
    expect(await first.text()).toBe('1');
    expect(asked).toEqual(['/api/auth']);

    const again = await fetch(new Request('http://app.test/api/auth'));
    expect(await again.text()).toBe('2');
    const other = await fetch(new Request('http://app.test/api/chat/getHistory', { method: 'POST' }));
    expect(await other.text()).toBe('3');
    expect(asked).toEqual(['/api/auth', '/api/auth', '/api/chat/getHistory']);
  });

  it("asks a chat's example questions and attachment limits at start-up, each answered once", async () => {
    const { view, asked } = fakeWindow('/chat/Knowledge');
    const { fetch } = startEarlyLoads(view);
    expect(asked).toEqual(['/api/auth', '/api/chat/starter-questions', '/api/chat/attachments']);

    const questions = await fetch(new Request('http://app.test/api/chat/starter-questions'));
    expect(await questions.text()).toBe('2');
    // A write to the same address, or a read with a query, is never answered by the early read.
    await fetch(new Request('http://app.test/api/chat/attachments', { method: 'POST' }));
    await fetch(new Request('http://app.test/api/chat/attachments?x=1'));
    const limits = await fetch(new Request('http://app.test/api/chat/attachments'));
    expect(await limits.text()).toBe('3');
    const questionsAgain = await fetch(new Request('http://app.test/api/chat/starter-questions'));
    expect(await questionsAgain.text()).toBe('6');
    expect(asked).toEqual([
      '/api/auth',
      '/api/chat/starter-questions',
      '/api/chat/attachments',
      '/api/chat/attachments',
      '/api/chat/attachments',
      '/api/chat/starter-questions',
    ]);
  });

  it('gives the app the early session answer when someone is signed in, and nothing when not', async () => {
    const user = { email: 'staff@example.com', name: 'Sam Staff' };
    for (const [status, expected] of [
      [200, { user }],
      [401, undefined],
    ] as const) {
      const view = {
        location: { pathname: '/chat' },
        performance,
        document,
        fetch: async () =>
          new Response(JSON.stringify(status === 200 ? { user } : { message: 'Not signed in' }), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
      } as unknown as Window;
      const early = startEarlyLoads(view);
      expect(await early.session).toEqual(expected);
      // The answer read for the app is a copy: the app's own first ask still gets the original.
      const asked = await early.fetch(new Request('http://app.test/api/auth'));
      expect(asked.status).toBe(status);
      expect(await asked.json()).toMatchObject(status === 200 ? { user } : { message: 'Not signed in' });
    }
  });

  it('asks nothing early on the sign-in and sign-out pages', async () => {
    for (const pathname of ['/login', '/logout']) {
      const { view, asked } = fakeWindow(pathname);
      const { fetch } = startEarlyLoads(view);
      expect(asked).toEqual([]);
      await fetch(new Request('http://app.test/api/auth'));
      expect(asked).toEqual(['/api/auth']);
    }
  });

  it('applies the stylesheet index.html preloads before the app draws', async () => {
    const preload = document.createElement('link');
    preload.rel = 'preload';
    preload.setAttribute('as', 'style');
    preload.href = '/assets/index.css';
    document.head.append(preload);
    const { view } = fakeWindow('/');
    let isApplied = false;
    const { stylesheets } = startEarlyLoads(view);
    void stylesheets.then(() => {
      isApplied = true;
    });
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(sheet?.href).toMatch(/\/assets\/index\.css$/);
    await Promise.resolve();
    expect(isApplied).toBe(false);
    sheet?.dispatchEvent(new Event('load'));
    await stylesheets;
    expect(isApplied).toBe(true);
    preload.remove();
    sheet?.remove();
  });
});

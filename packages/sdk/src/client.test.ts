import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createClient } from './client';
import { DigitalAssistantError, isDigitalAssistantError, unwrap } from './errors';
import { rejectionOf, sendJson, startServer, type TestServer } from './test-support/server';
import type { ErrorBody, User } from './types';

const user: User = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'CORE_ADMINS',
  version: '0.1.0',
  is_active: true,
  is_bot_account: false,
};

let server: TestServer;

beforeEach(async () => {
  server = await startServer((request, response) => {
    if (request.path === '/api/auth') return sendJson(response, 200, { user, features: ['chat'] });
    if (request.path === '/api/users') {
      return sendJson(response, 403, { error: 'You need the user_view permission.', code: 'forbidden' });
    }
    if (request.path === '/api/roles/create') return sendJson(response, 200, { message: 'created' });
    sendJson(response, 404, { error: 'Not found', code: 'not_found' });
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

describe('createClient', () => {
  it('sends credentials (cookies) with every call', async () => {
    const seen: RequestCredentials[] = [];
    const client = createClient({
      baseUrl: server.url,
      fetch: (request) => {
        seen.push(request.credentials);
        return fetch(request);
      },
    });
    await client.GET('/api/auth');
    await client.POST('/api/roles/create', { body: { role: 'QA', feature_names: ['chat'] } });
    expect(seen).toEqual(['include', 'include']);
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on same-origin calls, the state-changing GET generatetoken included', async () => {
    vi.stubGlobal('location', { origin: server.url, href: `${server.url}/chat` });
    vi.stubGlobal('document', { cookie: 'theme=dark; XSRF-TOKEN=abc%3D123; other=1' });
    const client = createClient({ baseUrl: server.url });

    await client.POST('/api/roles/create', { body: { role: 'QA', feature_names: ['chat'] } });
    await client.GET('/api/users/generatetoken', { params: { query: { name: 'ci' } } });
    await client.GET('/api/auth');

    expect(server.requests.map((request) => request.headers['x-xsrf-token'])).toEqual([
      'abc=123',
      'abc=123',
      'abc=123',
    ]);
  });

  it('does not send the XSRF token to another origin', async () => {
    vi.stubGlobal('location', { origin: 'https://app.example.com', href: 'https://app.example.com/chat' });
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=secret' });
    const client = createClient({ baseUrl: server.url });

    await client.POST('/api/roles/create', { body: { role: 'QA', feature_names: ['chat'] } });

    expect(server.requests[0]?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('sends the XSRF token an API on another origin handed it back to that origin only (the widget)', async () => {
    const api = await startServer((request, response) => {
      if (request.path === '/api/auth') {
        response.setHeader('X-XSRF-Token', 'handed-token');
        return sendJson(response, 200, { user, features: ['chat'] });
      }
      sendJson(response, 200, { message: 'ok' });
    });
    try {
      // The page is another origin: it cannot read the API's cookie, and has one of its own.
      vi.stubGlobal('location', { origin: 'http://localhost:5501', href: 'http://localhost:5501/page' });
      vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=the-page-s-own' });
      const client = createClient({ baseUrl: api.url });

      await client.POST('/api/roles/create', { body: { role: 'QA', feature_names: ['chat'] } });
      await client.GET('/api/auth');
      await client.POST('/api/roles/create', { body: { role: 'QA', feature_names: ['chat'] } });
      await client.GET('/api/users/generatetoken', { params: { query: { name: 'ci' } } });
      expect(api.requests.map((request) => request.headers['x-xsrf-token'])).toEqual([
        undefined,
        undefined,
        'handed-token',
        'handed-token',
      ]);

      // Nor does a call through the same client to a third origin carry it.
      await client.POST('/api/roles/create', {
        baseUrl: server.url,
        body: { role: 'QA', feature_names: ['chat'] },
      });
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.headers['x-xsrf-token']).toBeUndefined();
    } finally {
      await api.close();
    }
  });

  it('ignores a token handed by another origin than its API', async () => {
    const elsewhere = await startServer((_request, response) => {
      response.setHeader('X-XSRF-Token', 'planted');
      sendJson(response, 200, { user, features: [] });
    });
    try {
      vi.stubGlobal('location', { origin: 'http://localhost:5501', href: 'http://localhost:5501/page' });
      const client = createClient({ baseUrl: server.url });
      await client.GET('/api/auth', { baseUrl: elsewhere.url });
      await client.POST('/api/roles/create', { body: { role: 'QA', feature_names: ['chat'] } });
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.headers['x-xsrf-token']).toBeUndefined();
    } finally {
      await elsewhere.close();
    }
  });

  it('sends a personal access token as a bearer Authorization header', async () => {
    const client = createClient({ baseUrl: server.url, token: 'pat_123' });
    const rotating = createClient({ baseUrl: server.url, token: async () => 'pat_456' });

    await client.GET('/api/auth');
    await rotating.POST('/api/roles/create', { body: { role: 'QA', feature_names: ['chat'] } });

    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer pat_123',
      'Bearer pat_456',
    ]);
  });

  it('returns the typed data of a successful call', async () => {
    const client = createClient({ baseUrl: server.url });
    const { data, error } = await client.GET('/api/auth');
    expect(error).toBeUndefined();
    expect(data?.user.email).toBe('ada@example.com');
    expectTypeOf(data).toEqualTypeOf<
      { user: User; features?: import('./types').FeatureName[]; hasLanguageModel?: boolean } | undefined
    >();
  });

  it('returns a 403 as a typed error value carrying the error body', async () => {
    const client = createClient({ baseUrl: server.url });
    const { data, error, response } = await client.POST('/api/users', { body: { email: '*' } });

    expect(data).toBeUndefined();
    expect(response.status).toBe(403);
    expect(error).toEqual({ error: 'You need the user_view permission.', code: 'forbidden' });
    expectTypeOf(error).toEqualTypeOf<ErrorBody | undefined>();
  });
});

describe('unwrap', () => {
  it('returns the data of a successful call', async () => {
    const client = createClient({ baseUrl: server.url });
    const auth = await unwrap(client.GET('/api/auth'));
    expect(auth.user.name).toBe('Ada Lovelace');
    expectTypeOf(auth.user).toEqualTypeOf<User>();
  });

  it('throws a DigitalAssistantError with the stable code, readable message, status and cause', async () => {
    const client = createClient({ baseUrl: server.url });
    const failure = await rejectionOf(unwrap(client.POST('/api/users', { body: { email: '*' } })));

    expect(failure).toBeInstanceOf(DigitalAssistantError);
    expect(isDigitalAssistantError(failure)).toBe(true);
    const error = failure;
    expect(error.code).toBe('forbidden');
    expect(error.status).toBe(403);
    expect(error.message).toBe('You need the user_view permission.');
    expect(error.cause).toEqual({ error: 'You need the user_view permission.', code: 'forbidden' });
  });

  it('derives the code from the status when a server answers without the contract error body', async () => {
    const plain = await startServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Cannot POST /api/users/tokens/revoke');
    });
    try {
      const client = createClient({ baseUrl: plain.url });
      const error = await rejectionOf(
        unwrap(client.POST('/api/users/tokens/revoke', { body: { id: 't1' } })),
      );
      expect(error.code).toBe('not_found');
      expect(error.message).toBe('Cannot POST /api/users/tokens/revoke');
    } finally {
      await plain.close();
    }
  });

  it('turns a refused connection into a network_error', async () => {
    const client = createClient({ baseUrl: server.url });
    await server.close();
    const error = await rejectionOf(unwrap(client.GET('/api/auth')));
    expect(error.code).toBe('network_error');
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(Error);
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient } from '../client';
import { isUnavailable, unwrap } from '../errors';
import type { User } from '../types';
import { ContractViolationError, createContractFake, errorReply, offContract } from './contract-fake';
import type { ContractHandlers, OperationKey, QueryOf, RequestBodyOf, StatusOf } from './operation-types';

const user: User = {
  email: 'ada@example.com',
  name: 'Ada',
  role: 'CORE_ADMINS',
  version: '1.0.0',
  is_active: true,
  is_bot_account: false,
};

const clientOf = (fetch: (request: Request) => Promise<Response>) =>
  createClient({ baseUrl: 'http://api.test', fetch });

describe('the contract fake', () => {
  it('answers through the SDK client with what its handlers reply', async () => {
    const fake = createContractFake({
      handlers: { 'GET /api/auth': () => ({ status: 200, body: { user, features: ['chat'] } }) },
    });
    const { data } = await clientOf(fake.fetch).GET('/api/auth');
    expect(data).toEqual({ user, features: ['chat'] });
    expect(fake.callsTo('GET /api/auth')).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });

  it('refuses an answer that does not match the contract, and says why', async () => {
    const fake = createContractFake({
      handlers: {
        // A profile without its name and role: the types refuse it, so the test goes around them.
        'POST /api/users': (() => ({
          status: 200,
          body: { user_profiles: [{ email: 'ada@example.com' }] },
        })) as unknown as ContractHandlers['POST /api/users'],
      },
    });
    const answer = clientOf(fake.fetch).POST('/api/users', { body: { email: '*' } });
    const error = await answer.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContractViolationError);
    expect((error as Error).message).toContain("body/user_profiles/0 must have required property 'name'");
    expect(fake.violations).toEqual([
      expect.objectContaining({ kind: 'response', operation: 'POST /api/users' }),
    ]);
    expect(() => fake.assertNoViolations()).toThrow(ContractViolationError);
  });

  it('refuses a status the contract does not list for the operation', async () => {
    const fake = createContractFake({
      handlers: {
        'GET /api/auth': (() =>
          errorReply(409, 'conflict', 'No')) as unknown as ContractHandlers['GET /api/auth'],
      },
    });
    await expect(fake.fetch('http://api.test/api/auth')).rejects.toThrow(
      /answered 409, a status the contract does not list for getAuthenticatedUser \(it lists 200, .*401, 403/,
    );
  });

  it('checks Response answers too: content type and body', async () => {
    const fake = createContractFake({
      handlers: {
        'GET /api/ping': () => new Response('pong!', { headers: { 'content-type': 'text/plain' } }),
        'GET /api/features': () =>
          new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }),
        'GET /api/roles/allgroups': () =>
          new Response(JSON.stringify({ roles: [{ role_name: 'X', feature_names: ['no_such_feature'] }] }), {
            headers: { 'content-type': 'application/json' },
          }),
      },
    });
    expect(await (await fake.fetch('http://api.test/api/ping')).text()).toBe('pong!');
    await expect(fake.fetch('http://api.test/api/features')).rejects.toThrow(
      "answered 200 with content-type 'text/html'; the contract lists application/json",
    );
    await expect(fake.fetch('http://api.test/api/roles/allgroups')).rejects.toThrow(
      'body/roles/0/feature_names/0 must be equal to one of the allowed values',
    );
  });

  it('sends an answer marked offContract unchecked, for tests of other servers', async () => {
    const fake = createContractFake({
      handlers: { 'GET /api/audit': () => offContract(new Response(null, { status: 405 })) },
    });
    const failure = await unwrap(clientOf(fake.fetch).GET('/api/audit')).catch((caught: unknown) => caught);
    expect(isUnavailable(failure)).toBe(true);
    expect(fake.violations).toEqual([]);
  });

  it('answers 404 with the error body for operations it has no handler for and for unknown paths', async () => {
    const fake = createContractFake({
      handlers: { 'GET /api/users/tokens': () => ({ status: 200, body: { tokens: [] } }) },
    });
    const client = clientOf(fake.fetch);
    fake.remove('GET /api/users/tokens');
    const { error, response } = await client.GET('/api/users/tokens');
    expect(response.status).toBe(404);
    expect(error).toEqual({ error: 'Not found', code: 'not_found' });
    expect(
      isUnavailable(await unwrap(client.GET('/api/users/tokens')).catch((caught: unknown) => caught)),
    ).toBe(true);
    const unknown = await fake.fetch('http://api.test/api/no/such/path', { method: 'DELETE' });
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'Not found', code: 'not_found' }]);
  });

  it('answers 400 validation_failed to a request the contract refuses, before the handler runs', async () => {
    let handled = 0;
    const fake = createContractFake({
      handlers: {
        'POST /api/roles/create': () => {
          handled++;
          return { status: 200, body: { message: 'created' } };
        },
      },
    });
    const { error, response } = await clientOf(fake.fetch).POST('/api/roles/create', {
      body: { role: 'AUDITORS', feature_names: [] },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'validation_failed' });
    expect(error?.error).toContain('body/feature_names must NOT have fewer than 1 items');
    expect(handled).toBe(0);
    expect(fake.violations).toEqual([expect.objectContaining({ kind: 'request' })]);
  });

  it('gives handlers the query in the types of the contract, with its defaults', async () => {
    const seen: unknown[] = [];
    const fake = createContractFake({
      handlers: {
        'GET /api/audit': ({ query }) => {
          seen.push(query);
          return { status: 200, body: { events: [] } };
        },
      },
    });
    await unwrap(clientOf(fake.fetch).GET('/api/audit', { params: { query: { actor: 'ada@example.com' } } }));
    await unwrap(clientOf(fake.fetch).GET('/api/audit', { params: { query: { limit: 5 } } }));
    expect(seen).toEqual([{ actor: 'ada@example.com', limit: 100 }, { limit: 5 }]);
    expect(fake.calls.map((call) => call.query)).toEqual([{ actor: 'ada@example.com' }, { limit: '5' }]);
  });

  it('replaces one operation with use', async () => {
    const fake = createContractFake({
      handlers: { 'GET /api/auth': () => ({ status: 200, body: { user } }) },
    });
    fake.use({ 'GET /api/auth': () => errorReply(401, 'unauthenticated', 'Signed out') });
    const { error } = await clientOf(fake.fetch).GET('/api/auth');
    expect(error).toEqual({ error: 'Signed out', code: 'unauthenticated' });
  });

  it('serves the same answers over real HTTP', async () => {
    const fake = createContractFake({
      handlers: {
        'POST /api/users': ({ body }) => ({
          status: 200,
          body: {
            user_profiles: [{ email: body.email === '*' ? 'all' : body.email, name: 'A', role: 'STAFF' }],
          },
        }),
      },
    });
    const server = await fake.listen();
    try {
      const client = createClient({ baseUrl: server.url });
      const { data } = await client.POST('/api/users', { body: { email: '*' } });
      expect(data).toEqual({ user_profiles: [{ email: 'all', name: 'A', role: 'STAFF' }] });
      const unknown = await fetch(`${server.url}/api/nothing`);
      expect(unknown.status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('types handlers from the contract', () => {
    expectTypeOf<'GET /api/auth'>().toExtend<OperationKey>();
    expectTypeOf<'GET /api/users'>().not.toExtend<OperationKey>();
    expectTypeOf<RequestBodyOf<'POST /api/users/delete'>>().toEqualTypeOf<{ emails: string[] }>();
    expectTypeOf<RequestBodyOf<'GET /api/auth'>>().toEqualTypeOf<undefined>();
    expectTypeOf<QueryOf<'GET /api/audit'>['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<200>().toExtend<StatusOf<'GET /api/auth'>>();
    const handlers: ContractHandlers = {
      // @ts-expect-error: the contract lists no 409 for GET /api/auth
      'GET /api/auth': () => errorReply(409, 'conflict', 'No'),
      // @ts-expect-error: a profile needs a name and a role
      'POST /api/users': () => ({ status: 200, body: { user_profiles: [{ email: 'a@example.com' }] } }),
    };
    expect(Object.keys(handlers)).toHaveLength(2);
  });
});

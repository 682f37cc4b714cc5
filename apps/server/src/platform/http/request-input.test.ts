import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  startWithAdminAndStaff,
  type TestServer,
} from '../../test/harness.js';
import { normalizeDateTime } from './request-input.js';

const refusal = { error: expect.any(String), code: 'validation_failed', details: expect.any(Array) };

describe.each(BACKENDS)('input the database cannot store, on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;

  beforeAll(async () => {
    ({ server, admin, staff } = await startWithAdminAndStaff(backend));
  });
  afterAll(() => server.close());

  const count = async (table: string) =>
    Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

  it('refuses a NUL character in query parameters with 400, anonymous callers included', async () => {
    const cases: Array<[Caller | undefined, string]> = [
      [undefined, '/api/auth/sso?returnTo=/%00'],
      [staff, '/api/users/generatetoken?name=%00'],
      [staff, '/api/users/generatetoken?name=ci%00job'],
      [admin, '/api/audit?actor=%00'],
    ];
    for (const [caller, url] of cases) {
      const response = await call(server.app, caller, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(refusal);
      expect(response.json().error).toContain('cannot be stored');
    }
    expect(await count('personal_access_tokens')).toBe(0);
  });

  it('refuses a NUL character or an unpaired surrogate anywhere in a JSON body, keys included', async () => {
    const users = await count('users');
    const roles = await count('role_groups');
    const audit = await count('audit_events');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/users/create', { email: 'nul@example.com', name: 'a\u0000b', role: 'STAFF' }, '/name'],
      ['/api/users/create', { email: 'nul@example.com', name: 'a\ud800b', role: 'STAFF' }, '/name'],
      ['/api/users/create', { email: 'nul@example.com', name: 'Nul', role: 'STAFF\u0000' }, '/role'],
      ['/api/roles/create', { role: 'R\u0000', feature_names: ['landing'] }, '/role'],
      ['/api/roles/create', { role: 'R', feature_names: ['landing', 'chat\u0000'] }, '/feature_names/1'],
      ['/api/roles/view', { role: '\u0000' }, '/role'],
      ['/api/users/roles/update', { emails: ['staff@example.com'], role: 'PGA\u0000' }, '/role'],
      ['/api/users/roles/update', { emails: ['staff@example.com\u0000'], role: 'PGA' }, '/emails/0'],
      ['/api/users', { email: '*', nested: { deeper: [{ 'key\u0000': 1 }] } }, '/nested/deeper/0/key\u0000'],
    ];
    for (const [url, payload, path] of cases) {
      const response = await call(server.app, admin, { method: 'POST', url, payload });
      expect(response.statusCode, `${url} ${path}`).toBe(400);
      expect(response.json()).toEqual(refusal);
      expect(response.json().details[0]).toMatchObject({ in: 'body', path });
    }
    expect([await count('users'), await count('role_groups'), await count('audit_events')]).toEqual([
      users,
      roles,
      audit,
    ]);
  });

  it('refuses a body nested deeper than 64 levels with 400 before any work, and keeps serving others', async () => {
    const users = await count('users');
    // 1 MiB of brackets: walked level by level this took the server about 35 minutes.
    const bombs = [
      '['.repeat(40_000) + ']'.repeat(40_000),
      `{"question":"hi","history":${'['.repeat(500_000)}${']'.repeat(500_000)}}`,
      `{"a":${'{"a":'.repeat(65)}1${'}'.repeat(65)}}`,
    ];
    const answers = await Promise.all([
      ...bombs.map((payload) =>
        call(server.app, staff, {
          method: 'POST',
          url: '/api/chat/gpt',
          payload,
          headers: { 'content-type': 'application/json' },
        }),
      ),
      call(server.app, staff, { method: 'GET', url: '/api/auth' }),
    ]);
    for (const response of answers.slice(0, bombs.length)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal);
      expect(response.json().error).toBe('Invalid request: the JSON body is nested deeper than 64 levels.');
    }
    expect(answers.at(-1)!.statusCode).toBe(200);
    // Brackets inside strings are text, and 64 levels are still read (and validated as usual).
    const inString = await call(server.app, admin, {
      method: 'POST',
      url: '/api/users/create',
      payload: { email: 'brackets@example.com', name: '['.repeat(100), role: 'STAFF' },
    });
    expect(inString.statusCode).toBe(200);
    const allowed = await call(server.app, admin, {
      method: 'POST',
      url: '/api/users/create',
      payload: `{"email":"x@example.com","name":"X","role":"STAFF","extra":${'['.repeat(63)}${']'.repeat(63)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(allowed.json().error ?? '').not.toContain('nested deeper');
    expect(await count('users')).toBe(users + (allowed.statusCode === 200 ? 2 : 1));
  });

  it('ignores query parameters the operation does not declare, as its handler does', async () => {
    expect((await call(server.app, undefined, { method: 'GET', url: '/api/ping?q=%00' })).statusCode).toBe(
      200,
    );
    const tokens = await call(server.app, staff, { method: 'GET', url: '/api/users/tokens?%00=%00' });
    expect(tokens.statusCode).toBe(200);
  });

  it('still checks who is calling first: an anonymous NUL gets 401 where a session is needed', async () => {
    const response = await call(server.app, undefined, {
      method: 'GET',
      url: '/api/users/generatetoken?name=%00',
    });
    expect(response.statusCode).toBe(401);
  });

  it('accepts ordinary text, accents and emoji', async () => {
    const response = await call(server.app, admin, {
      method: 'POST',
      url: '/api/users/create',
      payload: { email: 'zoe@example.com', name: 'Zoë 😀 Ünïcode', role: 'STAFF' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user_profile.name).toBe('Zoë 😀 Ünïcode');
  });
});

describe.each(BACKENDS)('date-time parameters, on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await sessionFor(server.db, 'admin@example.com');
    await call(server.app, admin, {
      method: 'POST',
      url: '/api/roles/create',
      payload: { role: 'DATED', feature_names: ['landing'] },
    });
  });
  afterAll(() => server.close());

  const audit = (before: string) =>
    call(server.app, admin, { method: 'GET', url: `/api/audit?before=${encodeURIComponent(before)}` });

  it('reads any RFC 3339 offset, including ones PostgreSQL refuses, as the same instant in UTC', async () => {
    for (const before of [
      '2026-01-01T00:00:00-17:00',
      '2026-01-01T00:00:00+16:00',
      '2026-01-01T00:00:00-23:59',
    ]) {
      const response = await audit(before);
      expect(response.statusCode, before).toBe(200);
      expect(response.json()).toEqual({ events: [] });
    }
    const future = await audit('9000-01-01T00:00:00+23:00');
    expect(future.json().events.map((event: { target: string }) => event.target)).toEqual(['DATED']);
  });

  it('answers 400 with the error body for dates out of range or not on the calendar', async () => {
    for (const before of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:59:59-01:00',
      '2026-02-30T00:00:00Z',
      '2025-02-29T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:00:00+24:00',
      'yesterday',
    ]) {
      const response = await audit(before);
      expect(response.statusCode, before).toBe(400);
      expect(response.json(), before).toEqual(refusal);
    }
  });
});

describe('normalizeDateTime', () => {
  it('answers the instant in UTC and keeps sub-second digits to the microsecond', () => {
    expect(normalizeDateTime('2026-01-01T00:00:00-17:00')).toEqual({ value: '2026-01-01T17:00:00Z' });
    expect(normalizeDateTime('2026-01-01t00:00:00.123456789+16:00')).toEqual({
      value: '2025-12-31T08:00:00.123456Z',
    });
    expect(normalizeDateTime('2024-02-29 12:00:00.5z')).toEqual({ value: '2024-02-29T12:00:00.5Z' });
    expect(normalizeDateTime('0001-01-01T00:00:00Z')).toEqual({ value: '0001-01-01T00:00:00Z' });
    expect(normalizeDateTime('1998-12-31T23:59:60Z')).toEqual({ value: '1999-01-01T00:00:00Z' });
  });

  it('refuses out-of-range instants and fields, and leaves text that is no date-time to the validator', () => {
    expect(normalizeDateTime('0000-01-01T00:00:00Z')).toHaveProperty('error');
    expect(normalizeDateTime('10000-01-01T00:00:00Z')).toBeUndefined();
    expect(normalizeDateTime('2026-13-01T00:00:00Z')).toHaveProperty('error');
    expect(normalizeDateTime('2026-01-01T12:00:60Z')).toHaveProperty('error');
    expect(normalizeDateTime('2026-01-01')).toBeUndefined();
  });
});

import { errorReply, demoStaff as staffUser } from '@digital-assistant/sdk/testing';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/api';
import { createSessionStore } from './session';

function setup(options: Parameters<typeof createTestApi>[0] & { currentPath?: string } = {}) {
  const { currentPath, ...serverOptions } = options;
  const api = createTestApi(serverOptions);
  const navigations: string[] = [];
  const redirects: string[] = [];
  const logged: unknown[][] = [];
  let signedOut = 0;
  const session = createSessionStore({
    client: api.client,
    navigate: (to) => navigations.push(to),
    redirect: (url) => redirects.push(url),
    logger: { error: (...args) => logged.push(args) },
    onSignedOut: () => signedOut++,
    currentPath: () => currentPath,
  });
  return { api, session, navigations, redirects, logged, signedOut: () => signedOut };
}

describe('session validation', () => {
  it('is unvalidated until the server confirms the user, then validated', async () => {
    const { session } = setup();
    expect(session.getSnapshot()).toMatchObject({ status: 'unvalidated', user: null });
    const validating = session.validate();
    expect(session.getSnapshot().isValidating).toBe(true);
    await validating;
    expect(session.getSnapshot()).toMatchObject({
      status: 'validated',
      isValidating: false,
      user: { email: 'admin@example.com', role: 'CORE_ADMINS' },
    });
    expect(session.getSnapshot().features).toContain('role_group_view');
  });

  it('keeps whether the server has a language model, unknown from a server that does not say', async () => {
    const { api, session } = setup();
    api.use({
      'GET /api/auth': () => ({
        status: 200,
        body: { user: staffUser, features: [], hasLanguageModel: false },
      }),
    });
    await session.validate();
    expect(session.getSnapshot().hasLanguageModel).toBe(false);

    const seed = setup();
    await seed.session.validate();
    expect(seed.session.getSnapshot().hasLanguageModel).toBeUndefined();
  });

  it('starts validated with an answer the page already has, and does not ask the server again', async () => {
    const api = createTestApi();
    const session = createSessionStore({
      client: api.client,
      navigate: () => {},
      redirect: () => {},
      validated: { user: staffUser, features: ['chat'], hasLanguageModel: false },
    });
    expect(session.getSnapshot()).toMatchObject({
      status: 'validated',
      isValidating: false,
      user: { email: staffUser.email },
      features: ['chat'],
      hasLanguageModel: false,
    });
    await session.validate();
    expect(api.callsTo('GET /api/auth')).toHaveLength(0);
  });

  it('asks the server only once, however often and however concurrently it is asked', async () => {
    const { api, session } = setup();
    await Promise.all([session.validate(), session.validate()]);
    await session.validate();
    expect(api.callsTo('GET /api/auth')).toHaveLength(1);
  });

  it('treats a failed validation as signed out and goes to /login, logging nothing for a 401', async () => {
    const { session, navigations, logged } = setup({ signedIn: null });
    await session.validate();
    expect(session.getSnapshot()).toMatchObject({ status: 'invalid', user: null });
    expect(navigations).toEqual(['/login']);
    expect(logged).toHaveLength(0);
  });

  it('treats a server error during validation the same way, and logs it', async () => {
    const { api, session, navigations, logged } = setup();
    api.use({ 'GET /api/auth': () => errorReply(500, 'internal', 'boom') });
    await session.validate();
    expect(session.getSnapshot().status).toBe('invalid');
    expect(navigations).toEqual(['/login']);
    expect(logged).toHaveLength(1);
  });
});

describe('a session that ends while in use', () => {
  it('becomes invalid and goes to /login, leading back to where the person was; the user stays known', async () => {
    const { session, navigations } = setup({ currentPath: '/chat?c=42' });
    await session.validate();
    session.expire();
    expect(session.getSnapshot()).toMatchObject({ status: 'invalid', user: { email: 'admin@example.com' } });
    expect(navigations).toEqual(['/login?returnTo=%2Fchat%3Fc%3D42']);
    // Said twice (two questions refused at once): one trip to sign-in.
    session.expire();
    expect(navigations).toHaveLength(1);
  });

  it('a validation failing on a bookmarked page leads back to it after sign-in', async () => {
    const { session, navigations } = setup({ signedIn: null, currentPath: '/chat/IT' });
    await session.validate();
    expect(navigations).toEqual(['/login?returnTo=%2Fchat%2FIT']);
  });

  it('completing the session goes to the path sign-in started from, when it is one of ours', async () => {
    const { session, navigations } = setup({ signedIn: null });
    await session.completeLogin(staffUser, { returnTo: '/chat?c=42' });
    expect(navigations).toEqual(['/chat?c=42']);
    const other = setup({ signedIn: null });
    await other.session.completeLogin(staffUser, { returnTo: '//evil.example/chat' });
    expect(other.navigations).toEqual(['/chat/Knowledge']);
  });
});

describe('sign-in', () => {
  it('starts single sign-on by sending the browser to the returned authUrl', async () => {
    const { api, session, redirects } = setup({ signedIn: null });
    await session.startSso({ returnTo: '/users' });
    expect(api.callsTo('GET /api/auth/sso')[0]?.query).toEqual({ returnTo: '/users' });
    expect(redirects).toEqual(['http://idp.test/authorize?state=s&returnTo=/users']);
  });

  it('only logs a failure to start single sign-on', async () => {
    const { api, session, redirects, navigations, logged } = setup({ signedIn: null });
    api.use({ 'GET /api/auth/sso': () => errorReply(500, 'internal', 'IdP down') });
    await session.startSso();
    expect([redirects, navigations]).toEqual([[], []]);
    expect(logged).toHaveLength(1);
    expect(session.getSnapshot().isSigningIn).toBe(false);
  });

  it('completes the session from the login query and goes to chat/Knowledge, validated', async () => {
    const { api, session, navigations } = setup({ signedIn: null });
    await session.completeLogin({ email: staffUser.email, name: staffUser.name });
    expect(api.callsTo('POST /api/auth/session')[0]?.body).toEqual({
      email: 'staff@example.com',
      name: 'Sam Staff',
    });
    expect(session.getSnapshot()).toMatchObject({
      status: 'validated',
      user: { email: 'staff@example.com' },
    });
    expect(navigations).toEqual(['/chat/Knowledge']);
    await session.validate();
    expect(api.callsTo('GET /api/auth')).toHaveLength(0);
  });

  it('only logs a refused sign-in and stays where it is', async () => {
    const { session, navigations, logged } = setup({ signedIn: null });
    await session.completeLogin({ email: 'stranger@example.com', name: 'Stranger' });
    expect(session.getSnapshot().status).toBe('unvalidated');
    expect(navigations).toEqual([]);
    expect(logged).toHaveLength(1);
  });

  it('sends one request when asked twice at once (StrictMode effects)', async () => {
    const { api, session } = setup({ signedIn: null });
    await Promise.all([
      session.completeLogin({ email: staffUser.email, name: staffUser.name }),
      session.completeLogin({ email: staffUser.email, name: staffUser.name }),
    ]);
    expect(api.callsTo('POST /api/auth/session')).toHaveLength(1);
  });
});

describe('logout', () => {
  it('marks the session invalid, calls logout with the e-mail, clears the user and goes to /logout', async () => {
    const { api, session, navigations, signedOut } = setup();
    await session.validate();
    const loggingOut = session.logout();
    expect(session.getSnapshot()).toMatchObject({ status: 'invalid', isLoggingOut: true });
    await loggingOut;
    expect(api.callsTo('POST /api/users/logout')[0]?.body).toEqual({ email: 'admin@example.com' });
    expect(session.getSnapshot()).toMatchObject({
      status: 'invalid',
      user: null,
      features: [],
      isLoggingOut: false,
    });
    expect(navigations).toEqual(['/logout']);
    expect(signedOut()).toBe(1);
  });

  it('still ends the session locally when the server call fails, and only logs it', async () => {
    const { api, session, navigations, logged } = setup();
    await session.validate();
    api.use({ 'POST /api/users/logout': () => errorReply(500, 'internal', 'boom') });
    await session.logout();
    expect(session.getSnapshot()).toMatchObject({ status: 'invalid', user: null });
    expect(navigations).toEqual(['/logout']);
    expect(logged).toHaveLength(1);
  });

  it('asks who is signed in first when the user is not known yet, so that session ends too', async () => {
    const { api, session, navigations, signedOut } = setup();
    await session.logout({ navigate: false });
    expect(api.callsTo('POST /api/users/logout').map((call) => call.body)).toEqual([
      { email: 'admin@example.com' },
    ]);
    expect(api.state.sessionUser).toBeNull();
    expect(session.getSnapshot()).toMatchObject({ status: 'invalid', user: null, hasLoggedOut: true });
    expect(navigations).toEqual([]);
    expect(signedOut()).toBe(1);
  });

  it('calls no logout when nobody is signed in, and logs nothing', async () => {
    const { api, session, logged } = setup({ signedIn: null });
    await session.logout();
    expect(api.callsTo('POST /api/users/logout')).toHaveLength(0);
    expect(logged).toEqual([]);
    expect(session.getSnapshot()).toMatchObject({ status: 'invalid', hasLoggedOut: true });
  });

  it('is not undone by a validation answer that arrives after it', async () => {
    const { session } = setup({ delayMs: 20 });
    const validating = session.validate();
    await session.logout();
    await validating;
    expect(session.getSnapshot()).toMatchObject({ status: 'invalid', user: null });
  });
});

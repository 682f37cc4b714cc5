import { describe, expect, it } from 'vitest';
import {
  canOpenRoute,
  DEFAULT_ROUTE,
  guardRoute,
  isChatRoute,
  loginPath,
  matchRoute,
  resolveRoute,
  safeReturnTo,
} from './routes';

const admin = { role: 'CORE_ADMINS' };
const staff = { role: 'STAFF' };

describe('resolveRoute', () => {
  it('sends empty and unknown paths to chat/Knowledge', () => {
    expect(resolveRoute('')).toBe(DEFAULT_ROUTE);
    expect(resolveRoute('/')).toBe('/chat/Knowledge');
    expect(resolveRoute('/nowhere')).toBe('/chat/Knowledge');
    expect(resolveRoute('/users/extra')).toBe('/chat/Knowledge');
  });

  it('keeps known paths, normalising slashes and dropping query and hash', () => {
    expect(resolveRoute('/users/')).toBe('/users');
    expect(resolveRoute('chat/IT?x=1#top')).toBe('/chat/IT');
    expect(resolveRoute('/menu/chat')).toBe('/menu/chat');
  });
});

describe('canOpenRoute', () => {
  it('opens login, logout and the health pages to anyone', () => {
    for (const path of ['/login', '/logout', '/ping', '/health', '/healthz']) {
      expect(canOpenRoute(path, null)).toBe(true);
    }
  });

  it('keeps guarded routes for signed-in users of any role', () => {
    for (const path of [
      '/chat',
      '/chat/IT',
      '/agents',
      '/menu',
      '/codereview',
      '/train-bot',
      '/tenant-settings',
    ]) {
      expect(canOpenRoute(path, null)).toBe(false);
      expect(canOpenRoute(path, staff)).toBe(true);
    }
  });

  it('keeps menu/chat, elk, users and status for administrators', () => {
    for (const path of ['/menu/chat', '/elk', '/users', '/status']) {
      expect(canOpenRoute(path, staff)).toBe(false);
      expect(canOpenRoute(path, { role: 'PGA' })).toBe(false);
      expect(canOpenRoute(path, admin)).toBe(true);
    }
  });

  it('opens elk to whoever holds elk_chat where the session lists features, and only elk', () => {
    expect(canOpenRoute('/elk', staff, ['chat', 'elk_chat'])).toBe(true);
    expect(canOpenRoute('/elk', staff, ['chat'])).toBe(false);
    expect(canOpenRoute('/users', staff, ['chat', 'elk_chat'])).toBe(false);
    expect(guardRoute('/elk', { status: 'validated', user: staff, features: ['elk_chat'] }).kind).toBe(
      'render',
    );
    expect(guardRoute('/elk', { status: 'validated', user: staff, features: ['chat'] })).toMatchObject({
      kind: 'redirect',
      reason: 'forbidden',
    });
  });

  it('never opens an unknown path', () => {
    expect(canOpenRoute('/secret', admin)).toBe(false);
  });
});

describe('matchRoute and isChatRoute', () => {
  it('reads the department of a chat route', () => {
    expect(matchRoute('/chat/DevOps')?.params.department).toBe('DevOps');
    expect(matchRoute('/chat/Knowledge%20Base')?.params.department).toBe('Knowledge Base');
  });

  it('counts /chat and its department subroutes as chat routes, not the admin chat', () => {
    expect(isChatRoute('/chat')).toBe(true);
    expect(isChatRoute('/chat/PGA')).toBe(true);
    expect(isChatRoute('/menu/chat')).toBe(false);
    expect(isChatRoute('/elk')).toBe(false);
  });
});

describe('guardRoute', () => {
  it('waits for validation on a guarded route, then renders it', () => {
    expect(guardRoute('/chat', { status: 'unvalidated', user: null }).kind).toBe('pending');
    expect(guardRoute('/chat', { status: 'validated', user: staff }).kind).toBe('render');
  });

  it('sends an invalid session to /login, leading back to the path once signed in', () => {
    expect(guardRoute('/users', { status: 'invalid', user: null })).toEqual({
      kind: 'redirect',
      to: '/login?returnTo=%2Fusers',
      reason: 'unauthenticated',
    });
    expect(guardRoute('/chat?c=7', { status: 'invalid', user: null })).toMatchObject({
      to: '/login?returnTo=%2Fchat%3Fc%3D7',
    });
  });

  it('leads sign-in back only to guarded paths of this site', () => {
    expect(safeReturnTo('/chat/IT')).toBe('/chat/IT');
    expect(safeReturnTo('/chat?c=abc')).toBe('/chat?c=abc');
    for (const refused of [
      '//evil.example/chat',
      'https://evil.example/chat',
      '/\\evil.example',
      '/chat\u0000',
      '/login',
      '/logout',
      '/ping',
      '/no-such-page',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnTo(refused), String(refused)).toBeNull();
    }
    expect(loginPath('/chat/Knowledge')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
    expect(loginPath('/codereview')).toBe('/login?returnTo=%2Fcodereview');
  });

  it('sends a guarded screen to /logout, not /login, after logout (sign-in must not restart)', () => {
    expect(guardRoute('/chat', { status: 'invalid', user: null, hasLoggedOut: true })).toEqual({
      kind: 'redirect',
      to: '/logout',
      reason: 'loggedOut',
    });
  });

  it('sends a non-admin away from admin routes to chat/Knowledge', () => {
    expect(guardRoute('/users', { status: 'validated', user: staff })).toEqual({
      kind: 'redirect',
      to: '/chat/Knowledge',
      reason: 'forbidden',
    });
  });

  it('renders open routes without waiting and redirects unknown ones', () => {
    expect(guardRoute('/ping', { status: 'unvalidated', user: null }).kind).toBe('render');
    expect(guardRoute('/what', { status: 'unvalidated', user: null })).toMatchObject({
      to: '/chat/Knowledge',
    });
  });
});

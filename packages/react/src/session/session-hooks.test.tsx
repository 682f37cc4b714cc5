// @vitest-environment jsdom
import { demoStaff as staffUser } from '@digital-assistant/sdk/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useClient } from '../core/chat-provider';
import { useNotices } from '../core/use-notices';
import { AppContext, useAppContext } from '../shell/app-context';
import { useMenuModel, useMenuPanel, useProfilePopup } from '../shell/shell-hooks';
import { renderWithProvider } from '../test-support/render';
import { useLogin, useLogout, useLogoutRoute, useRouteGuard, useSession } from './session-hooks';

describe('outside the provider', () => {
  it('says which hook needs the provider', () => {
    for (const [name, hook] of [
      ['useSession', useSession],
      ['useClient', useClient],
      ['useMenuPanel', useMenuPanel],
      ['useLogin', useLogin],
    ] as const) {
      expect(() => renderHook(() => hook())).toThrow(`${name} must be used within DigitalAssistantProvider`);
    }
  });
});

describe('useSession', () => {
  it('says whether the server has a language model, assuming one when it does not say', async () => {
    const seed = renderWithProvider(() => useSession());
    await act(() => seed.result.current.validate());
    expect(seed.result.current).toMatchObject({ isValidated: true, hasLanguageModel: true });

    const none = renderWithProvider(() => useSession(), { signedIn: staffUser });
    none.api.use({
      'GET /api/auth': () => ({
        status: 200,
        body: { user: staffUser, features: [], hasLanguageModel: false },
      }),
    });
    await act(() => none.result.current.validate());
    expect(none.result.current).toMatchObject({ isValidated: true, hasLanguageModel: false });
  });
});

describe('a session the page already has', () => {
  it('renders guarded routes at once, History loading, without asking the server who is signed in', async () => {
    const { result, api } = renderWithProvider(
      () => ({ guard: useRouteGuard('/chat'), session: useSession() }),
      { signedIn: staffUser, auth: { user: staffUser, features: [] } },
    );
    expect(result.current.guard.kind).toBe('render');
    expect(result.current.session).toMatchObject({ isValidated: true, user: { email: staffUser.email } });
    await waitFor(() => expect(api.callsTo('POST /api/chat/getHistory')).toHaveLength(1));
    expect(api.callsTo('GET /api/auth')).toHaveLength(0);
  });
});

describe('useRouteGuard', () => {
  it('validates the session once for guarded routes, then renders them', async () => {
    const { result, rerender, api } = renderWithProvider(() => ({
      guard: useRouteGuard('/users'),
      session: useSession(),
    }));
    expect(result.current.guard.kind).toBe('pending');
    await waitFor(() => expect(result.current.guard.kind).toBe('render'));
    expect(result.current.session).toMatchObject({ isValidated: true, isAdmin: true, initials: 'AA' });
    rerender();
    expect(api.callsTo('GET /api/auth')).toHaveLength(1);
  });

  it('is not asked again on route changes', async () => {
    let path = '/chat';
    const { result, rerender, api } = renderWithProvider(() => useRouteGuard(path));
    await waitFor(() => expect(result.current.kind).toBe('render'));
    for (path of ['/menu', '/users', '/chat/IT']) {
      rerender();
      expect(result.current.kind).toBe('render');
    }
    expect(api.callsTo('GET /api/auth')).toHaveLength(1);
  });

  it('sends signed-out users to /login, which leads back to where they were once signed in', async () => {
    const { result, navigations } = renderWithProvider(() => useRouteGuard('/chat?c=42'), {
      signedIn: null,
      currentPath: () => '/chat?c=42',
    });
    const login = '/login?returnTo=%2Fchat%3Fc%3D42';
    await waitFor(() => expect(result.current).toMatchObject({ kind: 'redirect', to: login }));
    expect(navigations).toEqual([login]);
  });

  it('sends signed-out users on chat/Knowledge to /login alone (sign-in leads there anyway)', async () => {
    const { result, navigations } = renderWithProvider(() => useRouteGuard('/chat/Knowledge'), {
      signedIn: null,
      currentPath: () => '/chat/Knowledge',
    });
    await waitFor(() => expect(result.current).toMatchObject({ kind: 'redirect', to: '/login' }));
    expect(navigations).toEqual(['/login']);
  });

  it('keeps staff out of admin routes', async () => {
    const { result } = renderWithProvider(() => useRouteGuard('/users'), { signedIn: staffUser });
    await waitFor(() => expect(result.current).toMatchObject({ kind: 'redirect', reason: 'forbidden' }));
  });

  it('renders open routes without asking the server', () => {
    const { result, api } = renderWithProvider(() => useRouteGuard('/ping'), { signedIn: null });
    expect(result.current.kind).toBe('render');
    expect(api.calls).toHaveLength(0);
  });
});

describe('useLogin', () => {
  it('completes the session when the login URL carries e-mail and name', async () => {
    const { result, navigations } = renderWithProvider(() => ({ login: useLogin(), session: useSession() }), {
      signedIn: null,
    });
    await act(() => result.current.login.login({ email: staffUser.email, name: staffUser.name }));
    expect(navigations).toEqual(['/chat/Knowledge']);
    expect(result.current.session).toMatchObject({ isValidated: true, isAdmin: false, initials: 'SS' });
  });

  it('starts single sign-on without them', async () => {
    const { result, redirects } = renderWithProvider(() => useLogin(), { signedIn: null });
    await act(() => result.current.login({}));
    expect(redirects).toEqual(['http://idp.test/authorize?state=s']);
  });

  it('carries returnTo through single sign-on and back, refusing a path not of this site', async () => {
    const { result, redirects, api } = renderWithProvider(() => useLogin(), { signedIn: null });
    await act(() => result.current.login({ returnTo: '/chat?c=42' }));
    expect(api.callsTo('GET /api/auth/sso')[0]?.query).toEqual({ returnTo: '/chat?c=42' });
    expect(redirects).toEqual(['http://idp.test/authorize?state=s&returnTo=/chat?c=42']);
    await act(() => result.current.login({ returnTo: 'https://evil.example/' }));
    expect(api.callsTo('GET /api/auth/sso')[1]?.query).not.toHaveProperty('returnTo');

    const back = renderWithProvider(() => useLogin(), { signedIn: null });
    await act(() =>
      back.result.current.login({ email: staffUser.email, name: staffUser.name, returnTo: '/chat?c=42' }),
    );
    expect(back.navigations).toEqual(['/chat?c=42']);
  });

  it('starts single sign-on once when the login screen effect depends on login (a second start would void the first)', async () => {
    const { redirects, api } = renderWithProvider(
      () => {
        const { login } = useLogin();
        useEffect(() => {
          void login({});
        }, [login]);
      },
      { signedIn: null },
    );
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(api.callsTo('GET /api/auth/sso')).toHaveLength(1);
  });
});

describe('useLogout and the profile popup', () => {
  it('logs out from the profile popup and drops cached server data', async () => {
    const { result, navigations, api, queryClient } = renderWithProvider(() => ({
      guard: useRouteGuard('/chat'),
      profile: useProfilePopup(),
      logout: useLogout(),
    }));
    await waitFor(() => expect(result.current.guard.kind).toBe('render'));
    expect(result.current.profile).toMatchObject({
      name: 'Ada Admin',
      email: 'admin@example.com',
      role: 'CORE_ADMINS',
      version: '1.0.0',
    });
    queryClient.setQueryData(['digital-assistant', 'users'], []);
    await act(() => result.current.profile.onLogout());
    expect(api.callsTo('POST /api/users/logout')).toHaveLength(1);
    expect(navigations).toEqual(['/logout']);
    expect(result.current.profile.name).toBe('User');
    expect(result.current.logout.isLoggingOut).toBe(false);
    expect(queryClient.getQueryData(['digital-assistant', 'users'])).toBeUndefined();
  });

  it('goes to chat from the Chat button', () => {
    const { result, navigations } = renderWithProvider(() => useProfilePopup());
    result.current.onChat();
    expect(navigations).toEqual(['/chat']);
  });
});

describe('useMenuPanel and useMenuModel', () => {
  it('shares one open state between the header toggle and the panel', () => {
    const { result } = renderWithProvider(() => ({ header: useMenuPanel(), panel: useMenuPanel() }), {
      windowWidth: 1280,
    });
    expect(result.current.panel).toMatchObject({ isOpen: true, width: 265, animationMs: 225 });
    act(() => result.current.header.toggle());
    expect(result.current.panel.isOpen).toBe(false);
  });

  it('starts collapsed on narrow windows', () => {
    const { result } = renderWithProvider(() => useMenuPanel(), { windowWidth: 800 });
    expect(result.current.isOpen).toBe(false);
  });

  it('lists the Admin section once an administrator is validated', async () => {
    const { result } = renderWithProvider(() => ({
      guard: useRouteGuard('/menu'),
      menu: useMenuModel('/menu'),
    }));
    expect(result.current.menu.admin).toBeNull();
    await waitFor(() => expect(result.current.menu.admin).not.toBeNull());
    expect(result.current.menu.agents.find((item) => item.id === 'elk')?.isDisabled).toBe(false);
  });

  it('starts with no notices', () => {
    const { result } = renderWithProvider(() => useNotices());
    expect(result.current).toMatchObject({ notices: [], latest: null });
  });
});

describe('useLogoutRoute', () => {
  it('signs out whoever the browser is still signed in as when /logout is opened directly', async () => {
    const { result, api, navigations, redirects } = renderWithProvider(() => useLogoutRoute());
    expect(result.current.isLoggingOut).toBe(true);
    await waitFor(() => expect(result.current.isLoggingOut).toBe(false));
    expect(api.callsTo('POST /api/users/logout').map((call) => call.body)).toEqual([
      { email: 'admin@example.com' },
    ]);
    expect(api.state.sessionUser).toBeNull();
    // It stays on /logout and starts no sign-in.
    expect(navigations).toEqual([]);
    expect(redirects).toEqual([]);
  });

  it('asks nothing more after the Logout button already signed out', async () => {
    const { result, api } = renderWithProvider(() => ({
      logout: useLogout(),
      context: useAppContext('test'),
    }));
    await act(() => result.current.logout.logout());
    const asked = api.calls.length;
    // Then the app shows /logout, under the same provider.
    const { context } = result.current;
    const route = renderHook(() => useLogoutRoute(), {
      wrapper: ({ children }) => <AppContext.Provider value={context}>{children}</AppContext.Provider>,
    });
    expect(route.result.current.isLoggingOut).toBe(false);
    await act(async () => {});
    expect(api.callsTo('POST /api/users/logout')).toHaveLength(1);
    expect(api.calls).toHaveLength(asked);
  });
});

// @vitest-environment jsdom

import { signInErrorMessage } from '@digital-assistant/core';
import type { TestApi } from '@digital-assistant/core/test-support';
import { errorReply } from '@digital-assistant/sdk/testing';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotices } from '../core/use-notices';
import { useLogin } from '../session/session-hooks';
import { renderWithProvider } from '../test-support/render';
import { useSetUsersActive, useUsers } from './user-admin-hooks';

const texts = (notices: readonly { text: string }[]) => notices.map((notice) => notice.text);

const withStatus = [
  { email: 'admin@example.com', name: 'Ada Admin', role: 'CORE_ADMINS', is_active: true },
  { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF', is_active: true },
  { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA', is_active: false },
];

/** The server's behaviour of `setUsersActive`, over the demo server's users. */
function serveSetUsersActive(api: TestApi) {
  api.use({
    'POST /api/users/active/update': ({ body }) => {
      const changed = api.state.users.filter((user) => body.emails.includes(user.email));
      for (const user of changed) user.is_active = body.is_active;
      const verb = body.is_active ? 'reactivated' : 'deactivated';
      return { status: 200, body: { message: `Successfully ${verb} users.`, user_profiles: changed } };
    },
  });
}

describe('useUsers and deactivation', () => {
  it('shows each user as Active or Deactivated when the server reports it', async () => {
    const { result } = renderWithProvider(() => useUsers(), { users: withStatus });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasStatus).toBe(true);
    expect(result.current.rows.map((row) => [row.userEmail, row.userStatus])).toEqual([
      ['admin@example.com', 'Active'],
      ['staff@example.com', 'Active'],
      ['pga@example.com', 'Deactivated'],
    ]);
  });

  it('offers no status on a server that does not report is_active', async () => {
    const { result } = renderWithProvider(() => useUsers());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasStatus).toBe(false);
    expect(result.current.rows[0]).not.toHaveProperty('userStatus');
  });
});

describe('useSetUsersActive', () => {
  it('deactivates the users, names each one, refreshes the list and reports what changed', async () => {
    const changed: string[][] = [];
    const { result, api } = renderWithProvider(
      () => ({
        users: useUsers(),
        setActive: useSetUsersActive({ onChanged: (emails) => changed.push(emails) }),
        notices: useNotices(),
      }),
      { users: withStatus },
    );
    serveSetUsersActive(api);
    await waitFor(() => expect(result.current.users.isSuccess).toBe(true));

    await act(() =>
      result.current.setActive.mutateAsync({
        emails: ['staff@example.com', 'admin@example.com'],
        isActive: false,
      }),
    );
    expect(api.callsTo('POST /api/users/active/update')[0]?.body).toEqual({
      emails: ['staff@example.com', 'admin@example.com'],
      is_active: false,
    });
    expect(changed).toEqual([['admin@example.com', 'staff@example.com']]);
    expect(texts(result.current.notices.notices)).toEqual(
      expect.arrayContaining([
        'Successfully deactivated user admin@example.com.',
        'Successfully deactivated user staff@example.com.',
      ]),
    );
    await waitFor(() =>
      expect(result.current.users.rows.find((row) => row.userEmail === 'staff@example.com')?.userStatus).toBe(
        'Deactivated',
      ),
    );
  });

  it('reactivates, worded as such', async () => {
    const { result, api } = renderWithProvider(
      () => ({ setActive: useSetUsersActive(), notices: useNotices() }),
      { users: withStatus },
    );
    serveSetUsersActive(api);
    await act(() => result.current.setActive.mutateAsync({ emails: ['pga@example.com'], isActive: true }));
    expect(result.current.notices.latest).toMatchObject({
      kind: 'success',
      text: 'Successfully reactivated user pga@example.com.',
    });
    expect(api.state.users.find((user) => user.email === 'pga@example.com')?.is_active).toBe(true);
  });

  it("reports the failure with the server's reason and exposes the typed error", async () => {
    const { result, api } = renderWithProvider(
      () => ({ setActive: useSetUsersActive(), notices: useNotices() }),
      { users: withStatus },
    );
    api.use({
      'POST /api/users/active/update': () =>
        errorReply(409, 'conflict', 'You cannot deactivate your own account.'),
    });
    await act(async () => {
      await result.current.setActive
        .mutateAsync({ emails: ['admin@example.com'], isActive: false })
        .catch(() => undefined);
    });
    expect(result.current.notices.latest).toMatchObject({
      kind: 'error',
      text: 'Error deactivating user admin@example.com. You cannot deactivate your own account.',
    });
    await waitFor(() => expect(result.current.setActive.error?.code).toBe('conflict'));
  });
});

describe('a refused sign-in', () => {
  it('says why a deactivated person is back on the login screen, and something for unknown reasons', () => {
    expect(signInErrorMessage('account_deactivated')).toBe(
      'Your account is deactivated. Ask an administrator to reactivate it.',
    );
    expect(signInErrorMessage('something_else')).toBe('Sign-in did not complete. Try again.');
    expect(signInErrorMessage(null)).toBeNull();
    expect(signInErrorMessage('')).toBeNull();
  });

  it('does not start single sign-on again by itself when the login URL carries an error', async () => {
    const { result, redirects, api } = renderWithProvider(() => useLogin(), { signedIn: null });
    await act(() => result.current.login({ error: 'account_deactivated' }));
    expect(redirects).toEqual([]);
    expect(api.callsTo('GET /api/auth/sso')).toHaveLength(0);
    // The Login button still starts it.
    await act(() => result.current.startSso());
    expect(redirects).toEqual(['http://idp.test/authorize?state=s']);
  });
});

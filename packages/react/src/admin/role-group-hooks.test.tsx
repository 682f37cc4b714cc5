// @vitest-environment jsdom

import { KNOWN_FEATURES } from '@digital-assistant/core';
import { json, type TestApi } from '@digital-assistant/core/test-support';
import { FEATURE_NAMES } from '@digital-assistant/sdk/features';
import { errorReply, offContract } from '@digital-assistant/sdk/testing';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotices } from '../core/use-notices';
import { renderWithProvider } from '../test-support/render';
import {
  createRoleGroupErrorMessage,
  useCreateRoleGroup,
  useDeleteRoleGroup,
  useFeatureList,
  useLoadRoleGroup,
  useRoleGroup,
  useRoleGroups,
  useUpdateRoleGroup,
} from './role-group-hooks';

async function settle(promise: Promise<unknown>) {
  await act(async () => {
    await promise.catch(() => undefined);
  });
}

describe('role groups', () => {
  it('lists role groups and their names', async () => {
    const { result } = renderWithProvider(() => useRoleGroups());
    await waitFor(() => expect(result.current.roleNames).toEqual(['CORE_ADMINS', 'STAFF', 'PGA']));
  });

  it('views one role group, and reports when it cannot', async () => {
    let name = 'STAFF';
    const { result, rerender } = renderWithProvider(() => ({
      group: useRoleGroup(name),
      notices: useNotices(),
    }));
    await waitFor(() =>
      expect(result.current.group.data?.feature_names).toEqual(['landing', 'chat', 'search']),
    );
    name = 'GHOST';
    rerender();
    await waitFor(() => expect(result.current.group.isError).toBe(true));
    expect(result.current.notices.latest?.text).toBe('Error getting role information.');
  });

  it('loads a role group on demand for the Edit button', async () => {
    const { result } = renderWithProvider(() => ({ load: useLoadRoleGroup(), notices: useNotices() }));
    await expect(result.current.load('PGA')).resolves.toMatchObject({ role_name: 'PGA' });
    await act(async () => expect(await result.current.load('GHOST')).toBeNull());
    expect(result.current.notices.latest?.text).toBe('Error getting role information.');
  });

  it("creates a role group and reports 'Successfully created role group.'", async () => {
    const { result, api } = renderWithProvider(() => ({
      groups: useRoleGroups(),
      create: useCreateRoleGroup(),
      notices: useNotices(),
    }));
    await act(() => result.current.create.mutateAsync({ name: 'AUDITORS', features: ['user_view'] }));
    expect(api.callsTo('POST /api/roles/create')[0]?.body).toEqual({
      role: 'AUDITORS',
      feature_names: ['user_view'],
    });
    expect(result.current.notices.latest?.text).toBe('Successfully created role group.');
    await waitFor(() => expect(result.current.groups.roleNames).toContain('AUDITORS'));
  });

  it("refuses a missing name or features with 'Invalid input vaules' without calling the server", async () => {
    const { result, api } = renderWithProvider(() => ({
      create: useCreateRoleGroup(),
      notices: useNotices(),
    }));
    await settle(result.current.create.mutateAsync({ name: 'EMPTY', features: [] }));
    expect(result.current.notices.latest?.text).toBe('Invalid input vaules');
    expect(api.callsTo('POST /api/roles/create')).toHaveLength(0);
  });

  it("shows the server's duplicate message when the name exists", async () => {
    const { result, api } = renderWithProvider(() => ({
      create: useCreateRoleGroup(),
      notices: useNotices(),
    }));
    await settle(result.current.create.mutateAsync({ name: 'STAFF', features: ['chat'] }));
    expect(api.callsTo('POST /api/roles/create')).toHaveLength(1);
    expect(result.current.notices.latest?.text).toBe("Role 'STAFF' already exists.");
  });

  it('catches a duplicate of a listed group before calling the server', async () => {
    const { result, api } = renderWithProvider(() => ({
      groups: useRoleGroups(),
      create: useCreateRoleGroup(),
      notices: useNotices(),
    }));
    await waitFor(() => expect(result.current.groups.isSuccess).toBe(true));
    await settle(result.current.create.mutateAsync({ name: 'PGA', features: ['chat'] }));
    expect(api.callsTo('POST /api/roles/create')).toHaveLength(0);
    expect(result.current.notices.latest?.text).toBe("Role 'PGA' already exists.");
  });

  it('catches a differently cased or spaced name of a listed group before calling the server', async () => {
    const { result, api } = renderWithProvider(() => ({
      groups: useRoleGroups(),
      create: useCreateRoleGroup(),
      notices: useNotices(),
    }));
    await waitFor(() => expect(result.current.groups.isSuccess).toBe(true));
    await settle(result.current.create.mutateAsync({ name: ' staff ', features: ['chat'] }));
    expect(api.callsTo('POST /api/roles/create')).toHaveLength(0);
    expect(result.current.notices.latest?.text).toBe("Role 'staff' already exists as 'STAFF'.");
    await waitFor(() =>
      expect(result.current.create.error?.message).toBe("Role 'staff' already exists as 'STAFF'."),
    );
  });

  it('leaves a duplicate to the form when asked, and refreshes the list the server knew better', async () => {
    const { result, api } = renderWithProvider(() => ({
      groups: useRoleGroups(),
      create: useCreateRoleGroup({ reportsDuplicateName: false }),
      notices: useNotices(),
    }));
    await waitFor(() => expect(result.current.groups.isSuccess).toBe(true));
    // Created by someone else since the list was fetched.
    api.use({
      'POST /api/roles/create': () => errorReply(409, 'conflict', "Role 'AUDITORS' already exists."),
    });
    const listings = api.callsTo('GET /api/roles/allgroups').length;
    await settle(result.current.create.mutateAsync({ name: 'AUDITORS', features: ['chat'] }));
    await waitFor(() => expect(result.current.create.error?.message).toBe("Role 'AUDITORS' already exists."));
    expect(createRoleGroupErrorMessage(result.current.create.error!, 'AUDITORS')).toBe(
      "Role 'AUDITORS' already exists.",
    );
    expect(result.current.notices.latest).toBeNull();
    await waitFor(() => expect(api.callsTo('GET /api/roles/allgroups').length).toBeGreaterThan(listings));
  });

  it("reports 'Error creating role group' for other failures", async () => {
    const { result, api } = renderWithProvider(() => ({
      create: useCreateRoleGroup(),
      notices: useNotices(),
    }));
    api.use({ 'POST /api/roles/create': () => errorReply(500, 'internal', 'Internal error') });
    await settle(result.current.create.mutateAsync({ name: 'NEW', features: ['chat'] }));
    expect(result.current.notices.latest?.text).toBe('Error creating role group');
  });
});

describe('useUpdateRoleGroup', () => {
  it('sends one add call when features were only added', async () => {
    const { result, api } = renderWithProvider(() => ({
      update: useUpdateRoleGroup(),
      notices: useNotices(),
    }));
    await act(() =>
      result.current.update.mutateAsync({
        name: 'STAFF',
        previousFeatures: ['landing', 'chat', 'search'],
        features: ['landing', 'chat', 'search', 'train'],
      }),
    );
    expect(api.callsTo('POST /api/roles/update').map((call) => call.body)).toEqual([
      { role_name: 'STAFF', feature_names: ['train'], action: 'add' },
    ]);
    expect(result.current.notices.latest?.text).toBe('Successfully updated role group.');
  });

  it('sends an add and a remove call when features were added and removed', async () => {
    const { result, api } = renderWithProvider(() => ({
      update: useUpdateRoleGroup(),
      group: useRoleGroup('STAFF'),
    }));
    await waitFor(() => expect(result.current.group.isSuccess).toBe(true));
    await act(() =>
      result.current.update.mutateAsync({
        name: 'STAFF',
        previousFeatures: ['landing', 'chat', 'search'],
        features: ['landing', 'search', 'train'],
      }),
    );
    expect(
      api.callsTo('POST /api/roles/update').map((call) => (call.body as { action: string }).action),
    ).toEqual(['add', 'remove']);
    expect(api.state.roles.get('STAFF')).toEqual(['landing', 'search', 'train']);
    await waitFor(() =>
      expect(result.current.group.data?.feature_names).toEqual(['landing', 'search', 'train']),
    );
  });

  it('sends nothing when nothing changed', async () => {
    const { result, api } = renderWithProvider(() => useUpdateRoleGroup());
    await act(() =>
      result.current.mutateAsync({ name: 'STAFF', previousFeatures: ['chat'], features: ['chat'] }),
    );
    expect(api.callsTo('POST /api/roles/update')).toHaveLength(0);
  });

  it("reports 'Error updating role group.' when a call fails", async () => {
    const { result, api } = renderWithProvider(() => ({
      update: useUpdateRoleGroup(),
      notices: useNotices(),
    }));
    api.use({
      'POST /api/roles/update': () => errorReply(403, 'forbidden', 'Missing role_group_update_remove'),
    });
    await settle(
      result.current.update.mutateAsync({ name: 'STAFF', previousFeatures: ['chat'], features: ['train'] }),
    );
    expect(result.current.notices.latest?.text).toBe('Error updating role group.');
  });
});

describe('useDeleteRoleGroup', () => {
  it("deletes an unused role group and reports 'Successfully deleted role group'", async () => {
    const { result, api } = renderWithProvider(() => ({
      remove: useDeleteRoleGroup(),
      notices: useNotices(),
    }));
    api.state.roles.set('OLD', ['chat']);
    await act(() => result.current.remove.mutateAsync('OLD'));
    expect(api.state.roles.has('OLD')).toBe(false);
    expect(result.current.notices.latest?.text).toBe('Successfully deleted role group');
  });

  it("reports 'Error deleting role: ' with the server's reason", async () => {
    const { result } = renderWithProvider(() => ({ remove: useDeleteRoleGroup(), notices: useNotices() }));
    await settle(result.current.remove.mutateAsync('STAFF'));
    expect(result.current.notices.latest?.text).toBe(
      "Error deleting role: Role 'STAFF' is still assigned to users.",
    );
  });
});

describe('useFeatureList', () => {
  it("uses the server's feature list when it offers one", async () => {
    const { result, api } = renderWithProvider(() => useFeatureList());
    // A newer server's list, with a feature this contract does not know yet.
    api.use({
      'GET /api/features': () => offContract(json(200, { features: [...FEATURE_NAMES, 'future_feature'] })),
    });
    await waitFor(() => expect(result.current.isSupported).toBe(true));
    expect(result.current.features).toContain('future_feature');
  });

  const answer = (response: () => Response) => (api: TestApi) =>
    api.use({ 'GET /api/features': () => offContract(response()) });
  it.each([
    ['a 404', (api: TestApi) => api.remove('GET /api/features')],
    ['a 405', answer(() => new Response('Method Not Allowed', { status: 405 }))],
    [
      'an HTML page',
      answer(
        () =>
          new Response('<!doctype html><title>app</title>', {
            status: 200,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    ],
    ['JSON of another shape', answer(() => json(200, { message: 'hello' }))],
  ])('falls back to the 36 known features on %s', async (_, serverWithout) => {
    const { result, api } = renderWithProvider(() => useFeatureList());
    serverWithout(api);
    await waitFor(() => expect(result.current.isSupported).toBe(false));
    expect(result.current.features).toEqual(KNOWN_FEATURES);
    expect(result.current.features).toHaveLength(36);
  });

  it('reports a real failure as an error, not as unsupported', async () => {
    const { result, api } = renderWithProvider(() => useFeatureList());
    api.use({ 'GET /api/features': () => errorReply(403, 'forbidden', 'Missing role_group_list_view') });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.isSupported).toBeUndefined();
  });
});

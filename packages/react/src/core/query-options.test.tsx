// @vitest-environment jsdom
// The server-state reads as `queryOptions` factories: a host fetches or prefetches them without a
// hook, gets the SDK's own answers (extensions as `{ unsupported, reason }`), and the hooks read the
// same cache entries.

import { createTestApi } from '@digital-assistant/core/test-support';
import { listAuditEvents, listFeatures, listMyTokens } from '@digital-assistant/sdk';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditLogQueryOptions } from '../admin/audit-hooks';
import {
  featureListQueryOptions,
  roleGroupQueryOptions,
  roleGroupsQueryOptions,
  useFeatureList,
  useRoleGroups,
} from '../admin/role-group-hooks';
import { myTokensQueryOptions } from '../admin/token-hooks';
import { usersQueryOptions, useUsers } from '../admin/user-admin-hooks';
import { knowledgeDocumentsQueryOptions } from '../knowledge/knowledge-hooks';
import { renderWithProvider } from '../test-support/render';

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('server-state query options', () => {
  it('fetch without React what the hooks show', async () => {
    const api = createTestApi();
    const queryClient = newQueryClient();
    const users = await queryClient.fetchQuery(usersQueryOptions(api.client));
    expect(users.map((user) => user.email)).toContain('staff@example.com');
    const groups = await queryClient.fetchQuery(roleGroupsQueryOptions(api.client));
    expect(groups.map((group) => group.role_name)).toEqual(['CORE_ADMINS', 'STAFF', 'PGA']);
    const staff = await queryClient.fetchQuery(roleGroupQueryOptions(api.client, 'STAFF'));
    expect(staff.feature_names).toEqual(['landing', 'chat', 'search']);
  });

  it("answer an extension as the SDK's helper does: its data, or unsupported with the reason", async () => {
    const api = createTestApi();
    const queryClient = newQueryClient();
    expect(await queryClient.fetchQuery(featureListQueryOptions(api.client))).toEqual(
      await listFeatures(api.client),
    );
    expect(await queryClient.fetchQuery(myTokensQueryOptions(api.client))).toMatchObject({
      unsupported: false,
      data: { tokens: expect.any(Array) },
    });
    const audit = await queryClient.fetchInfiniteQuery(auditLogQueryOptions(api.client, { limit: 5 }));
    expect(audit.pages[0]).toEqual(await listAuditEvents(api.client, { limit: 5 }));

    api.remove('GET /api/users/tokens');
    api.remove('GET /api/knowledge/documents');
    const tokens = await newQueryClient().fetchQuery(myTokensQueryOptions(api.client));
    expect(tokens).toEqual(await listMyTokens(api.client));
    expect(tokens).toEqual({
      unsupported: true,
      reason: 'The server answered 404 to GET /api/users/tokens',
    });
    expect(await queryClient.fetchQuery(knowledgeDocumentsQueryOptions(api.client))).toMatchObject({
      unsupported: true,
      reason: 'The server answered 404 to GET /api/knowledge/documents',
    });
  });

  it("share the hooks' cache entries, so a prefetch is what the screen shows first", async () => {
    const { result, api, queryClient } = renderWithProvider(() => ({
      users: useUsers(),
      groups: useRoleGroups(),
      features: useFeatureList(),
    }));
    await waitFor(() => expect(result.current.features.isSupported).toBe(true));
    await waitFor(() => expect(result.current.users.isSuccess && result.current.groups.isSuccess).toBe(true));
    expect(queryClient.getQueryData(usersQueryOptions(api.client).queryKey)).toBe(result.current.users.data);
    expect(queryClient.getQueryData(roleGroupsQueryOptions(api.client).queryKey)).toBe(
      result.current.groups.data,
    );
    expect(queryClient.getQueryData(featureListQueryOptions(api.client).queryKey)).toBe(
      result.current.features.data,
    );
  });
});

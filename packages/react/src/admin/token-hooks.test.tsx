// @vitest-environment jsdom
import { offContract } from '@digital-assistant/sdk/testing';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotices } from '../core/use-notices';
import { renderWithProvider } from '../test-support/render';
import { useAuditLog } from './audit-hooks';
import { useGenerateToken, useMyTokens, useRevokeToken, useTokenOverlay } from './token-hooks';

describe('generating a token', () => {
  it('shows the new token masked, reveals it on toggle, and copies it', async () => {
    const { result, api, copied } = renderWithProvider(() => ({
      generate: useGenerateToken(),
      overlay: useTokenOverlay(),
      notices: useNotices(),
    }));
    expect(result.current.overlay.isVisible).toBe(false);
    await act(async () => {
      const generated = await result.current.generate.mutateAsync({ name: 'ci', expiresInDays: 30 });
      result.current.overlay.show(generated);
    });
    expect(api.callsTo('GET /api/users/generatetoken')[0]?.query).toEqual({
      name: 'ci',
      expires_in_days: '30',
    });
    expect(result.current.overlay).toMatchObject({
      isVisible: true,
      isMasked: true,
      title: 'Token Creation Successful',
      displayToken: '•'.repeat('da_pat_1_secret'.length),
    });
    act(() => result.current.overlay.toggleMasked());
    expect(result.current.overlay.displayToken).toBe('da_pat_1_secret');
    await act(() => result.current.overlay.copy());
    expect(copied).toEqual(['da_pat_1_secret']);
    expect(result.current.overlay.copyNotice).toBe('Token copied to clipboard!');
    // Said once, by the popup (its copyNotice), not a second time as a notice behind it.
    expect(result.current.notices.notices).toEqual([]);
    act(() => result.current.overlay.close());
    expect(result.current.overlay).toMatchObject({ isVisible: false, token: '' });
  });

  it('sends no extension parameters when none are given', async () => {
    const { result, api } = renderWithProvider(() => useGenerateToken());
    await act(() => result.current.mutateAsync(undefined));
    expect(api.callsTo('GET /api/users/generatetoken')[0]?.query).toEqual({});
  });
});

describe('listing and revoking tokens', () => {
  it('lists my tokens and shows a revoked one as revoked', async () => {
    const { result } = renderWithProvider(() => ({
      generate: useGenerateToken(),
      tokens: useMyTokens(),
      revoke: useRevokeToken(),
      notices: useNotices(),
    }));
    await waitFor(() => expect(result.current.tokens.isSupported).toBe(true));
    await act(() => result.current.generate.mutateAsync({ name: 'laptop' }));
    await waitFor(() => expect(result.current.tokens.tokens).toHaveLength(1));
    await act(() => result.current.revoke.mutateAsync('1'));
    await waitFor(() => expect(result.current.tokens.tokens[0]?.revoked_at).not.toBeNull());
    expect(result.current.notices.latest?.text).toBe('Token revoked.');
  });

  it('says unsupported when the server lacks the extension', async () => {
    const { result, api } = renderWithProvider(() => useMyTokens());
    api.remove('GET /api/users/tokens'); // answers 404 with the error body
    await waitFor(() => expect(result.current.isSupported).toBe(false));
    expect(result.current.tokens).toEqual([]);
    expect(result.current.isError).toBe(false);
  });
});

describe('useAuditLog', () => {
  it('lists administrative changes newest first, filtered by actor, and pages back', async () => {
    const { result, api } = renderWithProvider(() => ({
      log: useAuditLog({ limit: 2 }),
      mine: useAuditLog({ actor: 'admin@example.com' }),
      others: useAuditLog({ actor: 'someone@example.com' }),
      generate: useGenerateToken(),
    }));
    await waitFor(() => expect(result.current.log.isSupported).toBe(true));
    for (let index = 0; index < 3; index++) await act(() => result.current.generate.mutateAsync(undefined));
    await waitFor(() => expect(result.current.log.events.map((event) => event.target)).toEqual(['3', '2']));
    expect(result.current.log.hasNextPage).toBe(true);
    await act(() => result.current.log.fetchNextPage());
    await waitFor(() =>
      expect(result.current.log.events.map((event) => event.target)).toEqual(['3', '2', '1']),
    );
    expect(result.current.log.hasNextPage).toBe(false);
    await waitFor(() => expect(result.current.mine.events).toHaveLength(3));
    expect(result.current.others.events).toEqual([]);
    expect(api.callsTo('GET /api/audit').some((call) => call.query.actor === 'someone@example.com')).toBe(
      true,
    );
  });

  it('says unsupported on a 405', async () => {
    const { result, api } = renderWithProvider(() => useAuditLog());
    api.use({ 'GET /api/audit': () => offContract(new Response(null, { status: 405 })) });
    await waitFor(() => expect(result.current.isSupported).toBe(false));
    expect(result.current.events).toEqual([]);
    expect(result.current.hasNextPage).toBe(false);
  });
});

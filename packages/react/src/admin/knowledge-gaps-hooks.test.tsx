// @vitest-environment jsdom
import { errorReply, offContract } from '@digital-assistant/sdk/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProvider } from '../test-support/render';
import { useKnowledgeGaps } from './knowledge-gaps-hooks';

const gap = {
  id: 'it-7',
  department: 'it' as const,
  label: 'vpn linux',
  people: 2,
  count: 3,
  first_asked_at: '2026-11-20T10:00:00Z',
  last_asked_at: '2026-11-27T10:00:00Z',
  questions: [
    { question: 'VPN on Linux?', asked_at: '2026-11-27T10:00:00Z', reason: 'no_document' as const },
  ],
};

describe('the knowledge gaps', () => {
  it('lists the groups with the filters sent to the server', async () => {
    let enabled = false;
    const { result, api, rerender } = renderWithProvider(() =>
      useKnowledgeGaps({ department: 'it', from: '2026-11-20T00:00:00Z' }, { enabled }),
    );
    api.use({ 'GET /api/admin/knowledge-gaps': () => Response.json({ groups: [gap] }) });
    enabled = true;
    rerender();
    await waitFor(() => expect(result.current.isSupported).toBe(true));
    expect(result.current.groups).toEqual([gap]);
    expect(api.callsTo('GET /api/admin/knowledge-gaps')[0]?.query).toEqual({
      department: 'it',
      from: '2026-11-20T00:00:00Z',
    });
  });

  it('says unsupported on a server without the extension, and gives a refusal as a typed error', async () => {
    let enabled = false;
    const { result, api, rerender } = renderWithProvider(() => useKnowledgeGaps({}, { enabled }));
    api.use({ 'GET /api/admin/knowledge-gaps': () => offContract(new Response(null, { status: 404 })) });
    enabled = true;
    rerender();
    await waitFor(() => expect(result.current.isSupported).toBe(false));
    expect(result.current.groups).toEqual([]);

    let refusedEnabled = false;
    const refused = renderWithProvider(() =>
      useKnowledgeGaps({ department: 'pga' }, { enabled: refusedEnabled }),
    );
    refused.api.use({ 'GET /api/admin/knowledge-gaps': () => errorReply(403, 'forbidden', 'You may not') });
    refusedEnabled = true;
    refused.rerender();
    await waitFor(() => expect(refused.result.current.error).toMatchObject({ code: 'forbidden' }));
  });
});

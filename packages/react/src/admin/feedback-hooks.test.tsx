// @vitest-environment jsdom
import { errorReply, offContract } from '@digital-assistant/sdk/testing';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProvider } from '../test-support/render';
import { useAnswerFeedbackList, useVoteOnAnswer } from './feedback-hooks';

const item = {
  id: '1',
  vote: 'down' as const,
  comment: 'Out of date',
  chat: 'ai' as const,
  department: null,
  user: 'staff@example.com',
  created_at: '2026-11-27T10:00:00Z',
  updated_at: '2026-11-27T10:00:00Z',
  conversation_id: null,
  question: null,
  answer: null,
};

describe('the votes on answers', () => {
  it('lists one page of votes with the filters sent to the server, and refreshes it after a vote', async () => {
    let enabled = false;
    const { result, api, rerender } = renderWithProvider(() => ({
      list: useAnswerFeedbackList({ vote: 'down', offset: 50 }, { enabled }),
      vote: useVoteOnAnswer(),
    }));
    let listed = 0;
    api.use({
      'GET /api/admin/feedback': () => {
        listed += 1;
        return Response.json({ items: [item], total: 51 });
      },
      'PUT /api/chat/feedback': () =>
        Response.json({ AnswerId: '12', vote: 'up', updated_at: '2026-11-27T10:00:00Z' }),
      'DELETE /api/chat/feedback': () => Response.json({ message: 'Vote withdrawn.' }),
    });
    enabled = true;
    rerender();
    await waitFor(() => expect(result.current.list.isSupported).toBe(true));
    expect(result.current.list).toMatchObject({ items: [item], total: 51 });
    expect(api.callsTo('GET /api/admin/feedback')[0]?.query).toEqual({
      vote: 'down',
      offset: '50',
      limit: '50',
    });

    await act(async () => {
      const kept = await result.current.vote.mutateAsync({ answerId: '12', vote: 'up', comment: '  ' });
      expect(kept).toMatchObject({ unsupported: false, data: { vote: 'up' } });
    });
    expect(api.callsTo('PUT /api/chat/feedback')[0]?.body).toEqual({ AnswerId: '12', vote: 'up' });
    await waitFor(() => expect(listed).toBe(2));

    await act(async () => {
      expect(await result.current.vote.mutateAsync({ answerId: '12', vote: null })).toEqual({
        unsupported: false,
        data: null,
      });
    });
    expect(api.callsTo('DELETE /api/chat/feedback')[0]?.query).toEqual({ AnswerId: '12' });
  });

  it('says unsupported on a server without the extension, and gives a refusal as a typed error', async () => {
    let enabled = false;
    const { result, api, rerender } = renderWithProvider(() => useAnswerFeedbackList({}, { enabled }));
    api.use({ 'GET /api/admin/feedback': () => offContract(new Response(null, { status: 404 })) });
    enabled = true;
    rerender();
    await waitFor(() => expect(result.current.isSupported).toBe(false));
    expect(result.current.items).toEqual([]);

    let refusedEnabled = false;
    const refused = renderWithProvider(() =>
      useAnswerFeedbackList({ vote: 'up' }, { enabled: refusedEnabled }),
    );
    refused.api.use({ 'GET /api/admin/feedback': () => errorReply(403, 'forbidden', 'You may not') });
    refusedEnabled = true;
    refused.rerender();
    await waitFor(() => expect(refused.result.current.error).toMatchObject({ code: 'forbidden' }));
  });
});

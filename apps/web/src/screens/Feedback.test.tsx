import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { admin, appRenderer, cleanupApps, staff } from '../test-support/app';

afterEach(cleanupApps);

const vote = {
  id: '1',
  vote: 'down' as const,
  comment: 'It named the Windows client.',
  chat: 'ai' as const,
  department: null,
  user: 'ana@example.com',
  created_at: '2026-11-27T10:00:00Z',
  updated_at: '2026-11-27T10:00:00Z',
  conversation_id: 'c-1',
  question: 'How do I set up the VPN on Linux?',
  answer: 'Install the client.',
};

describe('the Feedback page', () => {
  it('shows administrators the votes on answers, and asks the server again for thumbs up only', async () => {
    const server = appRenderer(admin)('/feedback');
    server.use({
      'GET /api/admin/feedback': ({ query }) =>
        Response.json({ items: query.vote === 'up' ? [] : [vote], total: query.vote === 'up' ? 0 : 1 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback' })).toBeTruthy();
    expect(await screen.findByText('It named the Windows client.')).toBeTruthy();
    screen.getByRole('radio', { name: 'Thumbs up' }).click();
    expect(await screen.findByText('No thumbs up votes.')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/feedback').at(-1)?.query).toMatchObject({
      vote: 'up',
      offset: '0',
    });
  });

  it('asks the server for the chat, department and days chosen', async () => {
    const server = appRenderer(admin)('/feedback');
    server.use({ 'GET /api/admin/feedback': () => Response.json({ items: [vote], total: 1 }) });
    expect(await screen.findByText('It named the Windows client.')).toBeTruthy();
    screen.getByRole('button', { name: /Chat/ }).click();
    (await screen.findByRole('option', { name: 'Knowledge' })).click();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    screen.getByRole('button', { name: /Department/ }).click();
    (await screen.findByRole('option', { name: 'IT' })).click();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/feedback').at(-1)?.query).toMatchObject({
        chat: 'knowledge',
        department: 'it',
        from: new Date('2026-11-01T00:00:00').toISOString(),
        to: new Date('2026-12-01T00:00:00').toISOString(),
        offset: '0',
      }),
    );
  });

  it('is not offered to staff', async () => {
    appRenderer(staff)('/feedback');
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toContain('/feedback'));
  });
});

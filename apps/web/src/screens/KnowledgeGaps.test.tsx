import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { admin, appRenderer, cleanupApps, staff } from '../test-support/app';

afterEach(cleanupApps);

const gap = {
  id: 'it-7',
  department: 'it' as const,
  label: 'vpn linux',
  people: 2,
  count: 2,
  first_asked_at: '2026-11-26T10:00:00Z',
  last_asked_at: '2026-11-27T10:00:00Z',
  questions: [
    {
      question: 'How do I set up the VPN on Linux?',
      asked_at: '2026-11-27T10:00:00Z',
      reason: 'no_document' as const,
    },
    { question: 'Linux VPN client', asked_at: '2026-11-26T10:00:00Z', reason: 'no_document' as const },
  ],
};

describe('the Knowledge Gaps page', () => {
  it('shows administrators the groups, and Upload a document opens Train Bot with the department chosen', async () => {
    const server = appRenderer(admin)('/knowledge-gaps');
    server.use({
      'GET /api/admin/knowledge-gaps': ({ query }) =>
        Response.json({ groups: query.department === 'education' ? [] : [gap] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge Gaps' })).toBeTruthy();
    const trigger = await screen.findByRole('button', { name: /2 people asked about “vpn linux”/ });
    trigger.click();
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
    screen.getByRole('link', { name: /Upload a document for IT/ }).click();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toContain('/train-bot?department=it'),
    );
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'IT' })).toHaveProperty('checked', true));
    expect(screen.getByRole('checkbox', { name: /Knowledge/ })).toHaveProperty('checked', false);
  });

  it('asks the server for the department chosen', async () => {
    const server = appRenderer(admin)('/knowledge-gaps');
    server.use({ 'GET /api/admin/knowledge-gaps': () => Response.json({ groups: [] }) });
    expect(await screen.findByText(/No knowledge gaps/)).toBeTruthy();
    screen.getByRole('button', { name: /Department/ }).click();
    (await screen.findByRole('option', { name: 'Education' })).click();
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/knowledge-gaps').at(-1)?.query).toEqual({
        department: 'education',
      }),
    );
  });

  it('is not offered to staff', async () => {
    appRenderer(staff)('/knowledge-gaps');
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toContain('/knowledge-gaps'));
  });
});

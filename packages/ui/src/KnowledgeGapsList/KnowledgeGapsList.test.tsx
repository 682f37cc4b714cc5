import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { sampleGaps } from './fixtures';
import { KnowledgeGapsList } from './KnowledgeGapsList';

describe('KnowledgeGapsList', () => {
  it('shows each group’s people, department and questions, opened from the keyboard, with its upload link', async () => {
    const user = userEvent.setup();
    const onDepartmentChange = vi.fn();
    const { container } = render(
      <KnowledgeGapsList
        groups={sampleGaps}
        onDepartmentChange={onDepartmentChange}
        uploadHref={(gap) => `/train-bot?department=${gap.department}`}
      />,
    );
    const triggers = screen.getAllByRole('button', { name: /asked about/ });
    expect(triggers.map((trigger) => trigger.textContent)).toEqual([
      expect.stringMatching(
        /^12 people asked about “vpn linux”: no document answered, or answers voted down.*IT · 14 questions/,
      ),
      expect.stringMatching(
        /^3 people asked about “course certificate”: no document answered.*Education · 3 questions/,
      ),
      expect.stringMatching(
        /^1 person asked about “parking permit”: answers voted down.*Knowledge · 1 question/,
      ),
    ]);
    expect(screen.getByText('Linux VPN client')).not.toBeVisible();

    triggers[0]!.focus();
    await user.keyboard('{Enter}');
    expect(triggers[0]).toHaveAttribute('aria-expanded', 'true');
    const questions = within(screen.getByRole('list', { name: 'Questions about “vpn linux”' }));
    expect(questions.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^How do I set up the VPN on Linux\?.*No document answered$/),
      expect.stringMatching(/^VPN on Ubuntu does not connect.*Answer voted down$/),
      expect.stringMatching(/^Linux VPN client.*No document answered$/),
    ]);
    expect(screen.getByText('The newest 3 of 14 questions.')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('link', { name: 'Upload a document for IT about “vpn linux”' }),
    );
    expect(document.activeElement).toHaveAttribute('href', '/train-bot?department=it');
    expect(await accessibilityViolations(container)).toEqual([]);
  });

  it('says when there are no gaps, or that they are loading', () => {
    const { rerender } = render(<KnowledgeGapsList groups={[]} uploadHref={() => '/train-bot'} />);
    expect(screen.getByRole('status').textContent).toMatch(/No knowledge gaps/);
    rerender(<KnowledgeGapsList groups={[]} isLoading uploadHref={() => '/train-bot'} />);
    expect(screen.getByRole('status').textContent).toBe('Loading knowledge gaps…');
  });
});

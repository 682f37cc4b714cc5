import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { ChatSuggestions } from './ChatSuggestions';

const questions = [
  'CPU and memory in prod over the last 7 days',
  'Error rate across all environments yesterday',
];

describe('ChatSuggestions', () => {
  it('lists the example questions under "Try asking" and asks the one chosen', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<ChatSuggestions suggestions={questions} onSelect={onSelect} />);
    const list = screen.getByRole('list', { name: 'Try asking' });
    expect(list).toBeVisible();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(questions);
    await user.click(screen.getByRole('button', { name: questions[1] }));
    expect(onSelect).toHaveBeenCalledWith(questions[1]);
  });

  it('offers nothing while disabled, and nothing at all without questions', async () => {
    const onSelect = vi.fn();
    const { rerender } = render(<ChatSuggestions suggestions={questions} onSelect={onSelect} isDisabled />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    rerender(<ChatSuggestions suggestions={[]} onSelect={onSelect} />);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <ChatSuggestions suggestions={questions} onSelect={() => {}} />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});

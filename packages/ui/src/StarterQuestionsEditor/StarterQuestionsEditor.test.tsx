import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { StarterQuestionsEditor } from './StarterQuestionsEditor';

const departments = [
  { name: 'Knowledge', questions: ['How many days of holiday do I get?'], isDefault: true },
  {
    name: 'IT',
    questions: ['How do I connect to the VPN from home?', 'Where is the printer?'],
    isDefault: false,
  },
];

describe('StarterQuestionsEditor', () => {
  it('edits a department’s questions from the keyboard and saves them without the blank ones', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => true);
    const { container } = render(<StarterQuestionsEditor departments={departments} onSave={onSave} />);
    expect(screen.getByText('Showing the defaults: no questions set yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore defaults' })).toBeDisabled();

    // Choose IT with the keyboard.
    await user.click(screen.getByRole('button', { name: /Department/ }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('textbox', { name: 'Question 2' })).toHaveValue('Where is the printer?');
    await user.clear(screen.getByRole('textbox', { name: 'Question 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 4' }), 'How do I print in colour?');
    await user.click(screen.getByRole('button', { name: 'Save questions' }));
    expect(onSave).toHaveBeenCalledWith('IT', [
      'How do I connect to the VPN from home?',
      'How do I print in colour?',
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved the example questions of IT.');

    await user.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect(onSave).toHaveBeenLastCalledWith('IT', []);
    expect(await accessibilityViolations(container)).toEqual([]);
  }, 30_000);
});

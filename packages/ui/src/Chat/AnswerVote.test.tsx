import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askAiChat, DemoAiChat } from '../test/ai-chat';
import { accessibilityViolations } from '../test/axe';

function Conversation({ answerFeedback }: { answerFeedback: boolean }) {
  return (
    <DemoAiChat
      options={{ chat: { streamDelayMs: 0, answerFeedback, answer: (question) => `About ${question}` } }}
    />
  );
}

const ask = (user: ReturnType<typeof userEvent.setup>, question: string) =>
  askAiChat(user, question, `About ${question}`);

describe('votes on answers', () => {
  it('votes up, then down with a comment, then withdraws, the pressed state shown and said', async () => {
    const user = userEvent.setup();
    render(<Conversation answerFeedback />);
    await ask(user, 'badges');
    const group = await screen.findByRole('group', { name: 'Rate this answer' });
    const up = within(group).getByRole('button', { name: 'Good answer' });
    const down = within(group).getByRole('button', { name: 'Bad answer' });
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(down).toHaveAttribute('aria-pressed', 'false');

    await user.click(up);
    expect(up).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(within(group).getByRole('status')).toHaveTextContent('you rated this answer good'),
    );

    // From the keyboard: the thumbs down asks what was wrong, its box taking the focus.
    down.focus();
    await user.keyboard(' ');
    expect(down).toHaveAttribute('aria-pressed', 'true');
    expect(up).toHaveAttribute('aria-pressed', 'false');
    const box = screen.getByRole('textbox', { name: /What was good or wrong/ });
    expect(box).toHaveFocus();
    expect(await accessibilityViolations()).toEqual([]);
    await user.type(box, 'Names the wrong desk{Enter}');
    expect(screen.queryByRole('textbox', { name: /What was good or wrong/ })).toBeNull();
    const edit = await within(group).findByRole('button', { name: 'Edit comment' });
    await waitFor(() => expect(edit).toHaveFocus());
    await waitFor(() =>
      expect(within(group).getByRole('status')).toHaveTextContent('Your comment was saved.'),
    );

    // The comment is kept: editing it starts from it.
    await user.click(edit);
    expect(screen.getByRole('textbox', { name: /What was good or wrong/ })).toHaveValue(
      'Names the wrong desk',
    );
    await user.keyboard('{Escape}');

    await user.click(down);
    expect(down).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(within(group).getByRole('status')).toHaveTextContent('Your rating was removed.'),
    );
    expect(within(group).queryByRole('button', { name: /comment/ })).toBeNull();
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('shows no vote buttons where the server keeps no answers to vote on', async () => {
    const user = userEvent.setup();
    render(<Conversation answerFeedback={false} />);
    await ask(user, 'badges');
    expect(screen.getByRole('toolbar', { name: 'Answer actions' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Rate this answer' })).toBeNull();
  });
});

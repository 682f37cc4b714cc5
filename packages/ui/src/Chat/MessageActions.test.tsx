import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { askAiChat, DemoAiChat } from '../test/ai-chat';
import { accessibilityViolations } from '../test/axe';
import { MessageActions } from './MessageActions';

function Conversation({ isSeedOnly = false }: { isSeedOnly?: boolean }): ReactNode {
  let answers = 0;
  return (
    <DemoAiChat
      options={{
        isSeedOnly,
        chat: { streamDelayMs: 0, answer: (question) => `**Answer ${++answers}** to *${question}*` },
      }}
    />
  );
}

const ask = askAiChat;

const texts = () =>
  within(screen.getByRole('log'))
    .getAllByRole('article')
    .map((article) => article.querySelector('.da-markdown')?.textContent ?? '');

describe('message actions', () => {
  it('copies a whole answer as Markdown and as plain text, reading Copied', async () => {
    const user = userEvent.setup();
    render(<Conversation />);
    await ask(user, 'Hello', 'Answer 1 to Hello');
    const toolbar = screen.getByRole('toolbar', { name: 'Answer actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'Copy the answer as Markdown' }));
    expect(await navigator.clipboard.readText()).toBe('**Answer 1** to *Hello*');
    expect(within(toolbar).getByRole('button', { name: /Markdown: Copied/ })).toHaveTextContent('Copied');
    await user.click(
      within(toolbar).getByRole('button', { name: 'Copy text of the answer, without Markdown' }),
    );
    expect(await navigator.clipboard.readText()).toBe('Answer 1 to Hello');
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('regenerates the last answer in its place, only the last one, and leaves the focus in the message box', async () => {
    const user = userEvent.setup();
    render(<Conversation />);
    await ask(user, 'First', 'Answer 1 to First');
    await ask(user, 'Second', 'Answer 2 to Second');
    const [firstAnswer, lastAnswer] = screen.getAllByRole('toolbar', { name: 'Answer actions' });
    expect(within(firstAnswer!).queryByRole('button', { name: 'Regenerate the answer' })).toBeNull();
    await user.click(within(lastAnswer!).getByRole('button', { name: 'Regenerate the answer' }));
    await waitFor(() =>
      expect(texts()).toEqual(['First', 'Answer 1 to First', 'Second', 'Answer 3 to Second']),
    );
    expect(screen.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toHaveFocus();
  });

  it('edits and resends the last question from the keyboard; Escape leaves it as it was', async () => {
    const user = userEvent.setup();
    render(<Conversation />);
    await ask(user, 'First', 'Answer 1 to First');
    // One Tab stop per toolbar, arrow keys inside it.
    const questionActions = screen.getByRole('toolbar', { name: 'Question actions' });
    const edit = within(questionActions).getByRole('button', { name: 'Edit the question' });
    edit.focus();
    await user.keyboard('{Enter}');
    const box = screen.getByRole('textbox', { name: 'Edit your question' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('First');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit the question' })).toHaveFocus());
    expect(texts()).toEqual(['First', 'Answer 1 to First']);

    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Edit your question' }));
    await user.keyboard('Rephrased{Enter}');
    await waitFor(() => expect(texts()).toEqual(['Rephrased', 'Answer 2 to Rephrased']));
    expect(screen.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toHaveFocus();
  });

  it('moves between an answer toolbar’s buttons with the arrow keys, one Tab stop', async () => {
    const user = userEvent.setup();
    render(<Conversation />);
    await ask(user, 'Hello', 'Answer 1 to Hello');
    const toolbar = screen.getByRole('toolbar', { name: 'Answer actions' });
    within(toolbar).getByRole('button', { name: 'Copy the answer as Markdown' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: /without Markdown/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Regenerate the answer' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(toolbar).getByRole('button', { name: 'Copy the answer as Markdown' })).toHaveFocus();
    // One Tab stop: Tab leaves the toolbar from any of its buttons.
    await user.tab();
    expect(toolbar.contains(document.activeElement)).toBe(false);
  });

  it('offers no regenerate or edit where the server cannot replace the conversation’s tail', async () => {
    const user = userEvent.setup();
    render(<Conversation isSeedOnly />);
    await ask(user, 'Hello', 'Answer 1 to Hello');
    expect(screen.queryByRole('button', { name: 'Regenerate the answer' })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Question actions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy the answer as Markdown' })).toBeVisible();
  });

  it('offers Retry on a failed answer', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<MessageActions kind="answer" onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Retry: ask this question again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
  });
});

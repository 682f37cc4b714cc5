import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { CompactHeaderSelector, type CompactHeaderSelectorProps } from './CompactHeaderSelector';

function renderSelector(props: Partial<CompactHeaderSelectorProps> = {}) {
  const handlers = { onSelectionChange: vi.fn(), onDepartmentChange: vi.fn() };
  render(
    <main>
      <CompactHeaderSelector selection="knowledge" department="IT" {...handlers} {...props} />
    </main>,
  );
  return handlers;
}

describe('CompactHeaderSelector', () => {
  it('switches between Internal Knowledge and OpenAI GPT', async () => {
    const user = userEvent.setup();
    const { onSelectionChange } = renderSelector({ selection: 'openai' });
    const knowledge = screen.getByRole('button', { name: 'Internal Knowledge' });
    const gpt = screen.getByRole('button', { name: 'OpenAI GPT' });
    expect(gpt).toHaveAttribute('aria-pressed', 'true');
    expect(knowledge).toHaveAttribute('aria-pressed', 'false');
    await user.click(knowledge);
    expect(onSelectionChange).toHaveBeenCalledWith('knowledge');
    await user.click(gpt);
    expect(onSelectionChange).toHaveBeenLastCalledWith('openai');
  });

  it('shows the current department in a labelled select, with each one’s description, without PGA for staff', () => {
    renderSelector();
    const select = screen.getByRole('combobox', { name: 'Department' });
    expect(select).toHaveValue('IT');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.title])).toEqual([
      ['Knowledge', 'all internal queries'],
      ['IT', 'dedicated IT support'],
      ['DevOps', 'assistant for pre prod'],
      ['CS', 'CS department support'],
      ['Education', 'support for education queries'],
    ]);
  });

  it('offers PGA to users with the PGA capability', () => {
    renderSelector({ canUsePga: true, department: 'PGA' });
    const select = screen.getByRole('combobox', { name: 'Department' });
    expect(within(select).getByRole('option', { name: 'PGA' })).toBeInTheDocument();
    expect(select).toHaveValue('PGA');
  });

  it('is reached by Tab after the chat types, and a choice keeps the focus there', async () => {
    const user = userEvent.setup();
    const { onDepartmentChange, onSelectionChange } = renderSelector();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Internal Knowledge' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'OpenAI GPT' })).toHaveFocus();
    await user.tab();
    const select = screen.getByRole('combobox', { name: 'Department' });
    expect(select).toHaveFocus();
    await user.selectOptions(select, 'DevOps');
    expect(onDepartmentChange).toHaveBeenCalledWith('DevOps');
    expect(onSelectionChange).not.toHaveBeenCalled();
    expect(select).toHaveFocus();
  });

  it('leaves out the chats the user does not have, and the department with the knowledge chat', () => {
    const { unmount } = render(
      <CompactHeaderSelector
        selection="knowledge"
        department="IT"
        hasAiChat={false}
        onSelectionChange={vi.fn()}
        onDepartmentChange={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'OpenAI GPT' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Department' })).toBeInTheDocument();
    unmount();
    renderSelector({ selection: 'openai', hasKnowledge: false });
    expect(screen.queryByRole('button', { name: 'Internal Knowledge' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
    expect(screen.getByRole('button', { name: 'OpenAI GPT' })).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    renderSelector();
    expect(await accessibilityViolations()).toEqual([]);
  });
});

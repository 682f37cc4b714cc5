import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { ChatTypeDialog } from './ChatTypeDialog';
import { HeaderSelector, type HeaderSelectorProps } from './HeaderSelector';

function renderSelector(props: Partial<HeaderSelectorProps> = {}) {
  const handlers = { onSelectionChange: vi.fn(), onDepartmentChange: vi.fn() };
  render(
    <main>
      <HeaderSelector selection="knowledge" department="IT" {...handlers} {...props} />
    </main>,
  );
  return handlers;
}

describe('HeaderSelector', () => {
  it('switches between Internal Knowledge and OpenAI GPT', async () => {
    const user = userEvent.setup();
    const { onSelectionChange } = renderSelector({ selection: 'openai' });
    const knowledge = screen.getByRole('button', { name: /Internal Knowledge/ });
    const gpt = screen.getByRole('button', { name: 'OpenAI GPT' });
    expect(gpt).toHaveAttribute('aria-pressed', 'true');
    expect(knowledge).toHaveAttribute('aria-pressed', 'false');
    await user.click(knowledge);
    expect(onSelectionChange).toHaveBeenCalledWith('knowledge');
    await user.click(gpt);
    expect(onSelectionChange).toHaveBeenLastCalledWith('openai');
  });

  it('lists the departments with their descriptions on hover, without PGA for staff', async () => {
    const user = userEvent.setup();
    const { onDepartmentChange } = renderSelector();
    await user.hover(screen.getByRole('button', { name: /Internal Knowledge/ }));
    const menu = await screen.findByRole('menu', { name: 'Departments' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Knowledgeall internal queries',
      'ITdedicated IT support',
      'DevOpsassistant for pre prod',
      'CSCS department support',
      'Educationsupport for education queries',
    ]);
    expect(within(menu).getByRole('menuitemradio', { name: /IT/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: /DevOps/ }));
    expect(onDepartmentChange).toHaveBeenCalledWith('DevOps');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('offers PGA to users with the PGA capability', async () => {
    const user = userEvent.setup();
    renderSelector({ canUsePga: true });
    await user.hover(screen.getByRole('button', { name: /Internal Knowledge/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: /PGA/ })).toHaveTextContent(
      'info for PGA go-live and blueprint',
    );
  });

  it('closes the hover dropdown when the pointer leaves', async () => {
    const user = userEvent.setup();
    renderSelector();
    await user.hover(screen.getByRole('button', { name: /Internal Knowledge/ }));
    await screen.findByRole('menu');
    await user.unhover(screen.getByRole('button', { name: /Internal Knowledge/ }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens with Arrow Down, chooses with Enter and gives focus back', async () => {
    const user = userEvent.setup();
    const { onDepartmentChange, onSelectionChange } = renderSelector();
    await user.tab();
    const trigger = screen.getByRole('button', { name: /Internal Knowledge/ });
    expect(trigger).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    // Focus starts on the current department.
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: /IT/ })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onDepartmentChange).toHaveBeenCalledWith('DevOps');
    expect(onSelectionChange).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderSelector();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // react-aria gives focus back once the popover's exit has finished
    await waitFor(() => expect(screen.getByRole('button', { name: /Internal Knowledge/ })).toHaveFocus());
  });

  it('lets Escape on its button through to what holds it, and closes a dropdown the pointer opened', async () => {
    const user = userEvent.setup();
    const onOuterKeyDown = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands for the widget's panel, which closes on Escape
      <div onKeyDown={(event) => onOuterKeyDown(event.key)}>
        <HeaderSelector
          selection="knowledge"
          department="IT"
          onSelectionChange={vi.fn()}
          onDepartmentChange={vi.fn()}
        />
      </div>,
    );
    const trigger = screen.getByRole('button', { name: /Internal Knowledge/ });
    // Hovered open, with the focus still on the button (it was clicked): Escape closes the dropdown.
    await user.click(trigger);
    await screen.findByRole('menu');
    expect(trigger).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(onOuterKeyDown).not.toHaveBeenCalledWith('Escape');
    // Closed: Escape goes on to the panel around it.
    await user.keyboard('{Escape}');
    expect(onOuterKeyDown).toHaveBeenCalledWith('Escape');
  });

  it('non-modal, opened by keyboard: leaves the page around it alone; Escape, Tab and a press outside close it', async () => {
    const user = userEvent.setup();
    const { onDepartmentChange } = renderSelector({ isNonModal: true });
    const outside = document.createElement('button');
    outside.textContent = 'The page’s own button';
    document.body.append(outside);
    const trigger = screen.getByRole('button', { name: /Internal Knowledge/ });
    const gpt = screen.getByRole('button', { name: 'OpenAI GPT' });
    // The page's elements (those there before the dropdown opens) and what React Aria writes on them.
    const pageElements = [document.documentElement, document.body, ...document.body.querySelectorAll('*')];
    const pageState = () =>
      pageElements.flatMap((element) =>
        ['inert', 'aria-hidden', 'style']
          .filter((name) => element.hasAttribute(name))
          .map((name) => `${element.tagName.toLowerCase()} @${name}=${element.getAttribute(name)}`),
      );
    const before = pageState();

    // Escape gives the focus back to its button.
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'Departments' });
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: /IT/ })).toHaveFocus());
    expect(pageState()).toEqual(before);
    expect(outside).not.toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());

    // Tab leaves it from its button: on to the next control, not the end of the page.
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(gpt).toHaveFocus();

    // A press outside closes it; the focus stays where the press put it.
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await user.click(outside);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(outside).toHaveFocus();

    // Still a menu: Arrow Down and Enter choose, and the focus goes back.
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onDepartmentChange).toHaveBeenCalledWith('DevOps');
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(pageState()).toEqual(before);
    outside.remove();
  });

  it('has no accessibility violations, open or closed', async () => {
    const user = userEvent.setup();
    renderSelector();
    expect(await accessibilityViolations()).toEqual([]);
    await user.hover(screen.getByRole('button', { name: /Internal Knowledge/ }));
    await screen.findByRole('menu');
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('ChatTypeDialog', () => {
  it("offers 'o9 GPT' (true) and 'GPT 3.5' (false) and closes on a choice", async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    const onOpenChange = vi.fn();
    const { rerender } = render(<ChatTypeDialog isOpen onOpenChange={onOpenChange} onChoose={onChoose} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('tailored for platform knowledge');
    expect(dialog).toHaveTextContent('best for all-around queries');
    await user.click(within(dialog).getByRole('button', { name: /o9 GPT/ }));
    expect(onChoose).toHaveBeenLastCalledWith(true);
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    rerender(<ChatTypeDialog isOpen onOpenChange={onOpenChange} onChoose={onChoose} />);
    await user.click(screen.getByRole('button', { name: /GPT 3\.5/ }));
    expect(onChoose).toHaveBeenLastCalledWith(false);
    expect(await accessibilityViolations()).toEqual([]);
  });
});

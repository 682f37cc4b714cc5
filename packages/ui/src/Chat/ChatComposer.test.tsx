import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { ChatComposer } from './ChatComposer';

/** A composer whose answer streams until Stop, as in the chat: Stop ends it at once. */
function Streaming({ onSend }: { onSend: (prompt: string) => void }) {
  const [isStreaming, setStreaming] = useState(true);
  return (
    <ChatComposer
      onSend={onSend}
      isPending={isStreaming}
      isStreaming={isStreaming}
      onStop={() => setStreaming(false)}
    />
  );
}

describe('ChatComposer', () => {
  it("asks 'How can I assist you today?' and sends with Enter, then clears", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<ChatComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('placeholder', 'How can I assist you today?');
    await user.type(box, 'How do I reset my VPN?{Enter}');
    expect(onSend).toHaveBeenCalledWith('How do I reset my VPN?');
    expect(box).toHaveValue('');
  });

  it('adds a line with Shift+Enter instead of sending', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<ChatComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('first line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('first line\nsecond line');
  });

  it('keeps Send disabled for a blank prompt, even one of newlines and spaces', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<ChatComposer onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox'), '{Shift>}{Enter}{Enter}{/Shift}   {Enter}');
    expect(send).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('blocks sending while a response is pending', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<ChatComposer onSend={onSend} isPending defaultValue="Next question" />);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(screen.getByRole('textbox'), '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox')).toHaveValue('Next question');
  });

  it('offers Stop instead of Send while the answer streams', async () => {
    const user = userEvent.setup();
    const onStop = vi.fn();
    render(<ChatComposer onSend={() => {}} isPending isStreaming onStop={onStop} />);
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('Stop sends nothing: the draft typed meanwhile stays in the box, which keeps the focus', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Streaming onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'A follow-up written while it answers');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('A follow-up written while it answers');
    expect(box).toHaveFocus();
  });

  it('Escape stops the answer as Stop does, keeping the draft', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Streaming onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Half a question');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('Half a question');
    expect(box).toHaveFocus();
  });

  it('after Send is clicked, the focus is back in the box (the disabled button cannot hold it)', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<ChatComposer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('Hello');
    expect(box).toHaveFocus();
  });

  it('follows a value owned by the parent', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onSend = vi.fn();
    const { rerender } = render(<ChatComposer value="draft" onChange={onChange} onSend={onSend} />);
    await user.type(screen.getByRole('textbox'), '!');
    expect(onChange).toHaveBeenLastCalledWith('draft!');
    rerender(<ChatComposer value="draft!" onChange={onChange} onSend={onSend} />);
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('draft!');
  });

  it('shows New Topic only when given a handler', async () => {
    const user = userEvent.setup();
    const onNewTopic = vi.fn();
    const { rerender } = render(<ChatComposer onSend={() => {}} />);
    expect(screen.queryByRole('button', { name: 'New Topic' })).toBeNull();
    rerender(<ChatComposer onSend={() => {}} onNewTopic={onNewTopic} />);
    await user.click(screen.getByRole('button', { name: 'New Topic' }));
    expect(onNewTopic).toHaveBeenCalledTimes(1);
  });

  it('with a reason nothing can be asked: the box, Send and New Topic are disabled and the reason describes the box', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(
      <main>
        <ChatComposer
          aria-label="Message to OpenAI GPT"
          onSend={onSend}
          onNewTopic={() => {}}
          defaultValue="Hello?"
          disabledReason="The AI chat is not available yet."
        />
      </main>,
    );
    const box = screen.getByRole('textbox', { name: 'Message to OpenAI GPT' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('The AI chat is not available yet.');
    expect(box).not.toHaveAttribute('placeholder');
    expect(screen.getByText('The AI chat is not available yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New Topic' })).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <ChatComposer onSend={() => {}} onNewTopic={() => {}} />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { ChatScreen } from './ChatScreen';
import { MessageBubble } from './MessageBubble';

/** jsdom lays nothing out: the log's scroll size, its height and position are given by hand. */
function layOut(
  log: HTMLElement,
  { scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number },
) {
  Object.defineProperty(log, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(log, 'clientHeight', { configurable: true, value: clientHeight });
}

function Conversation() {
  return (
    <ChatScreen.Root selection="openai">
      <ChatScreen.Pane pane="openai" aria-label="AI chat">
        <ChatScreen.Messages>
          <MessageBubble sender="user" text="Tell me a long story" />
          <MessageBubble sender="bot" text="Once upon a time..." status="streaming" />
        </ChatScreen.Messages>
      </ChatScreen.Pane>
    </ChatScreen.Root>
  );
}

describe('ChatScreen.Messages', () => {
  it("offers 'Jump to latest' once the reader scrolls up, which brings them back to the end and gives the conversation the focus", async () => {
    const user = userEvent.setup();
    const { container } = render(<Conversation />);
    const log = screen.getByRole('log', { name: 'Conversation' });
    layOut(log, { scrollHeight: 2000, clientHeight: 400 });

    // At the end: following, no button.
    log.scrollTop = 1600;
    fireEvent.scroll(log);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

    // Scrolled up to read: the view stays, the button shows.
    log.scrollTop = 300;
    fireEvent.scroll(log);
    const jump = await screen.findByRole('button', { name: 'Jump to latest' });
    expect(log.scrollTop).toBe(300);
    expect(await accessibilityViolations(container)).toEqual([]);

    await user.click(jump);
    expect(log.scrollTop).toBe(2000);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
    expect(log).toHaveFocus();
  });

  it('hides the button when the reader scrolls back to the end themselves', async () => {
    render(<Conversation />);
    const log = screen.getByRole('log', { name: 'Conversation' });
    layOut(log, { scrollHeight: 2000, clientHeight: 400 });
    log.scrollTop = 0;
    fireEvent.scroll(log);
    expect(await screen.findByRole('button', { name: 'Jump to latest' })).toBeVisible();
    act(() => {
      log.scrollTop = 1580;
      fireEvent.scroll(log);
    });
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  });
});

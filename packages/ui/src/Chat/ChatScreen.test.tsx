import type { ChatSelection } from '@digital-assistant/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { itSources, userQuestion } from '../test/chat-fixtures';
import { ChatComposer } from './ChatComposer';
import { ChatScreen } from './ChatScreen';
import { ChatSourcesPanel } from './ChatSourcesPanel';
import { HeaderSelector } from './HeaderSelector';
import { MessageBubble } from './MessageBubble';

function Screen({ initial = 'knowledge' as ChatSelection }) {
  const [selection, setSelection] = useState<ChatSelection>(initial);
  return (
    <>
      <header>
        <HeaderSelector
          selection={selection}
          department="IT"
          onSelectionChange={setSelection}
          onDepartmentChange={() => setSelection('knowledge')}
        />
      </header>
      <main>
        <ChatScreen.Root selection={selection}>
          <ChatScreen.Panes>
            <ChatScreen.Pane pane="knowledge" aria-label="Knowledge chat">
              <ChatScreen.Messages emptyState="Ask the IT department">{[]}</ChatScreen.Messages>
              <ChatScreen.Footer>
                <ChatComposer onSend={() => {}} aria-label="Message to IT" />
              </ChatScreen.Footer>
            </ChatScreen.Pane>
            <ChatScreen.Pane pane="openai" aria-label="AI chat">
              <ChatScreen.Messages>
                <MessageBubble sender="user" text={userQuestion} />
                <MessageBubble sender="bot" text="Use the GlobalProtect client." />
              </ChatScreen.Messages>
              <ChatScreen.Footer>
                <ChatComposer onSend={() => {}} aria-label="Message to GPT" onNewTopic={() => {}} />
              </ChatScreen.Footer>
            </ChatScreen.Pane>
          </ChatScreen.Panes>
        </ChatScreen.Root>
      </main>
    </>
  );
}

describe('ChatScreen', () => {
  it('shows the pane of the selection and makes the other one inert', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const knowledge = screen.getByRole('region', { name: 'Knowledge chat' });
    expect(knowledge).not.toHaveAttribute('inert');
    expect(screen.getByText('Ask the IT department')).toBeInTheDocument();
    // The AI pane is out of reach: not in the accessibility tree, not focusable.
    expect(screen.queryByRole('region', { name: 'AI chat' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Message to GPT' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'OpenAI GPT' }));
    expect(document.querySelector('.da-chat-panes-track')).toHaveAttribute('data-selection', 'openai');
    expect(screen.getByRole('region', { name: 'AI chat' })).not.toHaveAttribute('inert');
    expect(screen.getByRole('log', { name: 'Conversation' })).toHaveTextContent(
      'Use the GlobalProtect client.',
    );
    expect(screen.getByRole('button', { name: 'New Topic' })).toBeInTheDocument();
    expect(knowledge).toHaveAttribute('inert');
  });

  it('shows the Sources panel beside the conversation of the admin chat', () => {
    render(
      <main>
        <ChatScreen.Root selection="knowledge">
          <ChatScreen.Pane pane="knowledge" aria-label="Admin chat">
            <ChatScreen.Messages>
              <MessageBubble sender="bot" text="Answer [1]" sources={itSources} />
            </ChatScreen.Messages>
          </ChatScreen.Pane>
          <ChatScreen.Aside>
            <ChatSourcesPanel sources={itSources} />
          </ChatScreen.Aside>
        </ChatScreen.Root>
      </main>,
    );
    expect(screen.getByRole('complementary', { name: 'Sources' })).toBeInTheDocument();
  });

  it('says clearly when a part is used outside ChatScreen.Root', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(<ChatScreen.Messages />)).toThrow(
        'ChatScreen.Messages must be used within ChatScreen.Root',
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('has no accessibility violations', async () => {
    render(<Screen initial="openai" />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});

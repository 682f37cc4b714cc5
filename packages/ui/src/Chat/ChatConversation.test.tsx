import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { DemoCore } from '../test/core-examples';
import { ChatConversation, ChatIntro } from './ChatConversation';
import { ChatScreen } from './ChatScreen';

function InPane({ children }: { children: ReactNode }) {
  return (
    <DemoCore options={{ chat: { streamDelayMs: 0 } }}>
      <main>
        <ChatScreen.Root selection="openai">
          <ChatScreen.Pane pane="openai" aria-label="AI chat">
            {children}
          </ChatScreen.Pane>
        </ChatScreen.Root>
      </main>
    </DemoCore>
  );
}

describe('ChatConversation', () => {
  it('offers example questions in an empty conversation; choosing one asks it and leaves the focus in the box', async () => {
    const user = userEvent.setup();
    render(
      <InPane>
        <ChatConversation
          channel="openai"
          intro={<ChatIntro selection="openai" />}
          composerLabel="Message to OpenAI GPT"
          suggestions={['What is SSO?', 'How do I reset my VPN?']}
        />
      </InPane>,
    );
    const log = screen.getByRole('log');
    await user.click(within(log).getByRole('button', { name: 'What is SSO?' }));
    await waitFor(() => expect(log).toHaveTextContent('You asked: What is SSO?'));
    expect(within(log).queryByRole('list', { name: 'Try asking' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toHaveFocus();
  });

  it('without a model: the intro says so in words for staff, the box is disabled with the reason, no examples', async () => {
    render(
      <InPane>
        <ChatConversation
          channel="openai"
          intro={<ChatIntro selection="openai" hasLanguageModel={false} />}
          composerLabel="Message to OpenAI GPT"
          suggestions={['What is SSO?']}
          disabledReason="The AI chat is not available yet."
        />
      </InPane>,
    );
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent(/The AI chat is not available yet: no language model has been set up/);
    expect(log).not.toHaveTextContent('Ask anything');
    expect(log).not.toHaveTextContent('LLM_');
    expect(within(log).queryByRole('button')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toBeDisabled();
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('without a model: administrators also read which settings to set', () => {
    render(<ChatIntro selection="openai" hasLanguageModel={false} isAdmin />);
    expect(screen.getByText(/set LLM_BASE_URL and LLM_MODEL/)).toBeVisible();
  });
});

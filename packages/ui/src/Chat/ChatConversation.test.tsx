import { DigitalAssistantCoreProvider } from '@digital-assistant/react';
import { createClient } from '@digital-assistant/sdk';
import { createDemoServer, demoStaff } from '@digital-assistant/sdk/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
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

  it('without a model but with attached files: the box stays open, Send waits for a file, then asks with it', async () => {
    const user = userEvent.setup();
    const server = createDemoServer({ signedIn: demoStaff, chat: { streamDelayMs: 0 } });
    server.use({
      'GET /api/chat/attachments': () => ({
        status: 200,
        body: { MaxFiles: 5, MaxFileBytes: 1024, MaxTotalBytes: 2048, Extensions: ['md'] },
      }),
    });
    // jsdom's XMLHttpRequest would go to the network: the upload goes through the client's fetch,
    // answered there (jsdom's FormData is not one a fetch Request encodes).
    vi.stubGlobal('XMLHttpRequest', undefined);
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const client = createClient({
      baseUrl: 'http://assistant.test',
      fetch: async (request: Request) => {
        if (request.method === 'POST' && request.url.endsWith('/api/chat/attachments')) {
          return Response.json({
            Attachments: [{ Id: 'f1', Name: 'notes.md', Size: 7, Passages: 1 }],
            Rejected: [],
          });
        }
        return server.fetch(request);
      },
    });
    render(
      <DigitalAssistantCoreProvider client={client}>
        <main>
          <ChatScreen.Root selection="openai">
            <ChatScreen.Pane pane="openai" aria-label="AI chat">
              <ChatConversation
                channel="openai"
                intro={<ChatIntro selection="openai" hasLanguageModel={false} />}
                composerLabel="Message to OpenAI GPT"
                suggestions={['What is SSO?']}
                disabledReason="Nothing can be sent without a model."
                needsAttachmentsReason="Attach a file to ask about it."
              />
            </ChatScreen.Pane>
          </ChatScreen.Root>
        </main>
      </DigitalAssistantCoreProvider>,
    );
    const log = screen.getByRole('log');
    // The intro still says no model is configured; no examples (they carry no file).
    expect(log).toHaveTextContent(/no language model has been set up/);
    const box = screen.getByRole('textbox', { name: 'Message to OpenAI GPT' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(within(log).queryByRole('button')).toBeNull();
    expect(box).toHaveAccessibleDescription('Attach a file to ask about it.');
    await user.type(box, 'Where do visitors park?');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(server.callsTo('POST /api/chat/gpt')).toHaveLength(0);
    expect(await accessibilityViolations()).toEqual([]);

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['# Notes'], 'notes.md', { type: 'text/markdown' }));
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() => expect(server.callsTo('POST /api/chat/gpt')).toHaveLength(1));
    expect(server.callsTo('POST /api/chat/gpt')[0]!.body).toMatchObject({
      Message: 'Where do visitors park?',
      Attachments: ['f1'],
    });
    // A follow-up in the conversation about the file needs no new file.
    await waitFor(() => expect(log).toHaveTextContent('You asked: Where do visitors park?'));
    await user.type(box, 'And staff?');
    await waitFor(() => expect(send).toBeEnabled());
  });

  it('without a model on a server that takes no files: the box is disabled with the reason', async () => {
    render(
      <InPane>
        <ChatConversation
          channel="openai"
          intro={<ChatIntro selection="openai" hasLanguageModel={false} />}
          composerLabel="Message to OpenAI GPT"
          disabledReason="Nothing can be sent without a model."
          needsAttachmentsReason="Attach a file to ask about it."
        />
      </InPane>,
    );
    const box = screen.getByRole('textbox', { name: 'Message to OpenAI GPT' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Nothing can be sent without a model.');
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
  });

  it('without a model: administrators also read which settings to set', () => {
    render(<ChatIntro selection="openai" hasLanguageModel={false} isAdmin />);
    expect(screen.getByText(/set LLM_BASE_URL and LLM_MODEL/)).toBeVisible();
  });
});

// The AI chat alone on a page over the demo core, for tests of what its conversation shows and does
// (not exported from the package).

import type { DemoServerOptions } from '@digital-assistant/sdk/testing';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { ChatConversation, ChatIntro } from '../Chat/ChatConversation';
import { ChatScreen } from '../Chat/ChatScreen';
import { DemoCore } from './core-examples';

/** The AI chat's pane in a page's main landmark, on a demo core made with `options`. */
export function DemoAiChat({ options }: { options?: DemoServerOptions }) {
  return (
    <DemoCore options={options}>
      <main>
        <ChatScreen.Root selection="openai">
          <ChatScreen.Pane pane="openai" aria-label="AI chat">
            <ChatConversation
              channel="openai"
              intro={<ChatIntro selection="openai" />}
              composerLabel="Message to OpenAI GPT"
            />
          </ChatScreen.Pane>
        </ChatScreen.Root>
      </main>
    </DemoCore>
  );
}

/** Asks the AI chat `question`, then waits for `answer` in the conversation and Send back in place. */
export async function askAiChat(user: ReturnType<typeof userEvent.setup>, question: string, answer: string) {
  await user.type(screen.getByRole('textbox', { name: 'Message to OpenAI GPT' }), `${question}{Enter}`);
  await waitFor(() => expect(screen.getByRole('log')).toHaveTextContent(answer));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeVisible());
}

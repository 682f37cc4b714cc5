import { chatMessages } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { inAppFrame } from '../test/app-shell-examples';
import { AskOnMount, DemoCore } from '../test/core-examples';
import { ChatConversation, ChatIntro } from './ChatConversation';
import { ChatScreen } from './ChatScreen';

/**
 * The conversation reads and sends through the core's chat store, here over the SDK's demo server
 * (its answers stream in word by word), inside ChatScreen.Root and a pane as the app has it.
 */
const meta = {
  title: 'Chat/ChatConversation',
  component: ChatConversation,
  tags: ['autodocs'],
  decorators: [
    (Story, { parameters }) => (
      <DemoCore>
        <ChatScreen.Root selection={parameters.channel ?? 'knowledge'}>
          <ChatScreen.Pane pane={parameters.channel ?? 'knowledge'} aria-label="Conversation pane">
            {parameters.question ? (
              <AskOnMount channel={parameters.channel ?? 'knowledge'} question={parameters.question} />
            ) : null}
            <Story />
          </ChatScreen.Pane>
        </ChatScreen.Root>
      </DemoCore>
    ),
    inAppFrame('Chat'),
  ],
  args: {
    channel: 'knowledge',
    intro: <ChatIntro selection="knowledge" department="Knowledge" />,
    composerLabel: 'Message to Knowledge',
  },
} satisfies Meta<typeof ChatConversation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new conversation: the intro, and a composer without New Topic (knowledge). */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('log')).toHaveTextContent('all internal queries');
    await expect(canvas.queryByRole('button', { name: 'New Topic' })).toBeNull();
  },
};

/** Asking: Stop while the answer streams in, then Send again and the answer in its bubble. */
export const AskAndStream: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Message to Knowledge' }),
      'What can staff ask?{Enter}',
    );
    await expect(canvas.getByRole('log')).toHaveTextContent('What can staff ask?');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Send' })).toBeVisible(), {
      timeout: 15_000,
    });
    await waitFor(() => expect(canvas.getByRole('log')).not.toHaveAttribute('aria-busy'));
  },
};

/** The AI chat with a conversation under way: New Topic is offered. */
export const AiConversation: Story = {
  parameters: { channel: 'openai', question: 'How do I rotate the database password in pre-prod?' },
  args: {
    channel: 'openai',
    intro: <ChatIntro selection="openai" />,
    composerLabel: 'Message to OpenAI GPT',
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Send' })).toBeVisible(), {
      timeout: 15_000,
    });
    await expect(canvas.getByRole('button', { name: 'New Topic' })).toBeVisible();
  },
};

/** Example questions under the intro of an empty conversation: choosing one asks it. */
export const WithSuggestions: Story = {
  args: {
    channel: 'openai',
    intro: <ChatIntro selection="openai" />,
    composerLabel: 'Message to OpenAI GPT',
    suggestions: ['What is single sign-on?', 'How do I rotate the database password in pre-prod?'],
  },
  parameters: { channel: 'openai' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'What is single sign-on?' }));
    await expect(canvas.getByRole('log')).toHaveTextContent('What is single sign-on?');
    await expect(canvas.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toHaveFocus();
    await waitFor(() => expect(canvas.getByRole('log')).not.toHaveAttribute('aria-busy'), {
      timeout: 15_000,
    });
  },
};

/** The AI chat on a server without a language model: said before anyone asks, the composer disabled. */
export const WithoutModel: Story = {
  args: {
    channel: 'openai',
    intro: <ChatIntro selection="openai" hasLanguageModel={false} />,
    composerLabel: 'Message to OpenAI GPT',
    disabledReason: chatMessages.modelMissingReason,
  },
  parameters: { channel: 'openai' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('log')).toHaveTextContent('no language model has been set up');
    await expect(canvas.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toBeDisabled();
  },
};

/** The same for an administrator: which settings turn the model on. */
export const WithoutModelForAdmins: Story = {
  ...WithoutModel,
  args: { ...WithoutModel.args, intro: <ChatIntro selection="openai" hasLanguageModel={false} isAdmin /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('log')).toHaveTextContent('set LLM_BASE_URL and LLM_MODEL');
  },
};

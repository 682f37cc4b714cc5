import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import {
  citedAnswer,
  hostileAnswer,
  itSources,
  longCodeAnswer,
  richAnswer,
  userQuestion,
} from '../test/chat-fixtures';
import { MessageBubble, type MessageBubbleProps } from './MessageBubble';

/** Streams `text` into a bubble a few characters at a time, as a server-sent answer arrives. */
function StreamingBubble({ text, sources }: Pick<MessageBubbleProps, 'text' | 'sources'>) {
  const [length, setLength] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setLength((current) => Math.min(text.length, current + 6)), 30);
    return () => clearInterval(timer);
  }, [text]);
  const isDone = length >= text.length;
  return (
    <MessageBubble
      sender="bot"
      text={text.slice(0, length)}
      status={isDone ? 'done' : length === 0 ? 'pending' : 'streaming'}
      sources={sources}
    />
  );
}

const meta = {
  title: 'Chat/MessageBubble',
  component: MessageBubble,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main className="da-story-chat" style={{ padding: 24, display: 'grid', gap: 16 }}>
        <Story />
      </main>
    ),
  ],
  args: { sender: 'bot', text: richAnswer, status: 'done' },
} satisfies Meta<typeof MessageBubble>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The user's question, rendered as markdown, on the right and without the bot icon. */
export const UserMessage: Story = {
  args: { sender: 'user', text: userQuestion },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('VPN').tagName).toBe('STRONG');
  },
};

/** Waiting for the answer: the bot icon and a spinner of diameter 35. */
export const Pending: Story = {
  args: { text: '', status: 'pending' },
  play: async ({ canvas }) => {
    const spinner = canvas.getByRole('progressbar', { name: 'Waiting for the answer' });
    const box = spinner.getBoundingClientRect();
    await expect(box.width).toBe(35);
    await expect(box.height).toBe(35);
  },
};

/** An answer streaming in, block by block, with a caret at its end. */
export const Streaming: Story = {
  render: () => <StreamingBubble text={richAnswer} />,
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('table')).toBeVisible(), { timeout: 10_000 });
    await waitFor(() => expect(canvas.getByRole('link', { name: /runbook/ })).toBeVisible(), {
      timeout: 10_000,
    });
  },
};

/** A complete answer using headings, lists, a code block, a table, a quote and a task list. */
export const Markdown: Story = {};

/** Copy on a code block reads Copied for three seconds. */
export const CopyCode: Story = {
  beforeEach() {
    // A test's synthetic click is no user gesture, which the real clipboard requires.
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => writeText.mockRestore();
  },
  play: async ({ canvas }) => {
    const copy = canvas.getByRole('button', { name: 'Copy bash code' });
    await userEvent.click(copy);
    await waitFor(() => expect(copy).toHaveTextContent('Copied'));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(
      expect.stringContaining('kubectl create secret generic db-password'),
    );
  },
};

/** A long line scrolls inside its code block; the bubble keeps its width. */
export const LongCode: Story = {
  args: { text: longCodeAnswer },
  play: async ({ canvasElement }) => {
    const bubble = canvasElement.querySelector('.da-message-bubble') as HTMLElement;
    const code = canvasElement.querySelector('.da-code-block-body') as HTMLElement;
    await expect(code.scrollWidth).toBeGreaterThan(code.clientWidth);
    await expect(bubble.scrollWidth).toBeLessThanOrEqual(bubble.clientWidth + 1);
  },
};

/** An error, in red. */
export const ErrorMessage: Story = {
  args: { text: '', status: 'error', error: { text: 'Error fetching response' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error fetching response');
  },
};

/** A block whose rendering fails is shown as the text it was written as; the rest renders. */
export const MarkdownError: Story = {
  args: {
    text: 'The table below could not be drawn:\n\n| Environment | Owner |\n| --- | --- |\n| cs_preprod | CS |\n\nEverything else is fine.',
    components: {
      table: () => {
        throw new Error('Table renderer failed');
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.da-markdown-fallback')).toHaveTextContent(
      '| cs_preprod | CS |',
    );
  },
};

/** Stopped by the user: what arrived is kept. */
export const Stopped: Story = {
  args: { text: 'To rotate the password, first generate a new one in the', status: 'stopped' },
};

/** A knowledge answer with citation chips; hovering or focusing one previews the passage. */
export const Citations: Story = {
  args: { text: citedAnswer, sources: itSources },
  play: async ({ canvas, canvasElement }) => {
    const chip = canvas.getByRole('link', { name: /Source 2/ });
    await expect(chip).toHaveAttribute('target', '_blank');
    await userEvent.hover(chip);
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('vpn-troubleshooting.pdf');
    await expect(tooltip).toHaveTextContent('Page 3');
    await expect(canvasElement).not.toHaveTextContent('[7]');
  },
};

/** A citing answer streaming in. */
export const StreamingCitations: Story = {
  render: () => <StreamingBubble text={citedAnswer} sources={itSources} />,
};

/** An answer carrying script, event-handler and javascript: payloads renders inert. */
export const HostilePayload: Story = {
  args: { text: hostileAnswer },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('script, img, [onerror], [onmouseover]')).toBeNull();
    for (const link of canvasElement.querySelectorAll('a')) {
      await expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    await userEvent.hover(canvas.getByText(/hover me/));
    await userEvent.click(canvas.getByText('this harmless link'));
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

/** A conversation in an 800px-wide window. */
export const Narrow800: Story = {
  render: () => (
    <div style={{ width: 800, display: 'grid', gap: 16 }}>
      <MessageBubble sender="user" text={userQuestion} />
      <MessageBubble sender="bot" text={citedAnswer} sources={itSources} />
      <MessageBubble sender="bot" text={longCodeAnswer} />
    </div>
  ),
};

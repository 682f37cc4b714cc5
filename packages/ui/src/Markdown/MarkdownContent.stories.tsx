import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { citedAnswer, hostileAnswer, itSources, longCodeAnswer, richAnswer } from '../test/chat-fixtures';
import { MarkdownContent } from './MarkdownContent';

const meta = {
  title: 'Chat/MarkdownContent',
  component: MarkdownContent,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <main style={{ maxWidth: 760 }}>
        <Story />
      </main>
    ),
  ],
  args: { children: richAnswer },
} satisfies Meta<typeof MarkdownContent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** GitHub-flavoured markdown: headings, lists, a code block with Copy, a table, a quote, a task list. */
export const Rich: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Rotating a database password' })).toBeVisible();
    await expect(canvas.getByRole('table')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy bash code' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /runbook/ })).toHaveAttribute('target', '_blank');
  },
};

/** With the answer's sources, citation markers become chips; focusing one previews the passage. */
export const WithCitations: Story = {
  args: { children: citedAnswer, sources: itSources },
  play: async ({ canvas, canvasElement }) => {
    const chip = canvas.getAllByRole('link', { name: /Source 1/ })[0]!;
    await userEvent.tab();
    await expect(chip).toHaveFocus();
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('it-onboarding-vpn-guide.md');
    await expect(canvasElement).not.toHaveTextContent('[7]');
  },
};

/** Without sources, markers stay as text. */
export const CitationsWithoutSources: Story = {
  args: { children: citedAnswer },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('[1]');
  },
};

/** Long code scrolls inside its block. */
export const LongCode: Story = { args: { children: longCodeAnswer } };

/** Script, event handlers and javascript: links render inert. */
export const HostilePayload: Story = {
  args: { children: hostileAnswer },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script, img, [onerror], [onmouseover]')).toBeNull();
    for (const link of canvasElement.querySelectorAll('a')) {
      await expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  },
};

/** An empty answer renders nothing. */
export const Empty: Story = {
  args: { children: '' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.da-markdown')).toBeEmptyDOMElement();
  },
};

const longParagraph = Array.from({ length: 400 }, (_, index) => `word${index + 1}`).join(' ');

/**
 * An answer still streaming, one long paragraph: its settled pieces are drawn each as a block of
 * its own (a piece starts on a new line), so the browser lays out only the piece that grows.
 */
export const StreamingLongParagraph: Story = {
  args: { children: longParagraph, isStreaming: true },
  play: async ({ canvasElement }) => {
    const pieces = [...canvasElement.querySelectorAll<HTMLElement>('p > .da-markdown-piece')];
    await expect(pieces.length).toBeGreaterThan(1);
    await expect(getComputedStyle(pieces[0]!).display).toBe('block');
    await expect(canvasElement.querySelector('p')).toHaveTextContent(/^word1 word2 .* word400$/);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { elkHtml } from '../test/chat-fixtures';
import { ElkMetricsPanel } from './ElkMetricsPanel';
import { MessageBubble } from './MessageBubble';

/** An ELK reply in its bubble, the metrics toggled as the chat store's toggleMetrics does. */
function ElkReply({
  initiallyVisible,
  html = elkHtml,
  hasHostFacts = true,
}: {
  initiallyVisible: boolean;
  html?: string;
  /** The answer carried Answer_resource (machine type and memory). */
  hasHostFacts?: boolean;
}) {
  const machineType = hasHostFacts ? 'n2-standard-8' : undefined;
  const totalMemory = hasHostFacts ? 32 : undefined;
  const [visible, setVisible] = useState(initiallyVisible);
  return (
    <MessageBubble
      sender="bot"
      text="CPU on tenant **acme** peaked at 92% at 11:00; memory stayed under 70%."
    >
      <ElkMetricsPanel
        elk={{ html, visible, machineType, totalMemory }}
        onToggle={() => setVisible((shown) => !shown)}
      />
    </MessageBubble>
  );
}

const meta = {
  title: 'Chat/ElkMetricsPanel',
  component: ElkReply,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
  args: { initiallyVisible: false },
} satisfies Meta<typeof ElkReply>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden by default: Show Metrics reveals them. */
export const Hidden: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show Metrics' }));
    await expect(canvas.getByRole('table')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hide Metrics' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** Shown: Machine Type, Total Memory (GB) and the table. */
export const Shown: Story = { args: { initiallyVisible: true } };

/** A week of the server's answer: 28 six-hour buckets of five metrics, a chart for each. */
const weekHtml = (() => {
  const start = Date.parse('2026-11-16T12:00:00Z');
  const rows = Array.from({ length: 28 }, (_, index) => {
    const at = new Date(start + index * 6 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const wave = Math.sin(index / 2);
    return `<tr><th scope="row">${at}</th><td>${(40 + 20 * wave).toFixed(1)}</td><td>${(55 + 5 * wave).toFixed(1)}</td><td>${Math.round(9000 + 4000 * wave)}</td><td>${(0.3 + 0.2 * Math.abs(wave)).toFixed(2)}</td><td>${Math.round(180 + 60 * wave)}</td></tr>`;
  });
  return `<table class="elk-metrics"><caption>All metrics for tenant acme in prod over the last 7 days</caption><thead><tr><th scope="col">Time (UTC)</th><th scope="col">CPU (%)</th><th scope="col">Memory (%)</th><th scope="col">Requests</th><th scope="col">Error rate (%)</th><th scope="col">p95 latency (ms)</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
})();

/** Shown with the server's week of five metrics: one chart per metric, then the table. */
export const ServerWeek: Story = { args: { initiallyVisible: true, html: weekHtml } };

/** Without host metadata: Machine Type and Total Memory (GB) show a dash. */
export const WithoutHostFacts: Story = {
  args: { initiallyVisible: true, hasHostFacts: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Machine Type').nextElementSibling).toHaveTextContent('—');
  },
};

/** A hostile answer: scripts, handlers and images are dropped (DOMPurify), the cells shown as text. */
export const HostileAnswer: Story = {
  args: {
    initiallyVisible: true,
    html: '<table><thead><tr><th>Time (UTC)</th><th>Tenant &lt;img src=x onerror=alert(1)&gt;</th></tr></thead><tbody><tr><th>2026-11-20 10:00</th><td><img src=x onerror="window.__elk=1">5<script>window.__elk=1</script></td></tr></tbody></table>',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img, script, [onerror]')).toBeNull();
    await expect((window as { __elk?: number }).__elk).toBeUndefined();
  },
};

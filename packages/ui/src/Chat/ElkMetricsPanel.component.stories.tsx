import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { elkHtml } from '../test/chat-fixtures';
import { ElkMetricsPanel, type ElkMetricsPanelProps } from './ElkMetricsPanel';

/** Toggled in React state, as the chat store's toggleMetrics does. */
function Toggled(props: ElkMetricsPanelProps) {
  const [visible, setVisible] = useState(props.elk.visible);
  return (
    <ElkMetricsPanel
      elk={{ ...props.elk, visible }}
      onToggle={() => {
        setVisible((shown) => !shown);
        props.onToggle();
      }}
    />
  );
}

const meta = {
  title: 'Chat/ElkMetricsPanel props',
  component: ElkMetricsPanel,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <main style={{ maxWidth: 760 }}>
        <Story />
      </main>
    ),
  ],
  render: (args) => <Toggled {...args} />,
  args: {
    elk: { html: elkHtml, visible: false, machineType: 'n2-standard-8', totalMemory: 32 },
    onToggle: fn(),
  },
} satisfies Meta<typeof ElkMetricsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden until asked for. */
export const Hidden: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show Metrics' }));
    await expect(args.onToggle).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('table')).toBeVisible();
  },
};

/** Shown: machine facts, charts and the table. */
export const Shown: Story = {
  args: { elk: { html: elkHtml, visible: true, machineType: 'n2-standard-8', totalMemory: 32 } },
};

/** An answer without a table: nothing to chart. */
export const EmptyTable: Story = {
  args: {
    elk: {
      html: '<table><thead><tr><th>Time</th><th>CPU %</th></tr></thead><tbody></tbody></table>',
      visible: true,
      machineType: undefined,
      totalMemory: undefined,
    },
  },
};

/** Pointing at a chart reads out the time and value of the nearest point; leaving clears it. */
export const PointedAt: Story = {
  args: { elk: { html: elkHtml, visible: true, machineType: 'n2-standard-8', totalMemory: 32 } },
  play: async ({ canvasElement }) => {
    const over = await waitFor(
      () => {
        const element = canvasElement.querySelector<HTMLElement>('.da-elk-chart-plot .u-over');
        if (!element) throw new Error('the chart is not drawn yet');
        return element;
      },
      { timeout: 5000 },
    );
    const readout = canvasElement.querySelector('.da-elk-chart-readout')!;
    const box = over.getBoundingClientRect();
    const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, bubbles: true };
    over.dispatchEvent(new MouseEvent('mouseenter', at));
    over.dispatchEvent(new MouseEvent('mousemove', at));
    await waitFor(() => expect(readout.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: \S+/));
    over.dispatchEvent(new MouseEvent('mouseleave', at));
    await waitFor(() => expect(readout.textContent).toBe(''));
  },
};

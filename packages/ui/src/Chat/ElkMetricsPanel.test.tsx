import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { elkHtml } from '../test/chat-fixtures';
import { ElkMetricsPanel, readHtmlTable } from './ElkMetricsPanel';
import { MessageBubble } from './MessageBubble';

function Reply({ html = elkHtml }: { html?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <main>
      <MessageBubble sender="bot" text="CPU peaked at **92%** on tenant acme.">
        <ElkMetricsPanel
          elk={{ html, visible, machineType: 'n2-standard-8', totalMemory: 32 }}
          onToggle={() => setVisible((shown) => !shown)}
        />
      </MessageBubble>
    </main>
  );
}

describe('ElkMetricsPanel', () => {
  it('reveals Machine Type, Total Memory (GB) and the table with Show Metrics, and hides them again', async () => {
    const user = userEvent.setup();
    render(<Reply />);
    expect(screen.queryByText('Machine Type')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show Metrics' }));
    expect(screen.getByText('Machine Type').nextElementSibling).toHaveTextContent('n2-standard-8');
    expect(screen.getByText('Total Memory (GB)').nextElementSibling).toHaveTextContent('32');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'CPU %', 'Memory %']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Hide Metrics' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps only the text of the HTML: no script, handler or image survives', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Reply
        html={
          '<table><tr><td><img src=x onerror="window.__elk=1">cell<script>window.__elk=1</script></td></tr></table>'
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Show Metrics' }));
    expect(screen.getByRole('cell')).toHaveTextContent('cellwindow.__elk=1');
    expect(container.querySelector('img, script, [onerror]')).toBeNull();
    expect((window as { __elk?: number }).__elk).toBeUndefined();
  });

  it('reads the cells of the first table, or nothing without one', () => {
    expect(readHtmlTable('<p>no table</p>')).toBeNull();
    expect(readHtmlTable('<table><tr><th>a</th><td> b  c </td></tr></table>')).toEqual([
      [
        { text: 'a', isHeader: true },
        { text: 'b c', isHeader: false },
      ],
    ]);
  });
});

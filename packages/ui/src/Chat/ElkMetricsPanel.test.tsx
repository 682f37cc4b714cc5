import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { elkHtml } from '../test/chat-fixtures';
import { seriesFromTable } from './ElkMetricsChart';
import { ElkMetricsPanel, readHtmlTable, sanitizeTableHtml } from './ElkMetricsPanel';
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
    // DOMPurify keeps table elements only (a script goes with its text), then only the text is rendered.
    expect(screen.getByRole('cell')).toHaveTextContent(/^cell$/);
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

  it('sanitizes to table elements only, attributes and all', () => {
    expect(
      sanitizeTableHtml(
        '<p>x</p><table onclick="x()" style="color:red"><caption><b>c</b></caption><tr><th scope="row"><a href="javascript:x()">t</a></th><td colspan="2"><iframe></iframe>1</td></tr></table>',
      ),
    ).toBe(
      'x<table><caption>c</caption><tbody><tr><th scope="row">t</th><td colspan="2">1</td></tr></tbody></table>',
    );
  });

  it('reads the chart series from the table: one per numeric column over the time column', () => {
    const rows = readHtmlTable(
      '<table><thead><tr><th>Time (UTC)</th><th>CPU (%)</th><th>Requests</th><th>Note</th></tr></thead><tbody>' +
        '<tr><th>2026-11-20 10:00</th><td>71.5</td><td>1200</td><td>a</td></tr>' +
        '<tr><th>2026-11-20 16:00</th><td></td><td>1,300</td><td>b</td></tr>' +
        '<tr><th>2026-11-21</th><td>60</td><td>900</td><td>c</td></tr></tbody></table>',
    )!;
    const start = Date.parse('2026-11-20T10:00:00Z') / 1000;
    expect(seriesFromTable(rows)).toEqual([
      { label: 'CPU (%)', times: [start, start + 6 * 3600, start + 14 * 3600], values: [71.5, null, 60] },
      { label: 'Requests', times: [start, start + 6 * 3600, start + 14 * 3600], values: [1200, 1300, 900] },
    ]);
    expect(seriesFromTable(rows.slice(0, 2))).toEqual([]);
  });

  it('shows the charts with the table once the panel is open (canvas drawing is left to real browsers)', async () => {
    const user = userEvent.setup();
    render(<Reply />);
    await user.click(screen.getByRole('button', { name: 'Show Metrics' }));
    const charts = await screen.findAllByRole('img');
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'CPU % from 2026-11-20 10:00 to 2026-11-20 11:00 UTC: from 71 to 92. The numbers are in the table.',
      'Memory % from 2026-11-20 10:00 to 2026-11-20 11:00 UTC: from 64 to 70. The numbers are in the table.',
    ]);
    expect(screen.getByRole('table')).toBeVisible();
  });
});

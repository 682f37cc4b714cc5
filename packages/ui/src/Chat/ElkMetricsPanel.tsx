import { CHAT_TEXTS, type ElkDisplay } from '@digital-assistant/react';
import DOMPurify from 'dompurify';
import { lazy, Suspense, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from '../Button/Button';
import { ChartIcon } from '../icons/icons';

/** The chart (and its library, uPlot) is loaded when a metrics panel is first shown. */
const ElkMetricsChart = lazy(() => import('./ElkMetricsChart'));

/** The only markup an answer's table keeps: the table's own elements, no attribute but their layout. */
const TABLE_ONLY = {
  ALLOWED_TAGS: ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ALLOWED_ATTR: ['scope', 'colspan', 'rowspan'],
};

/** The answer's HTML with everything but tables removed (DOMPurify), as the server's escaping is not trusted alone. */
export function sanitizeTableHtml(html: string): string {
  return DOMPurify.sanitize(html, TABLE_ONLY);
}

/** One cell of a table read from HTML: its text, and whether it was a header cell. */
export interface HtmlTableCell {
  text: string;
  isHeader: boolean;
}

/**
 * The cells of the first table in `html`, as text. The HTML is parsed into an inert document
 * (DOMParser: no script runs, nothing is fetched) and only the cells' text is kept, so markup in
 * an answer can never run or load anything; before that DOMPurify keeps nothing but table elements.
 * `null` when there is no table (or no DOM).
 */
export function readHtmlTable(html: string): HtmlTableCell[][] | null {
  if (typeof DOMParser === 'undefined') return null;
  const table = new DOMParser().parseFromString(sanitizeTableHtml(html), 'text/html').querySelector('table');
  if (!table) return null;
  return [...table.rows].map((row) =>
    [...row.cells].map((cell) => ({
      text: (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
      isHeader: cell.tagName === 'TH',
    })),
  );
}

/** Props of `ElkMetricsPanel`. */
export interface ElkMetricsPanelProps {
  /** The ELK answer's metrics (the chat store's `message.elk`). */
  elk: Pick<ElkDisplay, 'html' | 'visible' | 'machineType' | 'totalMemory'>;
  /** Shows or hides the metrics (the store's `toggleMetrics(message.id)`). */
  onToggle: () => void;
}

/**
 * The metrics of an ELK reply: a Show Metrics / Hide Metrics button revealing the Machine Type, the
 * Total Memory (GB), a chart per metric (loaded on first show) and the answer's table, which is the
 * charts' accessible alternative. Hidden until asked for. Goes inside the MessageBubble.
 */
export function ElkMetricsPanel({ elk, onToggle }: ElkMetricsPanelProps) {
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const isOpening = useRef(false);
  // Opened from its button, the panel starts under it at the top of the conversation: the
  // conversation would otherwise follow the taller content to its end, away from the button that
  // keeps the focus. (Moving the scroll position also stops that following until the reader returns
  // to the end.)
  useLayoutEffect(() => {
    if (!elk.visible || !isOpening.current) return;
    isOpening.current = false;
    container.current?.scrollIntoView?.({ block: 'start' });
  }, [elk.visible]);
  const rows = useMemo(() => (elk.visible ? readHtmlTable(elk.html) : null), [elk.visible, elk.html]);
  const [head, ...body] = rows ?? [];
  const hasHeaderRow = head?.every((cell) => cell.isHeader) ?? false;
  return (
    <div ref={container} className="da-elk-metrics">
      <Button
        size="sm"
        className="da-elk-metrics-toggle"
        aria-expanded={elk.visible}
        aria-controls={elk.visible ? panelId : undefined}
        onPress={() => {
          isOpening.current = !elk.visible;
          onToggle();
        }}
      >
        <ChartIcon />
        {elk.visible ? CHAT_TEXTS.hideMetrics : CHAT_TEXTS.showMetrics}
      </Button>
      {elk.visible ? (
        <div id={panelId} className="da-elk-metrics-panel">
          <dl className="da-elk-metrics-facts">
            <div>
              <dt>Machine Type</dt>
              <dd>{elk.machineType ?? '—'}</dd>
            </div>
            <div>
              <dt>Total Memory (GB)</dt>
              <dd>{elk.totalMemory ?? '—'}</dd>
            </div>
          </dl>
          {rows && rows.length > 1 ? (
            <Suspense fallback={<div className="da-elk-charts-pending" aria-hidden="true" />}>
              <ElkMetricsChart rows={rows} />
            </Suspense>
          ) : null}
          {rows && rows.length > 0 ? (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a wide table
            <div className="da-markdown-table" tabIndex={0}>
              <table className="da-elk-metrics-table">
                {hasHeaderRow && head ? (
                  <thead>
                    <tr>
                      {head.map((cell, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place
                        <th key={index}>{cell.text}</th>
                      ))}
                    </tr>
                  </thead>
                ) : null}
                <tbody>
                  {(hasHeaderRow ? body : rows).map((row, rowIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                    <tr key={rowIndex}>
                      {row.map((cell, index) =>
                        cell.isHeader ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place
                          <th key={index} scope="row">
                            {cell.text}
                          </th>
                        ) : (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place
                          <td key={index}>{cell.text}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

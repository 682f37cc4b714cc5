/**
 * The time-series chart of an ELK answer's table: one small chart per metric column (each with its
 * own unit), drawn with uPlot on a canvas. This module is loaded only when a metrics panel is first
 * shown (ElkMetricsPanel imports it lazily) and uPlot when a chart is drawn, so neither is in the
 * initial bundle. Colours come from
 * the design tokens (`--da-color-*`, light or dark) and follow a change of colour scheme. The canvas
 * is a picture for the eye: each chart is an image named by its metric and range, and the same
 * numbers are in the table beside it, which keyboard and screen-reader users read. Pointing at a chart
 * marks the nearest point and reads out its time and value beside the title.
 */
import { useEffect, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { HtmlTableCell } from './ElkMetricsPanel';

export interface ChartSeries {
  label: string;
  /** Seconds since the epoch (UTC), ascending. */
  times: number[];
  values: Array<number | null>;
}

/** "2026-11-20 10:00" or "2026-11-20" (UTC) in seconds; undefined when it is not a time. */
function timeOf(text: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(text);
  if (!match) return undefined;
  const ms = Date.parse(`${match[1]}T${match[2] ?? '00:00'}:00Z`);
  return Number.isFinite(ms) ? ms / 1000 : undefined;
}

/**
 * The table's numeric columns as series over its time column (the first). Empty when the table has
 * no header row, fewer than two timed rows, or no numbers.
 */
export function seriesFromTable(rows: HtmlTableCell[][]): ChartSeries[] {
  const [head, ...body] = rows;
  if (!head?.every((cell) => cell.isHeader)) return [];
  const timed = body
    .map((row) => ({ time: timeOf(row[0]?.text ?? ''), row }))
    .filter((entry): entry is { time: number; row: HtmlTableCell[] } => entry.time !== undefined)
    .sort((a, b) => a.time - b.time);
  if (timed.length < 2) return [];
  return head.slice(1).flatMap((cell, index) => {
    const values = timed.map(({ row }) => {
      const text = row[index + 1]?.text.replace(/,/g, '') ?? '';
      const value = text === '' ? Number.NaN : Number(text);
      return Number.isFinite(value) ? value : null;
    });
    if (values.every((value) => value === null)) return [];
    return [{ label: cell.text, times: timed.map(({ time }) => time), values }];
  });
}

/** jsdom (unit tests) has no canvas to draw on. */
const canDraw = () =>
  typeof window !== 'undefined' && typeof navigator !== 'undefined' && !/jsdom/i.test(navigator.userAgent);

function token(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

const formatNumber = (value: number) =>
  Math.abs(value) >= 1000
    ? value.toLocaleString('en-US', { maximumFractionDigits: 0 })
    : String(Math.round(value * 10) / 10);

/** "2026-11-20 10:00" (UTC) of a time in seconds. */
const utcMinute = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');

function describeRange(series: ChartSeries): string {
  const values = series.values.filter((value): value is number => value !== null);
  const first = utcMinute(series.times[0]!);
  const last = utcMinute(series.times.at(-1)!);
  return `${series.label} from ${first} to ${last} UTC: from ${formatNumber(Math.min(...values))} to ${formatNumber(Math.max(...values))}. The numbers are in the table.`;
}

/** "2026-11-20 10:00 UTC: 42.5" for the point under the pointer. */
function describePoint(series: ChartSeries, index: number): string {
  const value = series.values[index];
  return `${utcMinute(series.times[index]!)} UTC: ${value === null || value === undefined ? 'no value' : formatNumber(value)}`;
}

function SeriesChart({ series }: { series: ChartSeries }) {
  const host = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element || !canDraw()) return;
    // The pointer's point, read out beside the title (the same numbers are in the table).
    const showPoint = (index: number | null | undefined) => {
      if (readout.current) readout.current.textContent = index == null ? '' : describePoint(series, index);
    };
    let plot: uPlot | undefined;
    let uPlotClass: typeof uPlot | undefined;
    let isGone = false;
    const span = (series.times.at(-1) ?? 0) - (series.times[0] ?? 0);
    const draw = () => {
      const UPlot = uPlotClass;
      if (!UPlot || isGone) return;
      const format = UPlot.fmtDate(span > 2 * 86_400 ? '{MM}-{DD}' : '{HH}:{mm}');
      const dateLabel = (tick: number) => format(UPlot.tzDate(new Date(tick * 1000), 'Etc/UTC'));
      plot?.destroy();
      const text = token(element, '--da-color-text-muted', '#586070');
      const grid = token(element, '--da-color-border', '#e4e7ec');
      const line = token(element, '--da-color-accent', '#4f46e5');
      const fill = token(element, '--da-color-accent-subtle', 'transparent');
      const font = `12px ${token(element, '--da-font-sans', 'system-ui, sans-serif')}`;
      const axis = {
        stroke: text,
        font,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid, width: 1 },
      };
      plot = new UPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height: 140,
          legend: { show: false },
          cursor: {
            x: true,
            y: false,
            drag: { x: false, y: false },
            points: { size: 8, width: 2, fill: line, stroke: fill === 'transparent' ? line : fill },
          },
          hooks: { setCursor: [(chart) => showPoint(chart.cursor.idx)] },
          select: { show: false, left: 0, top: 0, width: 0, height: 0 },
          scales: { x: { time: true } },
          axes: [
            {
              ...axis,
              // Days over a range of days, hours within a day (UTC), spaced so labels never overlap.
              space: 72,
              values: (_plot, ticks) => ticks.map(dateLabel),
            },
            { ...axis, size: 56, values: (_plot, ticks) => ticks.map(formatNumber) },
          ],
          series: [
            {},
            { label: series.label, stroke: line, width: 2, fill, spanGaps: false, points: { show: false } },
          ],
        },
        [series.times, series.values],
        element,
      );
    };
    void import('uplot').then((module) => {
      uPlotClass = module.default;
      draw();
    });
    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: Math.max(element.clientWidth, 200), height: 140 }),
    );
    resize.observe(element);
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    scheme?.addEventListener('change', draw);
    return () => {
      isGone = true;
      resize.disconnect();
      scheme?.removeEventListener('change', draw);
      plot?.destroy();
    };
  }, [series]);
  return (
    <figure className="da-elk-chart">
      <figcaption className="da-elk-chart-title">
        {series.label}
        <span ref={readout} className="da-elk-chart-readout" aria-hidden="true" />
      </figcaption>
      <div ref={host} className="da-elk-chart-plot" role="img" aria-label={describeRange(series)} />
    </figure>
  );
}

/** The charts of a metrics table (nothing when the table has no time series). */
export default function ElkMetricsChart({ rows }: { rows: HtmlTableCell[][] }) {
  const series = useMemo(() => seriesFromTable(rows), [rows]);
  if (series.length === 0) return null;
  return (
    <div className="da-elk-charts">
      {series.map((entry) => (
        <SeriesChart key={entry.label} series={entry} />
      ))}
    </div>
  );
}

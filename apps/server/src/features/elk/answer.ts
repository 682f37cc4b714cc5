// The ELK answer: `Summary` (per metric its minimum, average, maximum and trend over the period, in
// a sentence or two), `Answer` an HTML table of the time buckets by metrics, and `Answer_resource`
// from the host metadata. Every text in the table is escaped here, so a tenant or environment name
// carrying markup is shown as text by any client; the Summary quotes such names as code.
import type { components } from '../../generated/contract.js';
import { METRICS, type MetricKey, type MetricsQuery, type MetricsResult } from './metrics.js';
import type { Period } from './period.js';

export type ElkAnswer = components['schemas']['ElkChatResponse'];

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** A name for the Summary (markdown): as it is when plain, else a code span, which renders it literally. */
export function quoteName(name: string): string {
  if (/^[\w.-]+$/.test(name)) return name;
  const inner = name.replace(/`/g, "'").replace(/\s+/g, ' ').slice(0, 80);
  return `\`${inner}\``;
}

/** "tenant acme in prod", "tenant acme in every environment", "prod (all tenants)". */
export function describeTarget(
  query: Pick<MetricsQuery, 'environment' | 'tenant'>,
  quote = quoteName,
): string {
  if (query.tenant && query.environment)
    return `tenant ${quote(query.tenant)} in ${quote(query.environment)}`;
  if (query.tenant) return `tenant ${quote(query.tenant)} in every environment`;
  if (query.environment) return `${quote(query.environment)} (all tenants)`;
  return 'every environment and tenant';
}

export function listMetrics(metrics: readonly MetricKey[]): string {
  const labels = metrics.map((metric) => METRICS[metric].label);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function format(metric: MetricKey, value: number, grouped = true): string {
  const { digits } = METRICS[metric];
  return grouped
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : value.toFixed(digits);
}

interface Stats {
  min: number;
  average: number;
  max: number;
  /** Change of the second half's average over the first half's, in percent; undefined: too few points. */
  change?: number;
}

export function statsOf(values: readonly number[]): Stats | undefined {
  if (values.length === 0) return undefined;
  const sum = values.reduce((total, value) => total + value, 0);
  const stats: Stats = { min: Math.min(...values), average: sum / values.length, max: Math.max(...values) };
  if (values.length >= 4) {
    const half = Math.floor(values.length / 2);
    const mean = (part: readonly number[]) => part.reduce((total, value) => total + value, 0) / part.length;
    const first = mean(values.slice(0, half));
    const second = mean(values.slice(values.length - half));
    if (first !== 0) stats.change = ((second - first) / Math.abs(first)) * 100;
  }
  return stats;
}

/** "rising (+12% ...)", "falling", "steady": within 5% is steady. */
export function trendOf(change: number | undefined): string {
  if (change === undefined) return 'too few points for a trend';
  const rounded = Math.round(change);
  if (Math.abs(change) < 5) return 'steady';
  return `${change > 0 ? 'rising' : 'falling'} (${rounded > 0 ? '+' : ''}${rounded}% from the first half of the period to the second)`;
}

const formatTime = (date: Date, interval: MetricsQuery['interval']) =>
  interval.ms >= 86_400_000
    ? date.toISOString().slice(0, 10)
    : date.toISOString().slice(0, 16).replace('T', ' ');

/** "over the last 7 days", "over 2026-11-20"; "since 2026-11-20" as it is. */
const overPeriod = (period: Period) =>
  period.label.startsWith('since ') ? period.label : `over ${period.label}`;

/** The answer to a complete question. */
export function buildAnswer(query: MetricsQuery, period: Period, result: MetricsResult): ElkAnswer {
  const target = describeTarget(query);
  const heading = `${capitalize(listMetrics(query.metrics))} for ${target} ${overPeriod(period)}`;
  const present = result.buckets.filter((bucket) =>
    query.metrics.some((metric) => typeof bucket.values[metric] === 'number'),
  );
  if (present.length === 0) {
    const text = `No metrics were recorded for ${target} ${overPeriod(period)}.`;
    return { Summary: text, Answer: text };
  }
  const sentences = query.metrics.map((metric) => {
    const info = METRICS[metric];
    const values = result.buckets
      .map((bucket) => bucket.values[metric])
      .filter((value): value is number => typeof value === 'number');
    const stats = statsOf(values);
    if (!stats) return `${capitalize(info.label)}: no data.`;
    const per = metric === 'requests' ? ` per ${query.interval.label}` : '';
    return `${capitalize(info.label)}${per}: min ${format(metric, stats.min)}${info.unit}, average ${format(metric, stats.average)}${info.unit}, max ${format(metric, stats.max)}${info.unit}, ${trendOf(stats.change)}.`;
  });
  const summary = `${heading} (${present.length} buckets of ${query.interval.label}, UTC). ${sentences.join(' ')}`;

  const caption = `${capitalize(listMetrics(query.metrics))} for ${describeTarget(query, (name) => name)} ${overPeriod(period)}, per ${query.interval.label} (UTC)`;
  const head = [
    '<th scope="col">Time (UTC)</th>',
    ...query.metrics.map((metric) => `<th scope="col">${escapeHtml(METRICS[metric].column)}</th>`),
  ].join('');
  const rows = result.buckets.map((bucket) => {
    const cells = query.metrics.map((metric) => {
      const value = bucket.values[metric];
      return `<td>${typeof value === 'number' ? format(metric, value, false) : ''}</td>`;
    });
    return `<tr><th scope="row">${escapeHtml(formatTime(bucket.start, query.interval))}</th>${cells.join('')}</tr>`;
  });
  const table = `<table class="elk-metrics"><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;

  const answer: ElkAnswer = { Summary: summary, Answer: table };
  const resource: NonNullable<ElkAnswer['Answer_resource']> = {};
  if (result.resource.machineType) resource.ResourceMachineType = result.resource.machineType;
  if (result.resource.totalMemoryGb !== undefined)
    resource.ResourceTotalMemory = result.resource.totalMemoryGb;
  if (Object.keys(resource).length > 0) answer.Answer_resource = resource;
  return answer;
}

/** A plain answer (Summary and Answer the same text): questions that cannot be answered yet. */
export function plainAnswer(text: string): ElkAnswer {
  // A plain answer must not look like HTML to the client (it would be taken for a table).
  const safe = text.replace(/</g, '‹').replace(/>/g, '›');
  return { Summary: safe, Answer: safe };
}

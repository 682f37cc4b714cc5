// The ELK agent's query model, shared by both metrics sources (Elasticsearch and the embedded demo
// store): which metrics exist, how a period is cut into time buckets, and what a query answers.
import { HttpError } from '../../platform/http/errors.js';

export const METRIC_KEYS = ['cpu', 'memory', 'requests', 'error_rate', 'p95_latency'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

export interface MetricInfo {
  /** How a person names it in answers. */
  label: string;
  /** Column heading of the table (with the unit). */
  column: string;
  unit: string;
  /** Digits after the decimal point in answers. */
  digits: number;
}

export const METRICS: Record<MetricKey, MetricInfo> = {
  cpu: { label: 'CPU', column: 'CPU (%)', unit: '%', digits: 1 },
  memory: { label: 'memory', column: 'Memory (%)', unit: '%', digits: 1 },
  requests: { label: 'request count', column: 'Requests', unit: ' requests', digits: 0 },
  error_rate: { label: 'error rate', column: 'Error rate (%)', unit: '%', digits: 2 },
  p95_latency: { label: 'p95 latency', column: 'p95 latency (ms)', unit: ' ms', digits: 0 },
};

/** One question to a metrics source: a series (environment and/or tenant) over a period, in buckets. */
export interface MetricsQuery {
  /** Omitted: every environment. */
  environment?: string;
  /** Omitted: every tenant. */
  tenant?: string;
  metrics: readonly MetricKey[];
  /** Start (inclusive) and end (exclusive). */
  from: Date;
  to: Date;
  interval: BucketInterval;
}

export interface BucketInterval {
  /** Elasticsearch's fixed_interval spelling (`5m`, `1h`, `1d`); also PostgreSQL's via `sql`. */
  name: string;
  ms: number;
  /** PostgreSQL interval literal. */
  sql: string;
  /** For people: "5 minutes", "6 hours", "day". */
  label: string;
}

export interface MetricsBucket {
  start: Date;
  /** null: no samples in this bucket. */
  values: Partial<Record<MetricKey, number | null>>;
}

export interface HostResource {
  machineType?: string;
  totalMemoryGb?: number;
}

export interface MetricsResult {
  buckets: MetricsBucket[];
  resource: HostResource;
}

/** What a source holds: the environments and tenants a question may name. */
export interface MetricsCatalog {
  environments: string[];
  tenants: string[];
}

/** Where the metrics come from. Errors a person can act on are `metricsUnavailable`. */
export interface MetricsSource {
  readonly kind: 'embedded' | 'elasticsearch';
  catalog(): Promise<MetricsCatalog>;
  query(query: MetricsQuery): Promise<MetricsResult>;
}

/** The metrics source failed: 502 with a reason a person can act on. */
export const metricsUnavailable = (message: string) => new HttpError(502, 'metrics_unavailable', message);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const INTERVALS: BucketInterval[] = [
  { name: '5m', ms: 5 * MINUTE, sql: '5 minutes', label: '5 minutes' },
  { name: '15m', ms: 15 * MINUTE, sql: '15 minutes', label: '15 minutes' },
  { name: '30m', ms: 30 * MINUTE, sql: '30 minutes', label: '30 minutes' },
  { name: '1h', ms: HOUR, sql: '1 hour', label: 'hour' },
  { name: '3h', ms: 3 * HOUR, sql: '3 hours', label: '3 hours' },
  { name: '6h', ms: 6 * HOUR, sql: '6 hours', label: '6 hours' },
  { name: '12h', ms: 12 * HOUR, sql: '12 hours', label: '12 hours' },
  { name: '1d', ms: DAY, sql: '1 day', label: 'day' },
  { name: '7d', ms: 7 * DAY, sql: '7 days', label: 'week' },
];

/** Most time buckets in one answer: enough for a chart, few enough for a table in a chat. */
export const MAX_BUCKETS = 48;

/** The finest interval that cuts the period into at most MAX_BUCKETS buckets. */
export function chooseInterval(from: Date, to: Date): BucketInterval {
  const span = Math.max(to.getTime() - from.getTime(), 0);
  return INTERVALS.find((interval) => Math.ceil(span / interval.ms) <= MAX_BUCKETS) ?? INTERVALS.at(-1)!;
}

// The embedded metrics source: demo metrics in the database, so the ELK agent works out of the box.
// Environments prod, staging and dev; tenants acme, globex and initech; one sample per series every
// 5 minutes for the last ELK_DEMO_DAYS days (30) up to now. The samples are generated in SQL
// (generate_series) from the time and the series alone, so they are cheap to make (about 78,000 rows
// in one statement), the same on every instance, and topped up to now as time passes. Queries are
// time-bucketed aggregates in SQL (date_bin), the same shape as Elasticsearch's date_histogram.
import type { Db, Queryable } from '../../platform/db/db.js';
import type {
  HostResource,
  MetricKey,
  MetricsCatalog,
  MetricsQuery,
  MetricsResult,
  MetricsSource,
} from './metrics.js';

export interface DemoHost {
  environment: string;
  tenant: string;
  machineType: string;
  totalMemoryGb: number;
}

const MACHINES: Record<string, [string, number]> = {
  prod: ['n2-standard-8', 32],
  staging: ['n2-standard-4', 16],
  dev: ['e2-standard-2', 8],
};

/** The demo series: every environment for every tenant. */
export function demoHosts(
  environments: readonly string[] = ['prod', 'staging', 'dev'],
  tenants: readonly string[] = ['acme', 'globex', 'initech'],
): DemoHost[] {
  return environments.flatMap((environment) =>
    tenants.map((tenant) => {
      const [machineType, totalMemoryGb] = MACHINES[environment] ?? ['e2-standard-2', 8];
      return { environment, tenant, machineType, totalMemoryGb };
    }),
  );
}

/** Adds hosts (series) to the store; existing ones are kept. */
export async function addHosts(db: Queryable, hosts: readonly DemoHost[]): Promise<void> {
  if (hosts.length === 0) return;
  await db.query(
    `INSERT INTO elk_hosts (environment, tenant, machine_type, total_memory_gb)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[])
     ON CONFLICT DO NOTHING`,
    [
      hosts.map((host) => host.environment),
      hosts.map((host) => host.tenant),
      hosts.map((host) => host.machineType),
      hosts.map((host) => host.totalMemoryGb),
    ],
  );
}

// Each value is a function of the time (epoch seconds e) and the series (seed k, load scale s):
// a daily wave, a slow two-week drift, and pseudo-random noise n in [0, 1) (fract of a large sine).
const SAMPLE_SQL = `
WITH series AS (
  SELECT h.environment, h.tenant,
    CASE h.environment WHEN 'prod' THEN 1.0 WHEN 'staging' THEN 0.45 ELSE 0.2 END AS s,
    abs(hashtext(h.environment || '/' || h.tenant)) % 1000 AS k,
    abs(hashtext(h.tenant)) % 7 AS phase,
    greatest(
      coalesce((SELECT max(m.ts) FROM elk_metrics m WHERE m.environment = h.environment AND m.tenant = h.tenant)
        + interval '5 minutes', $2::timestamptz),
      $2::timestamptz
    ) AS first
  FROM elk_hosts h
), points AS (
  SELECT series.environment, series.tenant, t.ts, series.s, series.k,
    sin(2 * pi() * e / 86400 - 1.8) AS w,
    sin(2 * pi() * e / (14 * 86400) + series.phase) AS drift,
    abs(sin(e / 300 * 12.9898 + series.k) * 43758.5453) AS noise
  FROM series
  CROSS JOIN LATERAL generate_series(series.first, $1::timestamptz, interval '5 minutes') AS t(ts)
  CROSS JOIN LATERAL (SELECT extract(epoch FROM t.ts)::float8 AS e) epoch
), samples AS (
  SELECT environment, tenant, ts, s, w, drift, noise - floor(noise) AS n,
    round(s * (400 + k % 900) * (1 + 0.6 * w) * (0.8 + 0.4 * (noise - floor(noise))))::integer AS req
  FROM points
)
INSERT INTO elk_metrics (environment, tenant, ts, cpu_pct, memory_pct, requests, errors, p95_ms)
SELECT environment, tenant, ts,
  least(100, greatest(0.5, s * (30 + 18 * w) + 12 * n + 6 * drift)),
  least(100, greatest(5, 38 + 14 * s + 8 * drift + 4 * n)),
  req,
  round(req * (0.002 + 0.03 * n * n * n * n))::integer,
  greatest(20, 90 + 70 * s * (1 + w) + 120 * n * n * n + 15 * drift)
FROM samples
ON CONFLICT DO NOTHING`;

/**
 * Fills every series up to `now` (rounded down to 5 minutes), at most `days` back, and drops samples
 * older than that. Returns the rows added.
 */
export async function fillDemoMetrics(db: Queryable, now: Date, days: number): Promise<number> {
  const end = new Date(Math.floor(now.getTime() / 300_000) * 300_000);
  const start = new Date(end.getTime() - days * 86_400_000);
  const added = await db.query(SAMPLE_SQL, [end.toISOString(), start.toISOString()]);
  await db.query('DELETE FROM elk_metrics WHERE ts < $1', [start.toISOString()]);
  return added.rowCount;
}

// One aggregate per metric and bucket, as the Elasticsearch adapter asks for them.
const AGGREGATES: Record<MetricKey, string> = {
  cpu: 'avg(cpu_pct)',
  memory: 'avg(memory_pct)',
  requests: 'sum(requests)',
  error_rate: '100.0 * sum(errors) / nullif(sum(requests), 0)',
  p95_latency: 'percentile_cont(0.95) WITHIN GROUP (ORDER BY p95_ms)',
};

export interface EmbeddedSourceOptions {
  /** Days of demo metrics kept up to now (ELK_DEMO_DAYS). */
  days: number;
  /** The clock (tests). */
  now?: () => Date;
  /** Seed the demo series when there are none, and keep them filled up to now (ELK_DEMO_METRICS). */
  demo: boolean;
}

/** Tops up at most this often, so a question rarely pays for it. */
const FILL_EVERY_MS = 60_000;

export function createEmbeddedSource(
  db: Db,
  options: EmbeddedSourceOptions,
): MetricsSource & {
  /** Seeds (when empty) and fills the demo metrics up to now. */
  prepare(): Promise<void>;
} {
  const now = options.now ?? (() => new Date());
  let filledAt = 0;
  let filling: Promise<void> | undefined;

  async function fill(): Promise<void> {
    const { rows } = await db.query<{ present: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM elk_hosts) AS present',
    );
    if (!rows[0]?.present) await addHosts(db, demoHosts());
    await fillDemoMetrics(db, now(), options.days);
    filledAt = Date.now();
  }

  async function prepare(): Promise<void> {
    filling ??= fill().finally(() => {
      filling = undefined;
    });
    return filling;
  }

  return {
    kind: 'embedded',
    prepare,
    async catalog(): Promise<MetricsCatalog> {
      const { rows } = await db.query<{ environments: string[] | null; tenants: string[] | null }>(
        `SELECT array_agg(DISTINCT environment) AS environments, array_agg(DISTINCT tenant) AS tenants FROM elk_hosts`,
      );
      return { environments: rows[0]?.environments ?? [], tenants: rows[0]?.tenants ?? [] };
    },
    async query(query: MetricsQuery): Promise<MetricsResult> {
      if (options.demo && Date.now() - filledAt > FILL_EVERY_MS) await prepare();
      const columns = query.metrics.map((metric) => `${AGGREGATES[metric]} AS ${metric}`).join(', ');
      const filters = [
        'ts >= $2',
        'ts < $3',
        '($4::text IS NULL OR environment = $4)',
        '($5::text IS NULL OR tenant = $5)',
      ];
      const params = [
        query.interval.sql,
        query.from.toISOString(),
        query.to.toISOString(),
        query.environment ?? null,
        query.tenant ?? null,
      ];
      const [buckets, hosts] = await Promise.all([
        db.query<Record<string, unknown> & { bucket: Date | string }>(
          `SELECT date_bin($1::interval, ts, timestamptz '1970-01-01 00:00:00+00') AS bucket, ${columns}
           FROM elk_metrics WHERE ${filters.join(' AND ')}
           GROUP BY 1 ORDER BY 1`,
          params,
        ),
        db.query<{ machine_types: string[] | null; memory: string | number | null }>(
          `SELECT array_agg(DISTINCT machine_type ORDER BY machine_type) AS machine_types, sum(total_memory_gb) AS memory
           FROM elk_hosts WHERE ($1::text IS NULL OR environment = $1) AND ($2::text IS NULL OR tenant = $2)`,
          [query.environment ?? null, query.tenant ?? null],
        ),
      ]);
      const host = hosts.rows[0];
      const resource: HostResource = {};
      if (host?.machine_types?.length) resource.machineType = host.machine_types.join(', ');
      if (host?.memory !== null && host?.memory !== undefined) resource.totalMemoryGb = Number(host.memory);
      return {
        resource,
        buckets: buckets.rows.map((row) => ({
          start: new Date(row.bucket),
          values: Object.fromEntries(
            query.metrics.map((metric) => {
              const value = row[metric];
              return [metric, value === null || value === undefined ? null : Number(value)];
            }),
          ),
        })),
      };
    },
  };
}

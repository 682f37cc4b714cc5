// The Elasticsearch metrics source, through the official client (@elastic/elasticsearch). One search
// per question, `size: 0`: a bool filter (time range, environment, tenant) and a date_histogram with
// the interval chosen for the period (fixed_interval, empty buckets kept within a period of up to 48
// buckets), each bucket carrying the metric aggregations (avg CPU and memory, sum of requests and
// errors, the 95th percentile of latency); beside it the host metadata (the most frequent machine
// type, the largest total memory). The catalog (environments and tenants) is two terms aggregations,
// kept a minute.
//
// Documents are host samples with the fields of ELK_FIELD_* (defaults in config.ts); the environment
// and tenant fields must be keywords. Failures come back as 502 metrics_unavailable with what to
// check: the index pattern matching nothing, credentials refused, or the cluster unreachable.
import { Client, errors } from '@elastic/elasticsearch';
import type { ElkConfig } from '../../platform/config/config.js';
import {
  type HostResource,
  MAX_BUCKETS,
  type MetricKey,
  type MetricsCatalog,
  type MetricsQuery,
  type MetricsResult,
  type MetricsSource,
  metricsUnavailable,
} from './metrics.js';

const CATALOG_TTL_MS = 60_000;
const CATALOG_SIZE = 500;

type Aggregation = Record<string, unknown>;
interface BucketBody {
  key: number;
  key_as_string?: string;
  doc_count: number;
  [name: string]: unknown;
}

export function createElasticsearchSource(config: ElkConfig): MetricsSource & { close(): Promise<void> } {
  if (!config.elasticsearchUrl) throw new Error('ELASTICSEARCH_URL is not set');
  const client = new Client({
    node: config.elasticsearchUrl,
    ...(config.apiKey
      ? { auth: { apiKey: config.apiKey } }
      : config.username && config.password
        ? { auth: { username: config.username, password: config.password } }
        : {}),
    requestTimeout: config.timeoutMs,
    maxRetries: 1,
  });
  const { fields, indexPattern } = config;
  let catalogCache: { at: number; catalog: MetricsCatalog } | undefined;

  const metricAggregations: Record<MetricKey, Record<string, Aggregation>> = {
    cpu: { cpu: { avg: { field: fields.cpu } } },
    memory: { memory: { avg: { field: fields.memory } } },
    requests: { requests: { sum: { field: fields.requests } } },
    error_rate: {
      requests: { sum: { field: fields.requests } },
      errors: { sum: { field: fields.errors } },
    },
    p95_latency: { latency: { percentiles: { field: fields.latency, percents: [95] } } },
  };

  async function search(body: Record<string, unknown>) {
    try {
      // allow_no_indices=false: a pattern matching no index is an error (index_not_found_exception),
      // not an empty answer that would look like a quiet system.
      return await client.search({
        index: indexPattern,
        size: 0,
        allow_no_indices: false,
        ignore_unavailable: false,
        ...body,
      });
    } catch (error) {
      throw describeFailure(error, config);
    }
  }

  return {
    kind: 'elasticsearch',
    async catalog() {
      if (catalogCache && Date.now() - catalogCache.at < CATALOG_TTL_MS) return catalogCache.catalog;
      const response = await search({
        aggs: {
          environments: { terms: { field: fields.environment, size: CATALOG_SIZE } },
          tenants: { terms: { field: fields.tenant, size: CATALOG_SIZE } },
        },
      });
      const keys = (name: string) =>
        (
          (response.aggregations?.[name] as { buckets?: Array<{ key: unknown }> } | undefined)?.buckets ?? []
        ).map((bucket) => String(bucket.key));
      const catalog = { environments: keys('environments'), tenants: keys('tenants') };
      catalogCache = { at: Date.now(), catalog };
      return catalog;
    },

    async query(query: MetricsQuery): Promise<MetricsResult> {
      const filter: Aggregation[] = [
        {
          range: {
            [fields.timestamp]: {
              gte: query.from.toISOString(),
              lt: query.to.toISOString(),
              format: 'strict_date_optional_time',
            },
          },
        },
      ];
      if (query.environment) filter.push({ term: { [fields.environment]: query.environment } });
      if (query.tenant) filter.push({ term: { [fields.tenant]: query.tenant } });
      const perBucket = Object.assign({}, ...query.metrics.map((metric) => metricAggregations[metric]));
      // Empty buckets over the whole period only when it has few: weeks back to the year 1 would be
      // 105,000 buckets, past Elasticsearch's search.max_buckets (65,536, an error). A longer period
      // keeps the empty buckets between its first and last data.
      const span = query.to.getTime() - query.from.getTime();
      const bounds =
        Math.ceil(span / query.interval.ms) <= MAX_BUCKETS
          ? { extended_bounds: { min: query.from.getTime(), max: query.to.getTime() - 1 } }
          : {};
      const response = await search({
        query: { bool: { filter } },
        aggs: {
          over_time: {
            date_histogram: {
              field: fields.timestamp,
              fixed_interval: query.interval.name,
              min_doc_count: 0,
              ...bounds,
            },
            aggs: perBucket,
          },
          machine_type: { terms: { field: fields.machineType, size: 1 } },
          total_memory: { max: { field: fields.totalMemory } },
        },
      });
      const aggregations = (response.aggregations ?? {}) as Record<string, Aggregation>;
      const buckets = ((aggregations.over_time?.buckets as BucketBody[] | undefined) ?? []).map((bucket) => ({
        start: new Date(bucket.key),
        values: Object.fromEntries(query.metrics.map((metric) => [metric, bucketValue(bucket, metric)])),
      }));
      const resource: HostResource = {};
      const machine = (aggregations.machine_type?.buckets as Array<{ key: unknown }> | undefined)?.[0];
      if (machine) resource.machineType = String(machine.key);
      const memory = (aggregations.total_memory as { value?: number | null } | undefined)?.value;
      if (typeof memory === 'number') resource.totalMemoryGb = memory;
      return { buckets, resource };
    },

    close: () => client.close(),
  };
}

function metricValue(aggregation: unknown): number | null {
  const value = (aggregation as { value?: unknown } | undefined)?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function bucketValue(bucket: BucketBody, metric: MetricKey): number | null {
  if (bucket.doc_count === 0) return null;
  switch (metric) {
    case 'cpu':
      return metricValue(bucket.cpu);
    case 'memory':
      return metricValue(bucket.memory);
    case 'requests':
      return metricValue(bucket.requests);
    case 'error_rate': {
      const requests = metricValue(bucket.requests);
      const failed = metricValue(bucket.errors);
      return requests && failed !== null ? (100 * failed) / requests : null;
    }
    case 'p95_latency': {
      const values = (bucket.latency as { values?: Record<string, number | null> } | undefined)?.values ?? {};
      const value = values['95.0'] ?? values['95'];
      return typeof value === 'number' ? value : null;
    }
  }
}

/** An Elasticsearch failure in words an administrator can act on (never the cluster's internals). */
function describeFailure(error: unknown, config: ElkConfig) {
  const where = config.elasticsearchUrl;
  if (error instanceof errors.ResponseError) {
    const type = (error.body as { error?: { type?: string } } | undefined)?.error?.type;
    if (type === 'index_not_found_exception' || error.statusCode === 404) {
      return metricsUnavailable(
        `Elasticsearch has no index matching "${config.indexPattern}"; check ELK_INDEX_PATTERN.`,
      );
    }
    if (type === 'security_exception' || error.statusCode === 401 || error.statusCode === 403) {
      return metricsUnavailable(
        `Elasticsearch refused the server's credentials (HTTP ${error.statusCode}); check ELASTICSEARCH_API_KEY or ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD, and that they may read "${config.indexPattern}".`,
      );
    }
    return metricsUnavailable(
      `Elasticsearch could not run the metrics query (HTTP ${error.statusCode}${type ? `, ${type}` : ''}); check the ELK_FIELD_* settings against the index mapping.`,
    );
  }
  if (error instanceof errors.ProductNotSupportedError) {
    return metricsUnavailable(`The server at ${where} is not Elasticsearch; check ELASTICSEARCH_URL.`);
  }
  if (error instanceof errors.TimeoutError) {
    return metricsUnavailable(`Elasticsearch at ${where} did not answer in time; try again in a moment.`);
  }
  if (error instanceof errors.ConnectionError || error instanceof errors.NoLivingConnectionsError) {
    return metricsUnavailable(`Elasticsearch at ${where} could not be reached; check ELASTICSEARCH_URL.`);
  }
  return metricsUnavailable(`Elasticsearch at ${where} failed; try again in a moment.`);
}

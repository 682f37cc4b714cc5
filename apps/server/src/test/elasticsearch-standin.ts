// The project's own stand-in for Elasticsearch's search API, enough for the ELK agent's adapter:
// a real HTTP server (node:http) the official client (@elastic/elasticsearch) talks to unchanged.
// What it does follows Elasticsearch's documentation of the search API:
//   - every answer carries `x-elastic-product: Elasticsearch` (the client refuses a server without
//     it) and, when the client asked for it, the `application/vnd.elasticsearch+json;compatible-with=N`
//     content type;
//   - `POST /<target>/_search` with a JSON body: `size: 0` searches with a bool `filter` of `range`
//     (gte/gt/lt/lte, ISO dates or epoch millis) and `term` clauses, and aggregations: `date_histogram`
//     (`fixed_interval` in ms/s/m/h/d only, as Elasticsearch; `min_doc_count`, `extended_bounds`, more
//     than `search.max_buckets` (65,536) buckets being a 503 `too_many_buckets_exception`;
//     buckets aligned to the epoch in UTC, `key` in epoch millis and `key_as_string` ISO), with
//     `avg`, `sum`, `max`, `min`, `percentiles` (`values` keyed "95.0") and `terms` (by count, then key)
//     sub-aggregations; anything else is a 400 `x_content_parse_exception`;
//   - `<target>` is a comma-separated list of names and wildcard patterns; a name matching no index
//     (or, with `allow_no_indices=false`, a pattern matching none) is a 404 `index_not_found_exception`;
//   - with `apiKey` or `basic` configured, a request without the matching Authorization header is a
//     401 `security_exception` with a WWW-Authenticate header; a user listed in `denyRead` gets the 403
//     `security_exception` of an unauthorized action.
// Tests load documents (`index(name, docs)`) and read the requests it received (`requests()`).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EsDocument = Record<string, unknown>;

export interface EsStandinOptions {
  /** When set, requests must carry `Authorization: ApiKey <apiKey>`. */
  apiKey?: string;
  /** When set, requests must carry these basic credentials. */
  basic?: { username: string; password: string };
  /** API keys or user names authenticated but not allowed to read (403). */
  denyRead?: string[];
}

export interface RecordedSearch {
  target: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface EsStandin {
  url: string;
  /** Adds documents to an index (created when new). */
  index(name: string, documents: EsDocument[]): void;
  requests(): RecordedSearch[];
  close(): Promise<void>;
}

class EsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    reason: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(reason);
  }

  body() {
    const cause = { type: this.type, reason: this.message, ...this.extra };
    return { error: { root_cause: [cause], ...cause }, status: this.status };
  }
}

const parseError = (reason: string) => new EsError(400, 'x_content_parse_exception', reason);

/** Elasticsearch's default `search.max_buckets`. */
const MAX_BUCKETS = 65_536;
const tooManyBuckets = () =>
  new EsError(
    503,
    'too_many_buckets_exception',
    `Trying to create too many buckets. Must be less than or equal to: [${MAX_BUCKETS}] but this number of buckets was exceeded. This limit can be set by changing the [search.max_buckets] cluster level setting.`,
    { max_buckets: MAX_BUCKETS },
  );

/** A field of a document: nested objects or flat dotted keys, as Elasticsearch reads both. */
function fieldOf(document: EsDocument, path: string): unknown {
  if (path in document) return document[path];
  let current: unknown = document;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function toMillis(value: unknown, field: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const parsed = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  throw new EsError(400, 'parse_exception', `failed to parse date field [${String(value)}] of [${field}]`);
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function fixedInterval(value: unknown): number {
  const match = typeof value === 'string' ? /^(\d+)(ms|s|m|h|d)$/.exec(value) : null;
  if (!match || Number(match[1]) <= 0) {
    throw new EsError(
      400,
      'illegal_argument_exception',
      `failed to parse setting [date_histogram.fixedInterval] with value [${String(value)}] as a time value: unit is missing or unrecognized`,
    );
  }
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

function matchesFilter(document: EsDocument, clause: Record<string, unknown>): boolean {
  const [kind, spec] = Object.entries(clause)[0] ?? [];
  if (kind === 'range') {
    const [field, bounds] = Object.entries(spec as Record<string, Record<string, unknown>>)[0]!;
    const raw = fieldOf(document, field);
    if (raw === undefined) return false;
    const value = toMillis(raw, field);
    if (bounds.gte !== undefined && value < toMillis(bounds.gte, field)) return false;
    if (bounds.gt !== undefined && value <= toMillis(bounds.gt, field)) return false;
    if (bounds.lt !== undefined && value >= toMillis(bounds.lt, field)) return false;
    if (bounds.lte !== undefined && value > toMillis(bounds.lte, field)) return false;
    return true;
  }
  if (kind === 'term') {
    const [field, wanted] = Object.entries(spec as Record<string, unknown>)[0]!;
    const expected =
      wanted && typeof wanted === 'object' && 'value' in wanted
        ? (wanted as { value: unknown }).value
        : wanted;
    return fieldOf(document, field) === expected;
  }
  if (kind === 'match_all') return true;
  throw parseError(`[bool] unknown query [${String(kind)}] in the stand-in`);
}

function filterDocuments(documents: EsDocument[], query: unknown): EsDocument[] {
  if (query === undefined) return documents;
  const bool = (query as { bool?: { filter?: unknown; must?: unknown } }).bool;
  if (!bool) {
    if ((query as { match_all?: unknown }).match_all !== undefined) return documents;
    throw parseError('unknown query in the stand-in (only bool filters)');
  }
  const clauses = [bool.filter, bool.must].flatMap((part) =>
    part === undefined ? [] : Array.isArray(part) ? part : [part],
  );
  return documents.filter((document) => clauses.every((clause) => matchesFilter(document, clause)));
}

function numbers(documents: EsDocument[], field: string): number[] {
  return documents
    .map((document) => fieldOf(document, field))
    .filter((value): value is number => typeof value === 'number');
}

/** Elasticsearch's percentiles are TDigest estimates; here the exact linear interpolation. */
function percentile(values: number[], percent: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (percent / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

function aggregate(documents: EsDocument[], aggs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(aggs)) {
    const { aggs: sub, aggregations: subLong, ...rest } = definition as Record<string, unknown>;
    const children = (sub ?? subLong) as Record<string, unknown> | undefined;
    const entries = Object.entries(rest);
    if (entries.length !== 1) throw parseError(`Expected one aggregation type for [${name}]`);
    const [type, spec] = entries[0] as [string, Record<string, unknown>];
    const field = spec.field as string;
    switch (type) {
      case 'avg':
      case 'min':
      case 'max':
      case 'sum': {
        const values = numbers(documents, field);
        let value: number | null;
        if (type === 'sum') value = values.reduce((total, item) => total + item, 0);
        else if (values.length === 0) value = null;
        else if (type === 'avg') value = values.reduce((total, item) => total + item, 0) / values.length;
        else value = type === 'min' ? Math.min(...values) : Math.max(...values);
        out[name] = { value };
        break;
      }
      case 'percentiles': {
        const percents = (spec.percents as number[] | undefined) ?? [1, 5, 25, 50, 75, 95, 99];
        const values = numbers(documents, field);
        out[name] = {
          values: Object.fromEntries(
            percents.map((percent) => [percent.toFixed(1), percentile(values, percent)]),
          ),
        };
        break;
      }
      case 'terms': {
        const counts = new Map<string | number, EsDocument[]>();
        for (const document of documents) {
          const key = fieldOf(document, field);
          if (typeof key !== 'string' && typeof key !== 'number') continue;
          counts.set(key, [...(counts.get(key) ?? []), document]);
        }
        const size = (spec.size as number | undefined) ?? 10;
        const sorted = [...counts.entries()].sort(
          (a, b) => b[1].length - a[1].length || String(a[0]).localeCompare(String(b[0])),
        );
        const kept = sorted.slice(0, size);
        out[name] = {
          doc_count_error_upper_bound: 0,
          sum_other_doc_count: sorted.slice(size).reduce((total, [, docs]) => total + docs.length, 0),
          buckets: kept.map(([key, docs]) => ({
            key,
            doc_count: docs.length,
            ...(children ? aggregate(docs, children) : {}),
          })),
        };
        break;
      }
      case 'date_histogram': {
        if (spec.interval !== undefined) {
          throw parseError(
            '[interval] on [date_histogram] is not supported; use [fixed_interval] or [calendar_interval]',
          );
        }
        const interval = fixedInterval(spec.fixed_interval);
        const minDocCount = (spec.min_doc_count as number | undefined) ?? 1;
        const byBucket = new Map<number, EsDocument[]>();
        for (const document of documents) {
          const raw = fieldOf(document, field);
          if (raw === undefined) continue;
          const key = Math.floor(toMillis(raw, field) / interval) * interval;
          byBucket.set(key, [...(byBucket.get(key) ?? []), document]);
        }
        const keys = [...byBucket.keys()];
        const bounds = spec.extended_bounds as { min?: unknown; max?: unknown } | undefined;
        if (minDocCount === 0 && bounds) {
          const low = Math.floor(toMillis(bounds.min, field) / interval) * interval;
          const high = Math.floor(toMillis(bounds.max, field) / interval) * interval;
          if ((high - low) / interval + 1 > MAX_BUCKETS) throw tooManyBuckets();
          for (let key = low; key <= high; key += interval) if (!byBucket.has(key)) keys.push(key);
        }
        if (minDocCount === 0 && keys.length > 0) {
          const low = Math.min(...keys);
          const high = Math.max(...keys);
          for (let key = low; key <= high; key += interval) if (!keys.includes(key)) keys.push(key);
        }
        const buckets = [...new Set(keys)]
          .sort((a, b) => a - b)
          .map((key) => ({ key, docs: byBucket.get(key) ?? [] }))
          .filter(({ docs }) => docs.length >= minDocCount)
          .map(({ key, docs }) => ({
            key_as_string: new Date(key).toISOString(),
            key,
            doc_count: docs.length,
            ...(children ? aggregate(docs, children) : {}),
          }));
        out[name] = { buckets };
        break;
      }
      default:
        throw parseError(`Unknown aggregation type [${type}] did you mean [avg]?`);
    }
  }
  return out;
}

function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startEsStandin(options: EsStandinOptions = {}): Promise<EsStandin> {
  const indices = new Map<string, EsDocument[]>();
  const recorded: RecordedSearch[] = [];

  function authenticate(request: IncomingMessage): string {
    const header = request.headers.authorization ?? '';
    const challenge = {
      'WWW-Authenticate': 'Basic realm="security", charset="UTF-8", ApiKey',
    };
    if (options.apiKey) {
      if (header === `ApiKey ${options.apiKey}`) return options.apiKey;
    } else if (options.basic) {
      const expected = Buffer.from(`${options.basic.username}:${options.basic.password}`).toString('base64');
      if (header === `Basic ${expected}`) return options.basic.username;
    } else {
      return '_anonymous';
    }
    throw new EsError(
      401,
      'security_exception',
      header
        ? 'unable to authenticate with provided credentials and anonymous access is not allowed for this request'
        : 'missing authentication credentials for REST request [/_search]',
      { header: { 'WWW-Authenticate': [challenge['WWW-Authenticate']] } },
      challenge,
    );
  }

  function resolveTarget(target: string, allowNoIndices: boolean): EsDocument[] {
    const documents: EsDocument[] = [];
    for (const expression of target.split(',')) {
      const names = [...indices.keys()].filter((name) => wildcard(expression).test(name));
      if (names.length === 0 && (!expression.includes('*') || !allowNoIndices)) {
        throw new EsError(404, 'index_not_found_exception', `no such index [${expression}]`, {
          'resource.type': 'index_or_alias',
          'resource.id': expression,
          index_uuid: '_na_',
          index: expression,
        });
      }
      for (const name of names) documents.push(...indices.get(name)!);
    }
    return documents;
  }

  const server = createServer(async (request, response) => {
    const accept = String(request.headers.accept ?? '');
    const compatible = /compatible-with=(\d+)/.exec(accept)?.[1];
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      response.writeHead(status, {
        'content-type': compatible
          ? `application/vnd.elasticsearch+json;compatible-with=${compatible}`
          : 'application/json',
        'x-elastic-product': 'Elasticsearch',
        'content-length': Buffer.byteLength(text),
        ...headers,
      });
      response.end(text);
    };
    try {
      const url = new URL(request.url ?? '/', 'http://standin');
      const user = authenticate(request);
      if (request.method === 'GET' && url.pathname === '/') {
        return send(200, {
          name: 'standin',
          cluster_name: 'standin',
          version: { number: '9.1.0' },
          tagline: 'You Know, for Search',
        });
      }
      const search = /^\/([^/]+)\/_search$/.exec(url.pathname);
      if (!search || (request.method !== 'POST' && request.method !== 'GET')) {
        throw new EsError(
          400,
          'illegal_argument_exception',
          `request [${request.method} ${url.pathname}] is not supported by the stand-in`,
        );
      }
      if (options.denyRead?.includes(user)) {
        throw new EsError(
          403,
          'security_exception',
          `action [indices:data/read/search] is unauthorized for user [${user}] with effective roles [] on indices [${decodeURIComponent(search[1]!)}], this action is granted by the index privileges [read,all]`,
        );
      }
      const raw = await readBody(request);
      const contentType = String(request.headers['content-type'] ?? '');
      if (raw && !/application\/(json|vnd\.elasticsearch\+json)/.test(contentType)) {
        return send(406, { error: `Content-Type header [${contentType}] is not supported`, status: 406 });
      }
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        throw parseError('Failed to parse the request body as JSON');
      }
      const query = Object.fromEntries(url.searchParams);
      const target = decodeURIComponent(search[1]!);
      recorded.push({ target, query, body, headers: request.headers });
      const documents = resolveTarget(target, query.allow_no_indices !== 'false');
      const matched = filterDocuments(documents, body.query);
      const size = (body.size as number | undefined) ?? (query.size ? Number(query.size) : 10);
      const aggs = (body.aggs ?? body.aggregations) as Record<string, unknown> | undefined;
      send(200, {
        took: 1,
        timed_out: false,
        _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
        hits: {
          total: { value: matched.length, relation: 'eq' },
          max_score: size > 0 && matched.length > 0 ? 0 : null,
          hits: matched
            .slice(0, size)
            .map((document, index) => ({ _index: target, _id: String(index), _score: 0, _source: document })),
        },
        ...(aggs ? { aggregations: aggregate(matched, aggs) } : {}),
      });
    } catch (error) {
      if (error instanceof EsError) return send(error.status, error.body(), error.headers);
      send(500, new EsError(500, 'exception', (error as Error).message).body());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    index(name, documents) {
      indices.set(name, [...(indices.get(name) ?? []), ...documents]);
    },
    requests: () => [...recorded],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

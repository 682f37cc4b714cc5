// Server configuration, read once from the environment. Relative paths are resolved against the
// directory the user ran pnpm from (INIT_CWD), so `pnpm serve` and `pnpm admin` started from the
// repository root agree on DATA_DIR even though pnpm runs both inside apps/server.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { repoRoot, serverPackageDir } from './paths.js';

export interface OidcClientConfig {
  /** Issuer of an external OpenID provider; absent -> the built-in provider with demo accounts. */
  issuer?: string;
  clientId?: string;
  clientSecret?: string;
}

export interface Config {
  port: number;
  host: string;
  /** Data folder (PGlite database, lock file). */
  dataDir: string;
  /** PostgreSQL connection string; absent -> PGlite in `${dataDir}/pglite`. */
  databaseUrl?: string;
  /**
   * Public origin of the server (no trailing slash), used for redirects and cookies. When absent
   * (tests listening on port 0) it is derived from the bound address.
   */
  publicUrl?: string;
  oidc: OidcClientConfig;
  defaultRole: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Built web app to serve on the same origin; null disables static serving. */
  webDist: string | null;
  /**
   * Built chat widget (the script-tag build of @digital-assistant/widget) served at
   * `/widget/v{major}/widget.js`; null disables it (WIDGET_DIST, `none`).
   */
  widgetDist: string | null;
  /**
   * Exact origins (`https://team.example.com`, no path) whose pages may call /api with the user's
   * session (credentialed CORS) and open the widget's sign-in popup (WIDGET_ORIGINS, comma-separated).
   */
  widgetOrigins: readonly string[];
  /**
   * SameSite of the session and XSRF cookies (COOKIE_SAMESITE): `lax` (default) serves the app and
   * widgets on the same site; `none` lets a widget on another site use the session (needs https).
   */
  cookieSameSite: 'lax' | 'none';
  /** Default lifetime of personal access tokens. */
  tokenDefaultDays: number;
  appVersion: string;
  trustProxy: boolean;
  logLevel: string;
  /** Redis for state shared by every instance (rate-limit counters); absent -> kept in memory. */
  redisUrl?: string;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  /**
   * Anonymous sign-in calls (SSO start and callback, the built-in provider's sign-in page) allowed
   * per client address and endpoint in each window; 0 turns the limit off.
   */
  signInRateLimit: { max: number; windowSeconds: number };
  /** Largest training file accepted, in bytes (UPLOAD_MAX_FILE_MB, default 50 MB). */
  uploadMaxFileBytes: number;
  /** Most training files in one upload request (UPLOAD_MAX_FILES). */
  uploadMaxFiles: number;
  /** Largest file attached to a chat question, in bytes (CHAT_ATTACHMENT_MAX_FILE_MB, default 10 MB). */
  attachmentMaxFileBytes: number;
  /** Most bytes of the files of one chat question together (CHAT_ATTACHMENT_MAX_TOTAL_MB, default 20 MB). */
  attachmentMaxTotalBytes: number;
  /**
   * Whether the first start ingests the demo knowledge documents (when there are no documents yet).
   * SEED_DEMO_KNOWLEDGE; default true for the embedded PGlite database, false with DATABASE_URL.
   */
  seedDemoKnowledge: boolean;
  /**
   * Lease of an ingestion job (INGEST_LEASE_SECONDS, default 30): when a server dies mid-ingestion,
   * another start or instance takes the document up again after at most this long.
   */
  ingestLeaseSeconds: number;
  /**
   * Documents this instance ingests at once (INGEST_CONCURRENCY). Default 4 with DATABASE_URL:
   * documents are parsed here while PostgreSQL indexes others in its own processes, and their many
   * short waits for the database overlap; 1 on the embedded PGlite, whose queries run on the
   * server's own thread (a second document would only wait).
   */
  ingestConcurrency: number;
  /**
   * Threads that parse and chunk the documents being ingested (INGEST_PARSE_THREADS), so the server's
   * thread only reads files and records (on PGlite: indexes) them, a large file's parse never holds
   * it, and every parse can be ended. Default: one per core beyond the first, at most
   * INGEST_CONCURRENCY, at least one; a spare thread beside them takes the next file when they have
   * all been on theirs for over 2 seconds.
   */
  ingestParseThreads: number;
  /**
   * Longest parse of one file, in milliseconds (INGEST_PARSE_TIMEOUT_SECONDS, default 120; 2,000 pages
   * of text take about 10 s on a quiet machine, several times that on a busy one): past it
   * the thread is ended and the document fails saying so.
   */
  ingestParseTimeoutMs: number;
  /**
   * Most memory one parse thread may hold, heap and buffers, in MB (INGEST_PARSE_MEMORY_MB, default
   * 512): past it the thread is ended and the document fails saying so.
   */
  ingestParseMemoryMb: number;
  /**
   * How long an idle parse thread waits for the next file before it ends, giving its memory back, in
   * milliseconds (INGEST_PARSE_IDLE_SECONDS, default 30).
   */
  ingestParseIdleMs: number;
  llm: LlmConfig;
  /**
   * Questions (knowledge, GPT and ELK chat calls) allowed per user on each chat endpoint in each
   * window (CHAT_RATE_LIMIT per CHAT_RATE_WINDOW_SECONDS); 0 turns the limit off.
   */
  chatRateLimit: { max: number; windowSeconds: number };
  review: ReviewConfig;
  elk: ElkConfig;
  /**
   * How long answers and requests in flight may take to finish after SIGTERM, in milliseconds
   * (SHUTDOWN_GRACE_SECONDS, default 20: within Kubernetes' 30 s default before SIGKILL); the answers
   * still streaming then end with an `error` event, what was said kept.
   */
  shutdownGraceMs: number;
  /**
   * Where the Prometheus metrics are served (never publicly): METRICS_PORT, a port of their own on
   * METRICS_HOST (default HOST); METRICS_TOKEN, GET /metrics on the server's port with that bearer
   * token. Neither: not served.
   */
  metrics: { port?: number; host: string; token?: string };
  /**
   * OpenTelemetry traces, exported over OTLP/HTTP, when OTEL_EXPORTER_OTLP_ENDPOINT (or
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; absent: no tracing, and its modules never loaded.
   */
  tracing?: TracingConfig;
}

/** OTel's standard sampler names this server implements (OTEL_TRACES_SAMPLER). */
export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** Traces as the OpenTelemetry environment variables configure them (their standard names). */
export interface TracingConfig {
  /** Where spans are posted: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`. */
  url: string;
  /** OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL: `http/protobuf` (the default) or `http/json`. */
  protocol: 'http/protobuf' | 'http/json';
  /** OTEL_EXPORTER_OTLP_(TRACES_)HEADERS: sent with every export (e.g. an API key). */
  headers: Record<string, string>;
  /** OTEL_EXPORTER_OTLP_(TRACES_)TIMEOUT: longest export, in milliseconds (default 10000). */
  timeoutMs: number;
  /** OTEL_EXPORTER_OTLP_(TRACES_)COMPRESSION: `gzip` or `none` (default). */
  compression: 'gzip' | 'none';
  /** OTEL_SERVICE_NAME (default `digital-assistant`), over a `service.name` in OTEL_RESOURCE_ATTRIBUTES. */
  serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES: `key=value` pairs describing this instance. */
  resourceAttributes: Record<string, string>;
  /** OTEL_TRACES_SAMPLER (default `parentbased_always_on`) and OTEL_TRACES_SAMPLER_ARG (the ratio, default 1). */
  sampler: { name: (typeof TRACE_SAMPLERS)[number]; ratio: number };
}

/** Where the ELK agent reads its metrics: Elasticsearch when ELASTICSEARCH_URL is set, else the demo metrics in the database. */
export interface ElkConfig {
  /** ELASTICSEARCH_URL, e.g. https://elastic.example.com:9200; absent: the embedded demo metrics. */
  elasticsearchUrl?: string;
  /** ELASTICSEARCH_API_KEY (the encoded key), sent as `Authorization: ApiKey`. */
  apiKey?: string;
  /** ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD (basic authentication) when there is no API key. */
  username?: string;
  password?: string;
  /** ELK_INDEX_PATTERN (default `metrics-*`): the indices searched. */
  indexPattern: string;
  /** The document fields the queries read (ELK_FIELD_<NAME>). */
  fields: ElkFields;
  /** ELK_TIMEOUT_MS (default 10000): the longest wait for Elasticsearch. */
  timeoutMs: number;
  /**
   * ELK_DEMO_METRICS (default true without ELASTICSEARCH_URL): seed the embedded store with the demo
   * metrics at start when it holds none, and keep them filled up to now.
   */
  demoMetrics: boolean;
  /** ELK_DEMO_DAYS (default 30): days of demo metrics kept up to now in the embedded store. */
  demoDays: number;
}

/** Field names in the Elasticsearch documents (one document per host sample). */
export interface ElkFields {
  timestamp: string;
  environment: string;
  tenant: string;
  cpu: string;
  memory: string;
  requests: string;
  errors: string;
  latency: string;
  machineType: string;
  totalMemory: string;
}

/** Limits of the code review (zips of Python files). */
export interface ReviewConfig {
  /** Largest zip accepted, in bytes (REVIEW_MAX_ZIP_MB, default 50). */
  maxZipBytes: number;
  /** Most entries in one zip (REVIEW_MAX_ENTRIES, default 5000). */
  maxEntries: number;
  /** Most bytes all entries expand to (REVIEW_MAX_UNCOMPRESSED_MB, default 200). */
  maxUncompressedBytes: number;
  /** Highest expanded/compressed ratio of one entry (REVIEW_MAX_RATIO, default 100). */
  maxRatio: number;
  /** Reviews one user may have pending at once (REVIEW_MAX_CONCURRENT_PER_USER, default 2). */
  maxConcurrentPerUser: number;
  /** Reviews this instance runs at once (REVIEW_CONCURRENCY, default 1). */
  concurrency: number;
  /**
   * Analysis threads of this instance's analyzer process, sharing the files of its reviews
   * (REVIEW_ANALYZERS, default 2, or 1 on a one-core machine): more make a large review faster where
   * there are cores and memory to spare, each holding up to its heap (analyzerMemoryMb) plus ruff's
   * 128 MB and ~70 MB while it works (the server's README has the measured figures).
   */
  analyzers: number;
  /** Lease of a review job (REVIEW_LEASE_SECONDS, default 60). */
  leaseSeconds: number;
  /** Functions of one review the language model is asked about, when one is configured (REVIEW_MODEL_MAX_FUNCTIONS, default 100; 0: none). */
  modelMaxFunctions: number;
  /**
   * Largest Python file reviewed, in bytes (REVIEW_MAX_FILE_KB, default 1024): a larger one is
   * reported as not reviewed, unread, and kept as it is in the download.
   */
  maxFileBytes: number;
  /**
   * Most JavaScript heap of one analysis thread, in MB (REVIEW_ANALYZER_MEMORY_MB, default 256): a
   * file needing more ends the thread and is reported as not reviewable.
   */
  analyzerMemoryMb: number;
  /**
   * Longest analysis of one batch of files, in milliseconds (REVIEW_ANALYSIS_TIMEOUT_SECONDS,
   * default 120; a 1 MB file of ordinary code takes 4 s on a quiet machine, 30-40 s on a very busy
   * one): past it the thread is ended and the file is reported as not reviewable.
   */
  analysisTimeoutMs: number;
}

/**
 * The language model behind the chats: any OpenAI-compatible endpoint. `baseUrl` and `model` are
 * both set or both absent (no model: knowledge chat answers with excerpts, GPT chat with an error).
 */
export interface LlmConfig {
  /** LLM_BASE_URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl?: string;
  /** LLM_API_KEY, sent as `Authorization: Bearer`; absent for endpoints without keys. */
  apiKey?: string;
  /** LLM_MODEL, the model name the endpoint knows. */
  model?: string;
  /**
   * LLM_TIMEOUT_MS (default 30000): the longest wait for the model's first word and between two of
   * its words; past it the answer ends with 504 model_timeout (an `error` event once streaming).
   */
  timeoutMs: number;
  /** LLM_MAX_RETRIES (default 2): retries of a failed request, only before any word has arrived. */
  maxRetries: number;
  /** LLM_CONTEXT_TOKENS (default 8000): the prompt's budget; older messages beyond it are left out. */
  contextTokens: number;
  /** LLM_MAX_OUTPUT_TOKENS (default 1024): the longest answer asked for. */
  maxOutputTokens: number;
  /**
   * LLM_EMBEDDING_MODEL: an embedding model on the same endpoint (e.g. text-embedding-3-small);
   * with pgvector in the database, knowledge retrieval becomes hybrid (full text + vectors).
   */
  embeddingModel?: string;
  /** LLM_EMBEDDING_MIN_SIMILARITY (default 0.3): least cosine similarity of a chunk found by vectors. */
  embeddingMinSimilarity: number;
  /**
   * LLM_STREAM_USAGE (default true): ask the model to report the tokens of each streamed answer
   * (`stream_options.include_usage`) for the metrics and traces; false for an API that refuses it.
   */
  streamUsage: boolean;
}

/** A configuration refused at start: `problems` holds one line per wrong setting. */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(message: string, problems: readonly string[] = [message]) {
    super(message);
    this.problems = problems;
  }
}

/**
 * The problems found by the loadConfig running now: every wrong setting is reported at once, one
 * line each, instead of one per start. Outside loadConfig a problem throws at once.
 */
let problems: string[] | undefined;

function report(message: string): void {
  if (!problems) throw new ConfigError(message);
  problems.push(message);
}

/** `read()`, or `fallback` when it throws a ConfigError (reported). */
function guard<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) report(problem);
    return fallback;
  }
}

/**
 * The prefixes of our settings: a variable starting with one that the server does not read is a
 * typo or a setting of another version, reported rather than silently ignored.
 */
export const SETTING_PREFIXES = [
  'CHAT_',
  'COOKIE_',
  'ELASTICSEARCH_',
  'ELK_',
  'INGEST_',
  'LLM_',
  'METRICS_',
  'OIDC_',
  'REDIS_',
  'REVIEW_',
  'SHUTDOWN_',
  'SIGN_IN_',
  'UPLOAD_',
  'WIDGET_',
] as const;

/**
 * What Kubernetes (and Docker's links) set for a service named like our prefixes (`redis` ->
 * REDIS_SERVICE_HOST, REDIS_PORT, REDIS_PORT_6379_TCP_ADDR...): not ours, not reported.
 */
const ORCHESTRATOR_VARIABLE =
  /_(SERVICE_HOST|SERVICE_PORT(_[A-Z0-9_]+)?|PORT(_\d+_(TCP|UDP|SCTP)(_(PROTO|PORT|ADDR))?)?|NAME|ENV_[A-Z0-9_]+)$/;

/** Edit distance of two names (for "did you mean"). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

function unknownSettings(env: NodeJS.ProcessEnv, known: ReadonlySet<string>): string[] {
  const lines: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (known.has(name) || !SETTING_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    if (ORCHESTRATOR_VARIABLE.test(name)) continue;
    const closest = [...known]
      .filter((candidate) => /^[A-Z][A-Z0-9_]*$/.test(candidate))
      .map((candidate) => ({ candidate, distance: distance(name, candidate) }))
      .sort((a, b) => a.distance - b.distance)[0];
    const hint = closest && closest.distance <= 3 ? ` (did you mean ${closest.candidate}?)` : '';
    lines.push(`${name} is not a setting of this server${hint}; remove it or correct its name`);
  }
  return lines;
}

/** `raw` as an absolute URL with one of `protocols` (e.g. `['http:', 'https:']`), else a problem. */
function absoluteUrl(name: string, raw: string, protocols: readonly string[], what: string): URL | undefined {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || !protocols.includes(url.protocol)) {
    report(`${name} must be ${what} (got "${raw}")`);
    return undefined;
  }
  return url;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** REVIEW_ANALYZER_MEMORY_MB when unset (a 1 MB file of ordinary code needs under 160 MB). */
export const DEFAULT_REVIEW_ANALYZER_MEMORY_MB = 256;

/** REVIEW_ANALYZERS when unset: two analysis threads, one on a one-core machine. */
export function defaultReviewAnalyzers(): number {
  return Math.min(2, availableParallelism());
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1, max = 1_000_000): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    report(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function decimal(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    report(`${name} must be a number between ${min} and ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  report(`${name} must be true or false (got "${env[name]}")`);
  return fallback;
}

function packageVersion(): string {
  try {
    const file = path.join(serverPackageDir(), 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Directory relative paths in the environment are resolved against. */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ? path.resolve(env.INIT_CWD) : process.cwd();
}

/**
 * Reads the configuration from environment variables (see apps/server/README.md). Every setting is
 * checked (type, range, URL form), and variables with our prefixes that the server does not read are
 * reported: a ConfigError lists every problem, one line each.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = new Set<string>();
  // Every name read is known, read or absent: what is left with our prefixes is unknown.
  const tracked = new Proxy(env, {
    get(target, key, receiver) {
      if (typeof key === 'string') known.add(key);
      return Reflect.get(target, key, receiver);
    },
  });
  const found: string[] = [];
  problems = found;
  try {
    const config = readConfig(tracked);
    found.push(...unknownSettings(env, known));
    if (found.length > 0) throw new ConfigError(found.join('\n'), found);
    return config;
  } finally {
    problems = undefined;
  }
}

function readConfig(env: NodeJS.ProcessEnv): Config {
  const base = invocationDir(env);
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = env.DATA_DIR
    ? path.resolve(base, env.DATA_DIR)
    : path.join(repoRoot() ?? process.cwd(), 'data');
  let publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!absoluteUrl('PUBLIC_URL', publicUrl, ['http:', 'https:'], 'an absolute http(s) URL')) {
    publicUrl = `http://localhost:${port}`;
  }
  if (env.REDIS_URL) {
    absoluteUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], 'a redis:// or rediss:// URL');
  }
  if (env.DATABASE_URL) {
    absoluteUrl(
      'DATABASE_URL',
      env.DATABASE_URL,
      ['postgres:', 'postgresql:'],
      'a postgres:// or postgresql:// connection URL',
    );
  }
  if (env.OIDC_ISSUER)
    absoluteUrl('OIDC_ISSUER', env.OIDC_ISSUER, ['http:', 'https:'], 'an absolute http(s) URL');
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    report(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  }
  const llm = loadLlmConfig(env);
  const oidc: OidcClientConfig = {
    issuer: env.OIDC_ISSUER || undefined,
    clientId: env.OIDC_CLIENT_ID || undefined,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
  };
  if (oidc.issuer && !oidc.clientId) {
    report('OIDC_ISSUER is set: OIDC_CLIENT_ID (and usually OIDC_CLIENT_SECRET) must be set too');
  }
  let webDist: string | null;
  if (env.WEB_DIST === 'none') webDist = null;
  else if (env.WEB_DIST) webDist = path.resolve(base, env.WEB_DIST);
  else webDist = path.resolve(serverPackageDir(), '..', 'web', 'dist');
  let widgetDist: string | null;
  if (env.WIDGET_DIST === 'none') widgetDist = null;
  else if (env.WIDGET_DIST) widgetDist = path.resolve(base, env.WIDGET_DIST);
  else widgetDist = path.resolve(serverPackageDir(), '..', '..', 'packages', 'widget', 'dist');
  const cookieSameSite = guard(() => parseCookieSameSite(env.COOKIE_SAMESITE, publicUrl), 'lax' as const);
  // On PGlite a second document in flight is parsed in a parse thread while this thread indexes the
  // first.
  const ingestConcurrency = integer(env, 'INGEST_CONCURRENCY', env.DATABASE_URL ? 4 : 2, 1, 64);

  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    oidc,
    defaultRole: env.DEFAULT_ROLE || 'STAFF',
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 120),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 12),
    webDist,
    widgetDist,
    widgetOrigins: guard(() => parseWidgetOrigins(env.WIDGET_ORIGINS), []),
    cookieSameSite,
    tokenDefaultDays: integer(env, 'TOKEN_DEFAULT_DAYS', 90, 1, 365),
    appVersion: env.APP_VERSION || packageVersion(),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    logLevel: LOG_LEVELS.includes(logLevel) ? logLevel : 'info',
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'digital-assistant:',
    signInRateLimit: {
      max: integer(env, 'SIGN_IN_RATE_LIMIT', 30, 0, 1_000_000),
      windowSeconds: integer(env, 'SIGN_IN_RATE_WINDOW_SECONDS', 60, 1, 86_400),
    },
    uploadMaxFileBytes: integer(env, 'UPLOAD_MAX_FILE_MB', 50, 1, 4096) * 1024 * 1024,
    uploadMaxFiles: integer(env, 'UPLOAD_MAX_FILES', 20, 1, 1000),
    attachmentMaxFileBytes: integer(env, 'CHAT_ATTACHMENT_MAX_FILE_MB', 10, 1, 1024) * 1024 * 1024,
    attachmentMaxTotalBytes: integer(env, 'CHAT_ATTACHMENT_MAX_TOTAL_MB', 20, 1, 4096) * 1024 * 1024,
    seedDemoKnowledge: boolean(env, 'SEED_DEMO_KNOWLEDGE', !env.DATABASE_URL),
    ingestLeaseSeconds: integer(env, 'INGEST_LEASE_SECONDS', 30, 1, 3600),
    ingestConcurrency,
    ingestParseThreads: integer(
      env,
      'INGEST_PARSE_THREADS',
      Math.max(1, Math.min(ingestConcurrency, availableParallelism() - 1)),
      1,
      64,
    ),
    ingestParseTimeoutMs: integer(env, 'INGEST_PARSE_TIMEOUT_SECONDS', 120, 1, 86_400) * 1000,
    ingestParseMemoryMb: integer(env, 'INGEST_PARSE_MEMORY_MB', 512, 64, 65_536),
    ingestParseIdleMs: integer(env, 'INGEST_PARSE_IDLE_SECONDS', 30, 1, 86_400) * 1000,
    llm,
    chatRateLimit: {
      max: integer(env, 'CHAT_RATE_LIMIT', 20, 0, 1_000_000),
      windowSeconds: integer(env, 'CHAT_RATE_WINDOW_SECONDS', 60, 1, 86_400),
    },
    review: {
      maxZipBytes: integer(env, 'REVIEW_MAX_ZIP_MB', 50, 1, 4096) * 1024 * 1024,
      maxEntries: integer(env, 'REVIEW_MAX_ENTRIES', 5000, 1, 1_000_000),
      maxUncompressedBytes: integer(env, 'REVIEW_MAX_UNCOMPRESSED_MB', 200, 1, 65_536) * 1024 * 1024,
      maxRatio: integer(env, 'REVIEW_MAX_RATIO', 100, 2, 100_000),
      maxConcurrentPerUser: integer(env, 'REVIEW_MAX_CONCURRENT_PER_USER', 2, 1, 1000),
      concurrency: integer(env, 'REVIEW_CONCURRENCY', 1, 1, 64),
      analyzers: integer(env, 'REVIEW_ANALYZERS', defaultReviewAnalyzers(), 1, 64),
      leaseSeconds: integer(env, 'REVIEW_LEASE_SECONDS', 60, 5, 3600),
      modelMaxFunctions: integer(env, 'REVIEW_MODEL_MAX_FUNCTIONS', 100, 0, 100_000),
      maxFileBytes: integer(env, 'REVIEW_MAX_FILE_KB', 1024, 1, 1_048_576) * 1024,
      analyzerMemoryMb: integer(
        env,
        'REVIEW_ANALYZER_MEMORY_MB',
        DEFAULT_REVIEW_ANALYZER_MEMORY_MB,
        64,
        65_536,
      ),
      analysisTimeoutMs: integer(env, 'REVIEW_ANALYSIS_TIMEOUT_SECONDS', 120, 1, 86_400) * 1000,
    },
    elk: loadElkConfig(env),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_SECONDS', 20, 0, 3600) * 1000,
    metrics: loadMetricsConfig(env, port, env.HOST || '127.0.0.1'),
    ...loadTracingConfig(env),
  };
}

/**
 * `key=value` pairs separated by commas, values percent-decoded (the form of OTEL_EXPORTER_OTLP_HEADERS
 * and OTEL_RESOURCE_ATTRIBUTES); a malformed pair is reported.
 */
function keyValuePairs(name: string, raw: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const part of (raw ?? '').split(',')) {
    if (!part.trim()) continue;
    const equals = part.indexOf('=');
    const key = equals > 0 ? part.slice(0, equals).trim() : '';
    let value: string | undefined;
    try {
      value = equals > 0 ? decodeURIComponent(part.slice(equals + 1).trim()) : undefined;
    } catch {}
    if (!key || value === undefined) {
      report(`${name} must be key=value pairs separated by commas (got "${raw}")`);
      return {};
    }
    pairs[key] = value;
  }
  return pairs;
}

/**
 * The OpenTelemetry variables (standard names, https://opentelemetry.io/docs/specs/otel/configuration/):
 * traces are on when an OTLP endpoint is set, unless OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none.
 * Only OTLP over HTTP is built in (no gRPC, no other exporter): anything else is refused, not ignored.
 */
function loadTracingConfig(env: NodeJS.ProcessEnv): Pick<Config, 'tracing'> {
  const traces = (suffix: string) =>
    env[`OTEL_EXPORTER_OTLP_TRACES_${suffix}`]?.trim() ||
    env[`OTEL_EXPORTER_OTLP_${suffix}`]?.trim() ||
    undefined;
  const nameOf = (suffix: string) =>
    env[`OTEL_EXPORTER_OTLP_TRACES_${suffix}`]?.trim()
      ? `OTEL_EXPORTER_OTLP_TRACES_${suffix}`
      : `OTEL_EXPORTER_OTLP_${suffix}`;
  const isDisabled = boolean(env, 'OTEL_SDK_DISABLED', false);
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() || 'otlp';
  if (exporter !== 'otlp' && exporter !== 'none') {
    report(
      `OTEL_TRACES_EXPORTER must be otlp or none: this server exports traces over OTLP/HTTP only (got "${env.OTEL_TRACES_EXPORTER}")`,
    );
  }
  const protocol = traces('PROTOCOL') ?? 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    report(
      `${nameOf('PROTOCOL')} must be http/protobuf or http/json: this server exports over HTTP only (a collector's port 4318) (got "${protocol}")`,
    );
  }
  const compression = traces('COMPRESSION') ?? 'none';
  if (compression !== 'gzip' && compression !== 'none') {
    report(`${nameOf('COMPRESSION')} must be gzip or none (got "${compression}")`);
  }
  const timeoutName = nameOf('TIMEOUT');
  const timeoutMs = integer(env, timeoutName, 10_000, 1, 600_000);
  const headers = keyValuePairs(nameOf('HEADERS'), traces('HEADERS'));
  const resourceAttributes = keyValuePairs('OTEL_RESOURCE_ATTRIBUTES', env.OTEL_RESOURCE_ATTRIBUTES);
  const samplerName = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || 'parentbased_always_on';
  const sampler = TRACE_SAMPLERS.find((candidate) => candidate === samplerName);
  if (!sampler) {
    report(
      `OTEL_TRACES_SAMPLER must be one of ${TRACE_SAMPLERS.join(', ')} (got "${env.OTEL_TRACES_SAMPLER}")`,
    );
  }
  const ratio = sampler?.endsWith('traceidratio') ? decimal(env, 'OTEL_TRACES_SAMPLER_ARG', 1, 0, 1) : 1;

  const signalEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const baseEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  let url: string | undefined;
  if (signalEndpoint) {
    url = absoluteUrl(
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      signalEndpoint,
      ['http:', 'https:'],
      'an absolute http(s) URL',
    )?.href;
  } else if (baseEndpoint) {
    // The base endpoint gets the signal's path (the specification's rule), the signal's own is used as is.
    const base = absoluteUrl(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      baseEndpoint,
      ['http:', 'https:'],
      'an absolute http(s) URL',
    );
    if (base) url = new URL('v1/traces', base.href.endsWith('/') ? base.href : `${base.href}/`).href;
  }
  if (!url || isDisabled || exporter === 'none') return {};
  return {
    tracing: {
      url,
      protocol: protocol === 'http/json' ? 'http/json' : 'http/protobuf',
      headers,
      timeoutMs,
      compression: compression === 'gzip' ? 'gzip' : 'none',
      serviceName: env.OTEL_SERVICE_NAME?.trim() || resourceAttributes['service.name'] || 'digital-assistant',
      resourceAttributes,
      sampler: { name: sampler ?? 'parentbased_always_on', ratio },
    },
  };
}

/**
 * WIDGET_ORIGINS: comma-separated exact origins, each `scheme://host[:port]` as a browser sends it in
 * the Origin header (http or https; no path, query or user name; a trailing slash is ignored). A malformed entry
 * stops the start-up: a typo must not silently leave a team's page without the widget, nor let
 * a wildcard open the API to every site.
 */
export function parseWidgetOrigins(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  const origins: string[] = [];
  for (const entry of raw.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const problem = widgetOriginProblem(entry);
    if (problem) {
      throw new ConfigError(
        `WIDGET_ORIGINS: "${entry}" is not an origin (${problem}). Write each as scheme://host[:port], e.g. https://team.example.com or http://localhost:3000, separated by commas.`,
      );
    }
    const origin = new URL(entry).origin;
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

function widgetOriginProblem(entry: string): string | undefined {
  if (entry.includes('*')) return 'wildcards are not allowed: list each origin';
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the scheme must be http or https';
  if (url.username || url.password) return 'no user name or password';
  // The origin a browser sends has no path (`https://a.example/` is forgiven: it is the same).
  if (url.pathname !== '/' || url.search || url.hash || entry.includes('?') || entry.includes('#')) {
    return 'no path, query or fragment';
  }
  return undefined;
}

function parseCookieSameSite(raw: string | undefined, publicUrl: string): 'lax' | 'none' {
  const value = raw?.trim().toLowerCase() || 'lax';
  if (value !== 'lax' && value !== 'none') {
    throw new ConfigError(`COOKIE_SAMESITE must be lax or none (got "${raw}")`);
  }
  if (value === 'none' && !publicUrl.startsWith('https:')) {
    throw new ConfigError(
      `COOKIE_SAMESITE=none needs an https PUBLIC_URL (browsers drop SameSite=None cookies that are not Secure); PUBLIC_URL is "${publicUrl}"`,
    );
  }
  return value;
}

const ELK_FIELD_DEFAULTS: ElkFields = {
  timestamp: '@timestamp',
  environment: 'environment',
  tenant: 'tenant',
  cpu: 'system.cpu.pct',
  memory: 'system.memory.pct',
  requests: 'http.requests',
  errors: 'http.errors',
  latency: 'http.latency_ms',
  machineType: 'host.machine_type',
  totalMemory: 'host.memory_gb',
};

function loadElkConfig(env: NodeJS.ProcessEnv): ElkConfig {
  const url = env.ELASTICSEARCH_URL?.trim().replace(/\/+$/, '') || undefined;
  if (url) absoluteUrl('ELASTICSEARCH_URL', url, ['http:', 'https:'], 'an absolute http(s) URL');
  const username = env.ELASTICSEARCH_USERNAME || undefined;
  const password = env.ELASTICSEARCH_PASSWORD || undefined;
  if ((username && !password) || (password && !username)) {
    report('ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD are set together');
  }
  const fields = { ...ELK_FIELD_DEFAULTS };
  for (const key of Object.keys(fields) as Array<keyof ElkFields>) {
    const name = `ELK_FIELD_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
    const value = env[name]?.trim();
    if (value) fields[key] = value;
  }
  return {
    elasticsearchUrl: url,
    apiKey: env.ELASTICSEARCH_API_KEY || undefined,
    username,
    password,
    indexPattern: env.ELK_INDEX_PATTERN?.trim() || 'metrics-*',
    fields,
    timeoutMs: integer(env, 'ELK_TIMEOUT_MS', 10_000, 100, 600_000),
    demoMetrics: boolean(env, 'ELK_DEMO_METRICS', !url),
    demoDays: integer(env, 'ELK_DEMO_DAYS', 30, 1, 400),
  };
}

function loadMetricsConfig(env: NodeJS.ProcessEnv, port: number, host: string): Config['metrics'] {
  const metricsPort = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined;
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    report(`METRICS_PORT must differ from PORT (both are ${port}): the metrics must not be public`);
  }
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < 16) {
    report('METRICS_TOKEN must be at least 16 characters (a secret, e.g. `openssl rand -hex 32`)');
  }
  return {
    ...(metricsPort !== undefined ? { port: metricsPort } : {}),
    host: env.METRICS_HOST?.trim() || host,
    ...(token ? { token } : {}),
  };
}

function loadLlmConfig(env: NodeJS.ProcessEnv): LlmConfig {
  const baseUrl = env.LLM_BASE_URL?.trim().replace(/\/+$/, '') || undefined;
  const model = env.LLM_MODEL?.trim() || undefined;
  const embeddingModel = env.LLM_EMBEDDING_MODEL?.trim() || undefined;
  if (baseUrl) absoluteUrl('LLM_BASE_URL', baseUrl, ['http:', 'https:'], 'an absolute http(s) URL');
  if (baseUrl && !model && !embeddingModel) {
    report('LLM_BASE_URL is set: LLM_MODEL must name the model to use');
  }
  if (embeddingModel && !baseUrl) {
    report('LLM_EMBEDDING_MODEL is set: LLM_BASE_URL must be the address of its OpenAI-compatible API');
  }
  if (model && !baseUrl) {
    report('LLM_MODEL is set: LLM_BASE_URL must be the address of its OpenAI-compatible API');
  }
  return {
    baseUrl,
    apiKey: env.LLM_API_KEY || undefined,
    model,
    timeoutMs: integer(env, 'LLM_TIMEOUT_MS', 30_000, 100, 600_000),
    maxRetries: integer(env, 'LLM_MAX_RETRIES', 2, 0, 10),
    contextTokens: integer(env, 'LLM_CONTEXT_TOKENS', 8000, 500, 2_000_000),
    maxOutputTokens: integer(env, 'LLM_MAX_OUTPUT_TOKENS', 1024, 16, 200_000),
    embeddingModel,
    embeddingMinSimilarity: decimal(env, 'LLM_EMBEDDING_MIN_SIMILARITY', 0.3, -1, 1),
    streamUsage: boolean(env, 'LLM_STREAM_USAGE', true),
  };
}

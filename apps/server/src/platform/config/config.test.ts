// Settings read at start-up (the embeddable widget's, the embedding model's): a wrong value stops
// the start-up with a sentence saying what to write. WIDGET_ORIGINS must list exact origins,
// SameSite=None cookies need https, an embedding model needs its endpoint.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseWidgetOrigins } from './config.js';

const base = { DATA_DIR: '/nonexistent-test-data-dir' };

describe('WIDGET_ORIGINS', () => {
  it('reads comma-separated origins as browsers send them', () => {
    expect(
      parseWidgetOrigins(' https://team.example.com, http://localhost:5501/ ,HTTPS://Docs.Example.com:443,'),
    ).toEqual(['https://team.example.com', 'http://localhost:5501', 'https://docs.example.com']);
    expect(parseWidgetOrigins(undefined)).toEqual([]);
    expect(parseWidgetOrigins('  ')).toEqual([]);
    expect(loadConfig(base).widgetOrigins).toEqual([]);
    expect(loadConfig({ ...base, WIDGET_ORIGINS: 'http://localhost:5501' }).widgetOrigins).toEqual([
      'http://localhost:5501',
    ]);
  });

  it.each([
    ['*', 'wildcards are not allowed: list each origin'],
    ['https://*.example.com', 'wildcards are not allowed: list each origin'],
    ['team.example.com', 'not an absolute URL'],
    ['localhost:3000', 'the scheme must be http or https'],
    ['ftp://files.example.com', 'the scheme must be http or https'],
    ['https://team.example.com/app', 'no path, query or fragment'],
    ['https://team.example.com?x=1', 'no path, query or fragment'],
    ['https://admin:secret@team.example.com', 'no user name or password'],
  ])('refuses %s at start-up, saying why', (entry, why) => {
    const start = () => loadConfig({ ...base, WIDGET_ORIGINS: `https://ok.example.com,${entry}` });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      `WIDGET_ORIGINS: "${entry}" is not an origin (${why}). Write each as scheme://host[:port], e.g. https://team.example.com or http://localhost:3000, separated by commas.`,
    );
  });
});

describe('COOKIE_SAMESITE', () => {
  it('is lax unless set to none, which needs an https PUBLIC_URL', () => {
    expect(loadConfig(base).cookieSameSite).toBe('lax');
    expect(loadConfig({ ...base, COOKIE_SAMESITE: 'Lax' }).cookieSameSite).toBe('lax');
    expect(
      loadConfig({ ...base, COOKIE_SAMESITE: 'none', PUBLIC_URL: 'https://assistant.example.com' })
        .cookieSameSite,
    ).toBe('none');
    expect(() => loadConfig({ ...base, COOKIE_SAMESITE: 'none' })).toThrow(
      'COOKIE_SAMESITE=none needs an https PUBLIC_URL (browsers drop SameSite=None cookies that are not Secure); PUBLIC_URL is "http://localhost:8080"',
    );
    expect(() => loadConfig({ ...base, COOKIE_SAMESITE: 'strict' })).toThrow(
      'COOKIE_SAMESITE must be lax or none (got "strict")',
    );
  });
});

describe('WIDGET_DIST', () => {
  it('defaults to the widget package build and can be turned off', () => {
    expect(loadConfig(base).widgetDist).toMatch(/packages[/\\]widget[/\\]dist$/);
    expect(loadConfig({ ...base, WIDGET_DIST: 'none' }).widgetDist).toBeNull();
    expect(loadConfig({ ...base, WIDGET_DIST: '/srv/widget' }).widgetDist).toBe('/srv/widget');
  });
});

describe('LLM_EMBEDDING_MODEL', () => {
  it('names an embedding model on LLM_BASE_URL, with or without a chat model', () => {
    const onlyEmbeddings = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:4010/v1/',
      LLM_EMBEDDING_MODEL: 'e5',
    });
    expect(onlyEmbeddings.llm).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010/v1',
      embeddingModel: 'e5',
      embeddingMinSimilarity: 0.3,
    });
    expect(onlyEmbeddings.llm.model).toBeUndefined();
    expect(
      loadConfig({
        LLM_BASE_URL: 'http://127.0.0.1:4010/v1',
        LLM_MODEL: 'standin',
        LLM_EMBEDDING_MODEL: 'e5',
        LLM_EMBEDDING_MIN_SIMILARITY: '0.05',
      }).llm,
    ).toMatchObject({ model: 'standin', embeddingModel: 'e5', embeddingMinSimilarity: 0.05 });
  });

  it('refuses an embedding model without its endpoint, and a similarity that is not a number in [-1, 1]', () => {
    expect(() => loadConfig({ LLM_EMBEDDING_MODEL: 'e5' })).toThrow(
      'LLM_EMBEDDING_MODEL is set: LLM_BASE_URL must be the address of its OpenAI-compatible API',
    );
    for (const value of ['high', '2', ' ']) {
      expect(() =>
        loadConfig({
          LLM_BASE_URL: 'http://127.0.0.1:4010/v1',
          LLM_EMBEDDING_MODEL: 'e5',
          LLM_EMBEDDING_MIN_SIMILARITY: value,
        }),
      ).toThrow(`LLM_EMBEDDING_MIN_SIMILARITY must be a number between -1 and 1 (got "${value}")`);
    }
  });
});

describe('REVIEW_ANALYZERS', () => {
  it('two analysis threads unless set (one on a one-core machine); a clear error when not a count', () => {
    expect(loadConfig(base).review.analyzers).toBe(Math.min(2, availableParallelism()));
    expect(loadConfig({ ...base, REVIEW_ANALYZERS: '1' }).review.analyzers).toBe(1);
    expect(loadConfig({ ...base, REVIEW_ANALYZERS: '2' }).review.analyzers).toBe(2);
    expect(() => loadConfig({ ...base, REVIEW_ANALYZERS: '0' })).toThrow(/REVIEW_ANALYZERS/);
  });
});

describe('INGEST_CONCURRENCY and INGEST_PARSE_THREADS', () => {
  it('ingest 4 documents at once on PostgreSQL, 2 on PGlite (parsed in a thread while the other is indexed)', () => {
    const cores = availableParallelism();
    expect(loadConfig(base)).toMatchObject({
      ingestConcurrency: 2,
      ingestParseThreads: Math.max(1, Math.min(2, cores - 1)),
    });
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db.example.com/app' })).toMatchObject({
      ingestConcurrency: 4,
      ingestParseThreads: Math.max(1, Math.min(4, cores - 1)),
    });
  });

  it('parse in at least one thread, never more than the documents ingested at once', () => {
    expect(loadConfig({ ...base, INGEST_CONCURRENCY: '1' })).toMatchObject({
      ingestConcurrency: 1,
      ingestParseThreads: 1,
    });
    expect(loadConfig({ ...base, INGEST_PARSE_THREADS: '3', INGEST_CONCURRENCY: '6' })).toMatchObject({
      ingestConcurrency: 6,
      ingestParseThreads: 3,
    });
    expect(() => loadConfig({ ...base, INGEST_PARSE_THREADS: '0' })).toThrow(
      'INGEST_PARSE_THREADS must be an integer between 1 and 64 (got "0")',
    );
    expect(() => loadConfig({ ...base, INGEST_PARSE_THREADS: '-1' })).toThrow(ConfigError);
  });

  it('end a parse after 120 seconds or 512 MB, and an idle thread after 30 seconds, unless set', () => {
    expect(loadConfig(base)).toMatchObject({
      ingestParseTimeoutMs: 120_000,
      ingestParseMemoryMb: 512,
      ingestParseIdleMs: 30_000,
    });
    expect(
      loadConfig({
        ...base,
        INGEST_PARSE_TIMEOUT_SECONDS: '300',
        INGEST_PARSE_MEMORY_MB: '2048',
        INGEST_PARSE_IDLE_SECONDS: '5',
      }),
    ).toMatchObject({ ingestParseTimeoutMs: 300_000, ingestParseMemoryMb: 2048, ingestParseIdleMs: 5000 });
    expect(() => loadConfig({ ...base, INGEST_PARSE_MEMORY_MB: '16' })).toThrow(/INGEST_PARSE_MEMORY_MB/);
    expect(() => loadConfig({ ...base, INGEST_PARSE_TIMEOUT_SECONDS: '0' })).toThrow(
      /INGEST_PARSE_TIMEOUT_SECONDS/,
    );
  });
});

describe('OpenTelemetry (OTEL_*)', () => {
  it('traces only with an OTLP endpoint, which gets the traces path; the signal endpoint is used as is', () => {
    expect(loadConfig(base).tracing).toBeUndefined();
    // Other OTEL_ variables (for the SDKs of other programs, or ones this server does not read) are accepted.
    expect(
      loadConfig({ ...base, OTEL_LOGS_EXPORTER: 'none', OTEL_BSP_SCHEDULE_DELAY: '500' }).tracing,
    ).toBeUndefined();
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      url: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      headers: {},
      timeoutMs: 10_000,
      compression: 'none',
      serviceName: 'digital-assistant',
      resourceAttributes: {},
      sampler: { name: 'parentbased_always_on', ratio: 1 },
    });
    const configured = loadConfig({
      ...base,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/base/',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/in',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_HEADERS: 'api-key=a%20b,tenant=acme',
      OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '2500',
      OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
      OTEL_SERVICE_NAME: 'assistant-eu',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=prod,service.name=ignored',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).tracing;
    expect(configured).toEqual({
      url: 'https://traces.example.com/in',
      protocol: 'http/json',
      headers: { 'api-key': 'a b', tenant: 'acme' },
      timeoutMs: 2500,
      compression: 'gzip',
      serviceName: 'assistant-eu',
      resourceAttributes: { 'deployment.environment.name': 'prod', 'service.name': 'ignored' },
      sampler: { name: 'parentbased_traceidratio', ratio: 0.25 },
    });
    expect(
      loadConfig({
        ...base,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
        OTEL_SDK_DISABLED: 'true',
      }).tracing,
    ).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
        OTEL_TRACES_EXPORTER: 'none',
      }).tracing,
    ).toBeUndefined();
  });

  it('refuses what it cannot do, one line each: gRPC, another exporter, a malformed URL, sampler or header', () => {
    let problems: readonly string[] = [];
    try {
      loadConfig({
        ...base,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_TRACES_EXPORTER: 'zipkin',
        OTEL_TRACES_SAMPLER: 'jaeger_remote',
        OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign',
        OTEL_EXPORTER_OTLP_TIMEOUT: 'soon',
      });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      'OTEL_TRACES_EXPORTER must be otlp or none: this server exports traces over OTLP/HTTP only (got "zipkin")',
      'OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json: this server exports over HTTP only (a collector\'s port 4318) (got "grpc")',
      'OTEL_EXPORTER_OTLP_TIMEOUT must be an integer between 1 and 600000 (got "soon")',
      'OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs separated by commas (got "no-equals-sign")',
      'OTEL_TRACES_SAMPLER must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio (got "jaeger_remote")',
      'OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute http(s) URL (got "collector:4317")',
    ]);
    expect(() =>
      loadConfig({
        ...base,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_TRACES_SAMPLER: 'traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '2',
      }),
    ).toThrow('OTEL_TRACES_SAMPLER_ARG must be a number between 0 and 1 (got "2")');
  });
});

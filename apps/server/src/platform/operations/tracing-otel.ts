// The OpenTelemetry side of tracing.ts, loaded only when tracing is on. The official JavaScript SDK
// (@opentelemetry/sdk-trace), its OTLP/HTTP exporters (protobuf or JSON) and the AsyncLocalStorage
// context manager, used through instances rather than the API's globals: nothing else in the process
// (the AI SDK, a library's own instrumentation) starts reporting into these traces, and stopping
// leaves no global behind. Spans are made by hand where the server does the work (HTTP, statements,
// model calls, jobs) rather than by patching modules: the server is bundled, and PGlite runs its
// statements in WASM where no driver instrumentation reaches.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { CompressionAlgorithm } from '@opentelemetry/otlp-exporter-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { TracingConfig } from '../config/config.js';
import type { SpanKind as OurSpanKind, SpanAttributes, SpanOptions, Tracer, TraceSpan } from './tracing.js';

const KINDS: Record<OurSpanKind, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  internal: SpanKind.INTERNAL,
  consumer: SpanKind.CONSUMER,
};

function samplerOf({ name, ratio }: TracingConfig['sampler']): Sampler {
  const root = name.endsWith('traceidratio')
    ? new TraceIdRatioBasedSampler(ratio)
    : name.endsWith('always_off')
      ? new AlwaysOffSampler()
      : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

function defined(attributes: SpanAttributes): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) kept[key] = value;
  return kept;
}

export function createOtelTracer(config: TracingConfig, version: string): Tracer {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  const propagator = new W3CTraceContextPropagator();
  const exporterConfig = {
    url: config.url,
    headers: config.headers,
    timeoutMillis: config.timeoutMs,
    compression: config.compression === 'gzip' ? CompressionAlgorithm.GZIP : CompressionAlgorithm.NONE,
  };
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      ...config.resourceAttributes,
      'service.name': config.serviceName,
      'service.version': version,
    }),
    sampler: samplerOf(config.sampler),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter:
          config.protocol === 'http/json'
            ? new JsonExporter(exporterConfig)
            : new ProtobufExporter(exporterConfig),
      }),
    ],
  });
  const otel = provider.getTracer('@digital-assistant/server', version);

  const wrap = (span: Span): TraceSpan => ({
    setAttributes(attributes) {
      span.setAttributes(defined(attributes));
    },
    updateName(name) {
      span.updateName(name);
    },
    fail(error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
    },
    end() {
      span.end();
    },
    activate(work) {
      return contextManager.with(trace.setSpan(contextManager.active(), span), work);
    },
  });

  const start = (name: string, options: SpanOptions, parent: Context) =>
    otel.startSpan(
      name,
      { kind: KINDS[options.kind ?? 'internal'], attributes: defined(options.attributes ?? {}) },
      parent,
    );

  return {
    startSpan(name, options = {}) {
      const continued =
        options.parent === undefined
          ? undefined
          : propagator.extract(ROOT_CONTEXT, { traceparent: options.parent }, defaultTextMapGetter);
      const parent =
        continued && trace.getSpan(continued)
          ? continued
          : options.isRoot
            ? ROOT_CONTEXT
            : contextManager.active();
      if (options.needsParent && !trace.getSpan(parent)) return undefined;
      return wrap(start(name, options, parent));
    },
    activeSpan() {
      const span = trace.getSpan(contextManager.active());
      return span ? wrap(span) : undefined;
    },
    inject(headers) {
      propagator.inject(contextManager.active(), headers, defaultTextMapSetter);
    },
    traceContext() {
      const carrier: Record<string, string> = {};
      propagator.inject(contextManager.active(), carrier, defaultTextMapSetter);
      return carrier.traceparent;
    },
    serve(request: IncomingMessage, response: ServerResponse, answer: () => void) {
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      const path = (request.url ?? '/').split('?')[0]!;
      // Named by its route once routed (onRequest); by its method alone until then, as the
      // semantic conventions ask (a path would make one name per id).
      const span = start(
        request.method ?? 'HTTP',
        {
          kind: 'server',
          attributes: {
            'http.request.method': request.method,
            'url.path': path,
            'url.scheme': 'http',
            'network.protocol.version': request.httpVersion,
            'user_agent.original': request.headers['user-agent'],
          },
        },
        parent,
      );
      response.once('close', () => {
        const status = response.statusCode;
        span.setAttribute('http.response.status_code', status);
        if (!response.writableFinished) span.setAttribute('da.response.cut', true);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      contextManager.with(trace.setSpan(parent, span), answer);
    },
    async shutdown() {
      try {
        await provider.shutdown();
      } finally {
        contextManager.disable();
      }
    },
  };
}

// Traces (OpenTelemetry), on only when an OTLP endpoint is configured (Config.tracing, from the
// standard OTEL_* variables). The server's code speaks to this small interface, never to OpenTelemetry
// itself: when tracing is off, `tracer()` is undefined, every call site skips its span, and not one
// OpenTelemetry module is loaded (tracing-otel.ts, imported on demand, holds the SDK). Spans: one per
// HTTP request (continuing the caller's W3C `traceparent`), per database statement and transaction
// inside a request or job, per model call (ended when its stream ends) and per job attempt.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TracingConfig } from '../config/config.js';

export type SpanKind = 'server' | 'client' | 'internal' | 'consumer';
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: SpanAttributes;
  /** Starts a new trace whatever span is active (a job attempt is not part of what polled for it). */
  isRoot?: boolean;
  /** No span at all outside a trace (a database statement with no request or job around it). */
  needsParent?: boolean;
  /**
   * Continues this W3C trace context (`traceparent`, as `traceContext()` gave it) rather than the
   * active span: a job attempt is a child of the request that queued it. An unreadable one is ignored.
   */
  parent?: string;
}

export interface TraceSpan {
  setAttributes(attributes: SpanAttributes): void;
  updateName(name: string): void;
  /** Marks the span failed by `error` (status ERROR and the exception as an event). */
  fail(error: unknown): void;
  end(): void;
  /** Runs `work` with this span active: spans started meanwhile (and in what it awaits) are its children. */
  activate<T>(work: () => T): T;
}

export interface Tracer {
  /** A span, child of the active one unless `isRoot`; undefined when `needsParent` and none is active. */
  startSpan(name: string, options?: SpanOptions): TraceSpan | undefined;
  /** The span active here, if any. */
  activeSpan(): TraceSpan | undefined;
  /** Adds the active span's W3C trace context (`traceparent`) to outgoing request headers. */
  inject(headers: Record<string, string>): void;
  /** The active span's W3C `traceparent`, to continue later (a job queued now); undefined outside a trace. */
  traceContext(): string | undefined;
  /**
   * Answers one HTTP request inside a server span that continues the request's `traceparent` and
   * ends when the response closes (a streamed answer: after its last event).
   */
  serve(request: IncomingMessage, response: ServerResponse, answer: () => void): void;
  /** Exports what is left and stops. */
  shutdown(): Promise<void>;
}

let current: Tracer | undefined;

/** The tracer while tracing is on, else undefined. */
export function tracer(): Tracer | undefined {
  return current;
}

/**
 * Runs `work` in a span that ends when it settles (failed when it throws); without tracing, `work`
 * alone with no span.
 */
export function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: TraceSpan | undefined) => Promise<T>,
): Promise<T> {
  const span = current?.startSpan(name, options);
  if (!span) return work(undefined);
  return span.activate(async () => {
    try {
      return await work(span);
    } catch (error) {
      span.fail(error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Turns tracing on for this process (the SDK loaded now, not before); `stop` flushes and turns it
 * off. One at a time: a second start while on is refused.
 */
export async function startTracing(
  config: TracingConfig,
  version: string,
): Promise<{ stop(): Promise<void> }> {
  if (current) throw new Error('Tracing is already on in this process');
  const { createOtelTracer } = await import('./tracing-otel.js');
  const started = createOtelTracer(config, version);
  current = started;
  return {
    async stop() {
      if (current === started) current = undefined;
      await started.shutdown();
    },
  };
}

// The server's life as operations see it: ready, then draining (SIGTERM: readiness answers 503,
// answers in flight may finish within a grace period, running jobs are handed back to another
// instance), then closed. The streams registry lets a graceful shutdown end the answers still
// streaming at the end of the grace period, cleanly (an SSE `error` event, the partial answer kept).
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The abort reason of an answer ended by a shutdown: its text so far is kept and the client told. */
export class ServerStoppingError extends Error {
  constructor() {
    super('The server is restarting: ask again in a moment (your question and what was answered are kept).');
    this.name = 'ServerStoppingError';
  }
}

export class Lifecycle {
  /** Set when a graceful shutdown begins: readiness fails so load balancers send no more. */
  isDraining = false;
  private readonly streams = new Set<AbortController>();
  private readonly onStreamCount: Array<(count: number) => void> = [];
  private readonly idle: Array<() => void> = [];
  private readonly shutdownHooks: Array<() => Promise<unknown>> = [];

  /** Work started as soon as a shutdown begins, beside the answers' grace period (jobs handed back). */
  onShutdown(hook: () => Promise<unknown>): void {
    this.shutdownHooks.push(hook);
  }

  /** Starts the shutdown hooks; resolves when they all settled. */
  runShutdownHooks(): Promise<unknown> {
    return Promise.allSettled(this.shutdownHooks.map((hook) => hook()));
  }

  /** Open answer streams (server-sent events) on this instance. */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Told the number of open streams whenever it changes (metrics). */
  onOpenStreams(listener: (count: number) => void): void {
    this.onStreamCount.push(listener);
  }

  /**
   * An answer stream opened: `controller` is aborted with a ServerStoppingError when the grace
   * period of a shutdown ends before the answer does. Returns the function to call when it ends.
   */
  trackStream(controller: AbortController): () => void {
    this.streams.add(controller);
    this.notify();
    let isEnded = false;
    return () => {
      if (isEnded) return;
      isEnded = true;
      this.streams.delete(controller);
      this.notify();
    };
  }

  /**
   * Waits for the open answers to end, up to `graceMs`; then aborts those left with a
   * ServerStoppingError and waits (up to `settleMs`) for them to keep their text and end. Answers
   * how many were ended.
   */
  async drainStreams(graceMs: number, settleMs = 5000): Promise<number> {
    await this.whenIdle(graceMs);
    const left = [...this.streams];
    for (const controller of left) controller.abort(new ServerStoppingError());
    await this.whenIdle(settleMs);
    return left.length;
  }

  private async whenIdle(timeoutMs: number): Promise<void> {
    if (this.streams.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.idle.push(resolve)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  private notify(): void {
    for (const listener of this.onStreamCount) listener(this.streams.size);
    if (this.streams.size === 0) for (const resolve of this.idle.splice(0)) resolve();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's lifecycle (registerLifecycle); absent on a bare Fastify instance. */
    lifecycle?: Lifecycle;
  }
}

/**
 * Gives `app` (and the plugins registered after this) its lifecycle. While draining, answers carry
 * `Connection: close`, so a kept-alive connection ends with the answer in flight on it.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.isDraining) reply.header('connection', 'close');
    return payload;
  });
  return lifecycle;
}

/** The lifecycle of the server answering `request`, when it has one (a handler that streams). */
export function requestLifecycle(request: FastifyRequest): Lifecycle | undefined {
  return request.server.lifecycle;
}

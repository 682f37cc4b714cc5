// Graceful shutdown (SIGTERM): readiness fails at once so load balancers stop sending; running jobs
// are handed back at once (queued again, their lease released) so another instance takes them at
// its next poll; no new connections are accepted; answers in flight may finish within the grace
// period, after which those left end with an SSE `error` event (`server_unavailable`), their text
// so far kept; other requests get what is left of the grace period; then the modules stop and the
// database closes.
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long answers and requests in flight may take to finish (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Shuts `app` (built by buildApp and listening) down gracefully; resolves once it is closed. */
export async function shutDownGracefully(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  const lifecycle = app.lifecycle;
  if (!lifecycle || lifecycle.isDraining) return;
  const startedAt = Date.now();
  lifecycle.isDraining = true;
  app.log.info(
    { graceMs: options.graceMs, openAnswers: lifecycle.openStreams },
    'shutting down: jobs handed back, answers in flight given the grace period',
  );
  const handingBack = lifecycle.runShutdownHooks();
  // No new connections; kept-alive idle ones close now, busy ones after their answer (Connection: close).
  const isServerClosed = new Promise<void>((resolve) => {
    if (!app.server.listening) resolve();
    else app.server.close(() => resolve());
  });
  app.server.closeIdleConnections();
  const ended = await lifecycle.drainStreams(options.graceMs);
  if (ended > 0)
    app.log.warn({ answers: ended }, 'answers still running at the end of the grace period were ended');
  await Promise.race([isServerClosed, delay(options.graceMs - (Date.now() - startedAt))]);
  app.server.closeAllConnections();
  await handingBack;
  await app.close();
}

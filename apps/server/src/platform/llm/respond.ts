// One way to answer every chat call, as JSON or as server-sent events (the streaming extension,
// chosen by `Accept: text/event-stream`). An answer is a run: optional sources, then the text piece
// by piece, then `finish` (keep it, build the JSON answer), or `stop` when the client went away
// (keep what was said), or `fail` (undo what the question started) on an error.
//
// Streaming: nothing is sent until the first piece of text is there (or the answer ended), so an
// error found before that (the model refusing the request, the model silent too long, an empty
// answer) is still a plain JSON error with its status. Then `sources` (when the run has them),
// each piece as a `delta`, and one `done` with the JSON answer, or one `error` with the error body.
// Closing the connection aborts the model request through the AbortSignal the run's pieces got.
//
// While it runs, an answer is checked every second: the caller is authorized again (a user deleted,
// deactivated or signed out mid-answer ends it at once with the refusal a new request would get,
// the model request aborted), and the text so far is handed to `progress` (kept, so a server that
// dies mid-answer loses at most the last second of it).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../generated/contract.js';
import { type ErrorBody, HttpError } from '../http/errors.js';
import { requestLifecycle, ServerStoppingError } from '../operations/lifecycle.js';
import { AbortError, modelError, modelUsageSink } from './chat-model.js';

type ChatStreamEvent = components['schemas']['ChatStreamEvent'];
type KnowledgeSource = components['schemas']['KnowledgeSource'];

export interface AnswerRun<Answer> {
  /** Knowledge sources, sent before any text. */
  sources?: Record<string, KnowledgeSource>;
  /** The answer's text, piece by piece; stops (AbortError) when `signal` aborts. */
  pieces(signal: AbortSignal): AsyncIterable<string>;
  /**
   * The first piece of text (`text`) is there (and, streaming, already on its way to the client):
   * the moment for work that must not delay the first word, such as writing the question.
   */
  started?(text: string): void;
  /** After `started`, every second the text grew: the text so far, to keep until the answer ends. */
  progress?(text: string): Promise<void>;
  /** The whole text arrived: keep it and answer the JSON body (also the `done` event's data). */
  finish(text: string): Promise<Answer>;
  /** The client went away, or may no longer ask, after `text` (maybe empty) was said. */
  stop(text: string): Promise<void>;
  /** The answer failed: undo what the question started. */
  fail(): Promise<void>;
}

/** Whether the client asked for the streaming extension. */
export function wantsEventStream(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept);
}

const emptyAnswer = () => modelError('The language model gave an empty answer. Try asking again.');

function errorBodyOf(error: unknown): ErrorBody {
  if (error instanceof HttpError) return error.toBody();
  return { error: 'Something went wrong on the server.', code: 'internal' };
}

/** Aborts when the client closes the connection before the answer was sent. */
function clientAbort(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}

/** How often a running answer authorizes its caller again and keeps its text so far. */
const CHECK_EVERY_MS = 1000;

/**
 * The checks of a running answer (see the module header): `refusal` is set and the answer aborted
 * when the caller may no longer ask; `end()` stops the checks and waits for one under way.
 */
class AnswerWatch<Answer> {
  refusal: HttpError | undefined;
  private timer: NodeJS.Timeout | undefined;
  private check: Promise<void> = Promise.resolve();
  private kept = '';
  private isEnded = false;

  constructor(
    private readonly request: FastifyRequest,
    private readonly run: AnswerRun<Answer>,
    private readonly controller: AbortController,
    private readonly textSoFar: () => string | undefined,
  ) {
    this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.check = this.tick().finally(() => {
        if (!this.isEnded) this.schedule();
      });
    }, CHECK_EVERY_MS);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      if (await this.isRefused()) {
        this.controller.abort();
        return;
      }
    } catch (error) {
      // The database failing is no reason to end an answer; the next check asks again.
      this.request.log.warn({ err: error }, 'could not check the caller of a chat answer again');
    }
    const text = this.textSoFar();
    if (!this.run.progress || text === undefined || text === this.kept || this.isEnded) return;
    try {
      await this.run.progress(text);
      this.kept = text;
    } catch (error) {
      this.request.log.warn({ err: error }, 'could not keep a chat answer so far');
    }
  }

  /** Whether the caller may no longer ask (then `refusal` says why). */
  async isRefused(): Promise<boolean> {
    if (this.refusal) return true;
    try {
      await this.request.reauthorize();
      return false;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      this.refusal = error;
      return true;
    }
  }

  /**
   * What to tell the client of `error`: the refusal when the caller may no longer ask (a failure
   * may come from that: a write for a user deleted meanwhile breaks a foreign key), else `error`.
   */
  async explain(error: unknown): Promise<unknown> {
    if (this.refusal) return this.refusal;
    if (error instanceof AbortError) return error;
    const isRefused = await this.isRefused().catch(() => false);
    return isRefused ? this.refusal : error;
  }

  async end(): Promise<void> {
    this.isEnded = true;
    clearTimeout(this.timer);
    await this.check;
  }
}

/** Whether a graceful shutdown ended this answer (its grace period ran out first). */
function isServerStopping(controller: AbortController): boolean {
  return controller.signal.reason instanceof ServerStoppingError;
}

function serverStopping(): HttpError {
  return new HttpError(503, 'server_unavailable', new ServerStoppingError().message);
}

interface Tracking {
  untrack: () => void;
  isStreaming: boolean;
}

/**
 * Runs `work` with the tokens of the model calls it makes counted under the request's chat operation
 * (da_chat_model_tokens_total): what respond() does for the answer it runs, for model calls a
 * handler makes before it answers (ELK's reading of the question).
 */
export function countModelTokens<T>(request: FastifyRequest, work: () => T): T {
  return modelUsageSink.run((usage) => request.server.metrics?.modelTokensUsed(request, usage), work);
}

export async function respond<Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: AnswerRun<Answer>,
): Promise<Answer | FastifyReply> {
  const controller = clientAbort(reply);
  // A graceful shutdown lets answers in flight finish, then ends those left (lifecycle.ts): a
  // stream with an `error` event, what was said kept as a Stop keeps it.
  const tracking: Tracking = {
    untrack: requestLifecycle(request)?.trackStream(controller) ?? (() => {}),
    isStreaming: false,
  };
  try {
    // The tokens of the model calls this answer makes (its conversation's name included) count
    // under this chat operation.
    return await countModelTokens(request, () => answer(request, reply, run, controller, tracking));
  } finally {
    if (!tracking.isStreaming) tracking.untrack();
  }
}

async function answer<Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: AnswerRun<Answer>,
  controller: AbortController,
  tracking: Tracking,
): Promise<Answer | FastifyReply> {
  const askedAt = performance.now();
  const iterator = run.pieces(controller.signal)[Symbol.asyncIterator]();
  let text = '';
  let isStarted = false;
  const watch = new AnswerWatch(request, run, controller, () => (isStarted ? text : undefined));
  const start = () => {
    isStarted = true;
    request.server.metrics?.firstTokenAfter(request, (performance.now() - askedAt) / 1000);
    run.started?.(text);
  };

  if (!wantsEventStream(request)) {
    try {
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
        text += step.value;
        if (!isStarted && text) start();
      }
      if (!text.trim()) throw emptyAnswer();
      await watch.end();
      return await run.finish(text);
    } catch (caught) {
      await watch.end();
      const isStopping = isServerStopping(controller);
      const error = isStopping ? new AbortError() : await watch.explain(caught);
      await settleFailure(run, error, text, request, watch.refusal);
      if (isStopping) throw serverStopping();
      if (error instanceof AbortError) return stopped(reply);
      throw error;
    }
  }

  // The first piece of text decides between a JSON error and a stream.
  let first: IteratorResult<string>;
  try {
    do first = await iterator.next();
    while (!first.done && !first.value);
    if (first.done) throw emptyAnswer();
  } catch (caught) {
    await watch.end();
    const isStopping = isServerStopping(controller);
    const error = isStopping ? new AbortError() : await watch.explain(caught);
    await settleFailure(run, error, '', request, watch.refusal);
    if (isStopping) throw serverStopping();
    if (error instanceof AbortError) return stopped(reply);
    throw error;
  }

  // Written straight to the socket (not through a stream Fastify pipes on a later tick): each event
  // leaves at once, even when what follows keeps the thread busy (PGlite runs queries on it).
  reply.hijack();
  tracking.isStreaming = true;
  request.server.metrics?.streamOpened();
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  const send = (event: ChatStreamEvent) => {
    if (!raw.writableEnded && !raw.destroyed)
      raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  if (run.sources) send({ type: 'sources', sources: run.sources });
  text = first.value;
  send({ type: 'delta', text: first.value });
  // Node sends what a response writes on the next tick (it corks the socket until then), and a tick
  // waits for every queued promise: the rest of an instant answer, or a PGlite query, which runs on
  // this thread. Yielding to the event loop once lets the first word leave now (-2 to -4 ms to the
  // first token on PGlite, bench/README.md).
  await new Promise((resolve) => setImmediate(resolve));
  start();

  void (async () => {
    try {
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
        if (!step.value) continue;
        text += step.value;
        send({ type: 'delta', text: step.value });
      }
      if (!text.trim()) throw emptyAnswer();
      await watch.end();
      const answer = await run.finish(text);
      send({ type: 'done', data: answer as Extract<ChatStreamEvent, { type: 'done' }>['data'] });
    } catch (caught) {
      await watch.end();
      const isStopping = isServerStopping(controller);
      const error = isStopping ? new AbortError() : await watch.explain(caught);
      await settleFailure(run, error, text, request, watch.refusal);
      if (isStopping) send({ type: 'error', error: serverStopping().toBody() });
      else if (!(error instanceof AbortError)) send({ type: 'error', error: errorBodyOf(error) });
    } finally {
      if (!raw.writableEnded) raw.end();
      tracking.untrack();
      request.server.metrics?.streamClosed();
    }
  })();
  return reply;
}

/** The client went away: nobody reads this answer, which only closes the request. */
function stopped(reply: FastifyReply): FastifyReply {
  return reply.code(499).send({ error: 'The request was stopped.', code: 'request_failed' });
}

/**
 * After an error: keep the partial answer of a stopped request, or of a caller no longer allowed to
 * ask (`refusal`), else undo; log what is unexpected.
 */
async function settleFailure<Answer>(
  run: AnswerRun<Answer>,
  error: unknown,
  text: string,
  request: FastifyRequest,
  refusal: HttpError | undefined,
): Promise<void> {
  try {
    if (error instanceof AbortError || refusal) await run.stop(text);
    else await run.fail();
  } catch (cleanup) {
    // A deleted user's conversations went with them: nothing is left to keep.
    if (refusal) request.log.debug({ err: cleanup }, 'kept nothing of an answer to a refused caller');
    else request.log.error({ err: cleanup }, 'could not settle a chat answer after an error');
  }
  if (!(error instanceof HttpError) && !(error instanceof AbortError)) {
    request.log.error({ err: error }, 'chat answer failed');
  }
  if (error instanceof HttpError && error.code.startsWith('model_')) {
    request.server.metrics?.modelError(request, error.code);
  }
}

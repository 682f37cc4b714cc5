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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../generated/contract.js';
import { type ErrorBody, HttpError } from '../../platform/http/errors.js';
import { AbortError, modelError } from './llm.js';

type ChatStreamEvent = components['schemas']['ChatStreamEvent'];
type KnowledgeSource = components['schemas']['KnowledgeSource'];

export interface AnswerRun<Answer> {
  /** Knowledge sources, sent before any text. */
  sources?: Record<string, KnowledgeSource>;
  /** The answer's text, piece by piece; stops (AbortError) when `signal` aborts. */
  pieces(signal: AbortSignal): AsyncIterable<string>;
  /**
   * The first piece of text is there (and, streaming, already on its way to the client): the moment
   * for work that must not delay the first word, such as writing the question.
   */
  started?(): void;
  /** The whole text arrived: keep it and answer the JSON body (also the `done` event's data). */
  finish(text: string): Promise<Answer>;
  /** The client went away after `text` (maybe empty) was said. */
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

export async function respond<Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: AnswerRun<Answer>,
): Promise<Answer | FastifyReply> {
  const controller = clientAbort(reply);
  const iterator = run.pieces(controller.signal)[Symbol.asyncIterator]();
  let text = '';

  if (!wantsEventStream(request)) {
    try {
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
        if (!text && step.value) run.started?.();
        text += step.value;
      }
      if (!text.trim()) throw emptyAnswer();
    } catch (error) {
      await settleFailure(run, error, text, request);
      if (error instanceof AbortError) return stopped(reply);
      throw error;
    }
    return run.finish(text);
  }

  // The first piece of text decides between a JSON error and a stream.
  let first: IteratorResult<string>;
  try {
    do first = await iterator.next();
    while (!first.done && !first.value);
    if (first.done) throw emptyAnswer();
  } catch (error) {
    await settleFailure(run, error, '', request);
    if (error instanceof AbortError) return stopped(reply);
    throw error;
  }

  // Written straight to the socket (not through a stream Fastify pipes on a later tick): each event
  // leaves at once, even when what follows keeps the thread busy (PGlite runs queries on it).
  reply.hijack();
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
  run.started?.();

  void (async () => {
    try {
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
        if (!step.value) continue;
        text += step.value;
        send({ type: 'delta', text: step.value });
      }
      if (!text.trim()) throw emptyAnswer();
      const answer = await run.finish(text);
      send({ type: 'done', data: answer as Extract<ChatStreamEvent, { type: 'done' }>['data'] });
    } catch (error) {
      await settleFailure(run, error, text, request);
      if (!(error instanceof AbortError)) send({ type: 'error', error: errorBodyOf(error) });
    } finally {
      if (!raw.writableEnded) raw.end();
    }
  })();
  return reply;
}

/** The client went away: nobody reads this answer, which only closes the request. */
function stopped(reply: FastifyReply): FastifyReply {
  return reply.code(499).send({ error: 'The request was stopped.', code: 'request_failed' });
}

/** After an error: keep the partial answer of a stopped request, else undo; log what is unexpected. */
async function settleFailure<Answer>(
  run: AnswerRun<Answer>,
  error: unknown,
  text: string,
  request: FastifyRequest,
): Promise<void> {
  try {
    if (error instanceof AbortError) await run.stop(text);
    else await run.fail();
  } catch (cleanup) {
    request.log.error({ err: cleanup }, 'could not settle a chat answer after an error');
  }
  if (!(error instanceof HttpError) && !(error instanceof AbortError)) {
    request.log.error({ err: error }, 'chat answer failed');
  }
}

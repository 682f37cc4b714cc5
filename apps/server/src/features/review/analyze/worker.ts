// The analyzer process (see analyzer.ts): the review of the zip's files away from the server's event
// loop, since ruff and tree-sitter are synchronous WebAssembly and a large file would otherwise hold
// it for seconds. With one analysis thread (the process's first argument, REVIEW_ANALYZERS) the files
// are reviewed on the process's own thread; with more, that thread only hands each batch to the
// analysis thread with the fewest in hand and passes the answers back. The threads share the
// process's compiled WebAssembly (V8 keeps one copy of a module's code per process), so a second
// thread costs its linear memories and heap, not a second copy of ruff's code. A large file alone in
// its batch, arriving while the threads are idle, is reviewed by two of them at once (ALONGSIDE_BYTES).
// The process exits when the server that started it goes away, or when an analysis thread dies (the
// server fails the batches it had and starts a new process for the next one).
import { isMainThread, MessageChannel, type MessagePort, parentPort, Worker } from 'node:worker_threads';
import { encodeRendered, renderFile } from '../report.js';
import type { SourceFile } from './analyzer.js';
import { type RuffVerdict, reviewPythonFileAlongside, reviewPythonFiles, ruffVerdictOf } from './file.js';

/**
 * A batch of one file at least this large, arriving while every analysis thread is idle, is
 * reviewed by two threads at once: ruff's check on one, the syntax tree's part of the review on the
 * other (file.ts reviewPythonFileAlongside). Smaller files are not worth the extra messages.
 */
const ALONGSIDE_BYTES = 64 * 1024;

interface Request {
  id: number;
  /** A batch of files (analyzer.ts BATCH_FILES), reviewed together (file.ts reviewPythonFiles). */
  files: SourceFile[];
  /**
   * Answer the rendered texts (as UTF-8 bytes, the JSON part written into this folder) instead of
   * the review's objects.
   */
  partsDir?: string;
  /** Where ruff's verdict on the batch's one file comes from (reviewed alongside, see above). */
  ruffPort?: MessagePort;
}

/** For the thread that runs ruff's half of a file reviewed alongside: where to post its verdict. */
interface RuffRequest {
  ruff: SourceFile;
  port: MessagePort;
}

interface Reply {
  id: number;
  reviews?: unknown[];
  error?: string;
}

async function answer(request: Request): Promise<Reply> {
  try {
    const { ruffPort } = request;
    const reviews = ruffPort
      ? [
          await reviewPythonFileAlongside(
            request.files[0]!.path,
            request.files[0]!.bytes,
            verdictFrom(ruffPort),
          ),
        ]
      : await reviewPythonFiles(request.files);
    return {
      id: request.id,
      reviews: request.partsDir ? encodeRendered(reviews.map(renderFile), request.partsDir) : reviews,
    };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

/** ruff's verdict posted by the thread that checks the file (or why it could not). */
type RuffMessage = { verdict: RuffVerdict } | { failure: string };

function verdictFrom(port: MessagePort): Promise<RuffVerdict> {
  const verdict = new Promise<RuffVerdict>((resolve, reject) => {
    port.once('message', (message: RuffMessage) => {
      port.close();
      if ('verdict' in message) resolve(message.verdict);
      else reject(new Error(message.failure));
    });
  });
  // Not awaited when the file is refused before ruff's verdict matters (not UTF-8 text).
  verdict.catch(() => {});
  return verdict;
}

function postVerdict({ ruff, port }: RuffRequest): void {
  let message: RuffMessage;
  try {
    message = { verdict: ruffVerdictOf(ruff.path, ruff.bytes) };
  } catch (error) {
    message = { failure: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(message);
  port.close();
}

/** The bytes a reply carries, moved rather than copied from an analysis thread. */
function transferables(reply: Reply): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const review of reply.reviews ?? []) {
    for (const value of Object.values(review as object))
      if (value instanceof Uint8Array && value.buffer instanceof ArrayBuffer) buffers.push(value.buffer);
  }
  return buffers;
}

interface Thread {
  worker: Worker;
  /** Requests sent to it and not yet answered. */
  inHand: number;
}

function serveThreads(count: number): void {
  const threads = Array.from({ length: count }, () => {
    const thread: Thread = { worker: new Worker(new URL(import.meta.url)), inHand: 0 };
    thread.worker.on('message', (reply: Reply | { ruffDone: true }) => {
      thread.inHand--;
      if ('id' in reply) process.send?.(reply);
    });
    thread.worker.on('error', (error) => {
      console.error(`A review analysis thread failed: ${error.message}`);
      process.exit(1);
    });
    thread.worker.on('exit', () => process.exit(1));
    return thread;
  });
  process.on('message', (request: Request) => {
    const file = request.files.length === 1 ? request.files[0]! : undefined;
    const idle = threads.filter((thread) => thread.inHand === 0);
    if (file && file.bytes.length >= ALONGSIDE_BYTES && idle.length >= 2) {
      // A large file alone while two threads are idle: ruff's check on one, the rest on the other.
      const [tree, ruff] = idle as [Thread, Thread];
      const { port1, port2 } = new MessageChannel();
      ruff.inHand++;
      ruff.worker.postMessage({ ruff: file, port: port1 } satisfies RuffRequest, [port1]);
      tree.inHand++;
      tree.worker.postMessage({ ...request, ruffPort: port2 } satisfies Request, [port2]);
      return;
    }
    const least = threads.reduce((best, thread) => (thread.inHand < best.inHand ? thread : best));
    least.inHand++;
    least.worker.postMessage(request);
  });
}

if (isMainThread && process.send) {
  process.on('disconnect', () => process.exit(0));
  const count = Math.max(1, Number(process.argv[2]) || 1);
  if (count > 1) serveThreads(count);
  else process.on('message', async (request: Request) => process.send?.(await answer(request)));
} else if (parentPort) {
  const port = parentPort;
  port.on('message', async (request: Request | RuffRequest) => {
    if ('ruff' in request) {
      postVerdict(request);
      port.postMessage({ ruffDone: true });
      return;
    }
    const reply = await answer(request);
    port.postMessage(reply, transferables(reply));
  });
}

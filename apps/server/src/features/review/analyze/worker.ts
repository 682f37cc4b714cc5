// The analyzer process (see analyzer.ts): the review of the zip's files away from the server's event
// loop, since ruff and tree-sitter are synchronous WebAssembly and a large file would otherwise hold
// it for seconds. With one analysis thread (the process's first argument, REVIEW_ANALYZERS) the files
// are reviewed on the process's own thread; with more, that thread only hands each batch to the
// analysis thread with the fewest in hand and passes the answers back. The threads share the
// process's compiled WebAssembly (V8 keeps one copy of a module's code per process), so a second
// thread costs its linear memories and heap, not a second copy of ruff's code.
// The process exits when the server that started it goes away, or when an analysis thread dies (the
// server fails the batches it had and starts a new process for the next one).
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { encodeRendered, renderFile } from '../report.js';
import type { SourceFile } from './analyzer.js';
import { reviewPythonFiles } from './file.js';

interface Request {
  id: number;
  /** A batch of files (analyzer.ts BATCH_FILES), reviewed together (file.ts reviewPythonFiles). */
  files: SourceFile[];
  /**
   * Answer the rendered texts (as UTF-8 bytes, the JSON part written into this folder) instead of
   * the review's objects.
   */
  partsDir?: string;
}

interface Reply {
  id: number;
  reviews?: unknown[];
  error?: string;
}

async function answer(request: Request): Promise<Reply> {
  try {
    const reviews = await reviewPythonFiles(request.files);
    return {
      id: request.id,
      reviews: request.partsDir ? encodeRendered(reviews.map(renderFile), request.partsDir) : reviews,
    };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
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

function serveThreads(count: number): void {
  const threads = Array.from({ length: count }, () => {
    const thread = { worker: new Worker(new URL(import.meta.url)), inHand: 0 };
    thread.worker.on('message', (reply: Reply) => {
      thread.inHand--;
      process.send?.(reply);
    });
    thread.worker.on('error', (error) => {
      console.error(`A review analysis thread failed: ${error.message}`);
      process.exit(1);
    });
    thread.worker.on('exit', () => process.exit(1));
    return thread;
  });
  process.on('message', (request: Request) => {
    let chosen = threads[0]!;
    for (const thread of threads) if (thread.inHand < chosen.inHand) chosen = thread;
    chosen.inHand++;
    chosen.worker.postMessage(request);
  });
}

if (isMainThread && process.send) {
  process.on('disconnect', () => process.exit(0));
  const count = Math.max(1, Number(process.argv[2]) || 1);
  if (count > 1) serveThreads(count);
  else process.on('message', async (request: Request) => process.send?.(await answer(request)));
} else if (parentPort) {
  const port = parentPort;
  port.on('message', async (request: Request) => {
    const reply = await answer(request);
    port.postMessage(reply, transferables(reply));
  });
}

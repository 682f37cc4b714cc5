// The analyzer process (see analyzer.ts): the review of the zip's files away from the server's event
// loop, since ruff and tree-sitter are synchronous WebAssembly and a large file would otherwise hold
// it for seconds. Its own thread only hands each batch to the analysis thread with the fewest in
// hand (the process's first argument, REVIEW_ANALYZERS, of them) and passes the answers back. The
// threads share the process's compiled WebAssembly (V8 keeps one copy of a module's code per
// process), so a second thread costs its linear memories and heap, not a second copy of ruff's code.
// A large file alone in its batch, arriving while the threads are idle, is reviewed by two of them at
// once (ALONGSIDE_BYTES).
//
// Each analysis thread has a JavaScript heap of at most the process's second argument in MB
// (REVIEW_ANALYZER_MEMORY_MB) and its third in milliseconds for each batch
// (REVIEW_ANALYSIS_TIMEOUT_SECONDS): a file that needs more (hundreds of
// thousands of findings, a syntax tree of millions of nodes) or takes longer ends its thread, not
// the process. A thread reviews its batches one at a time, so the batch it was on is known: a batch of
// one file is then answered with that file reported as not reviewable and why, a larger batch is
// reviewed again file by file (so only the file that does it again is reported), the batches queued
// behind it go to the threads as they are, and a new thread takes the place of the one that ended.
// The process exits when the server that started it goes away.
import { isMainThread, MessageChannel, type MessagePort, parentPort, Worker } from 'node:worker_threads';
import { encodeRendered, renderFile } from '../report.js';
import type { SourceFile } from './analyzer.js';
import { type RuffVerdict, reviewPythonFileAlongside, reviewPythonFiles, ruffVerdictOf } from './file.js';
import type { FileReview } from './types.js';

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
            request.files[0]!.summaries,
          ),
        ]
      : await reviewPythonFiles(request.files);
    return { id: request.id, reviews: rendered(reviews, request.partsDir) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Reviews as the request asks for them: rendered into `partsDir`, or as objects. */
function rendered(reviews: FileReview[], partsDir: string | undefined): unknown[] {
  return partsDir ? encodeRendered(reviews.map(renderFile), partsDir) : reviews;
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
    // The thread checking it ended first (the process answers for the file then).
    port.once('close', () => reject(new Error("ruff's analysis thread ended.")));
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

/** A batch given to an analysis thread, and where its answer goes. */
interface Job {
  files: SourceFile[];
  partsDir?: string;
  /** Called once, with the batch's reviews or why there are none. */
  settle: (reply: { reviews: unknown[] } | { error: string }) => void;
  /** ruff's half of a file reviewed alongside: the job whose file it is (answers nothing itself). */
  ruffFor?: Job;
  isSettled?: boolean;
}

interface Thread {
  worker: Worker;
  /** Jobs sent to it and not yet answered, in the order it takes them (the first is running). */
  jobs: Map<number, Job>;
  /** Ends the thread when its running job takes longer than the time limit. */
  timer?: NodeJS.Timeout;
  /** Why the thread is ending, when it was ended or ran out of memory. */
  ending?: string;
}

/** The review of a file the analysis could not finish, for `reason`. */
function unreviewed(file: SourceFile, reason: string): FileReview {
  return {
    path: file.path,
    error: reason,
    functions: [],
    moduleFindings: [],
    appliedFixes: [],
    docstringsAdded: 0,
  };
}

function serveThreads(count: number, memoryMb: number | undefined, timeoutMs: number): void {
  let nextJobId = 1;
  const threads: Thread[] = [];

  const settleJob = (job: Job, reply: { reviews: unknown[] } | { error: string }) => {
    if (job.isSettled) return;
    job.isSettled = true;
    job.settle(reply);
  };

  const restartTimer = (thread: Thread) => {
    clearTimeout(thread.timer);
    thread.timer = undefined;
    if (thread.jobs.size === 0) return;
    thread.timer = setTimeout(() => {
      thread.ending = `The file took longer than ${timeoutMs / 1000} s to review, so it was not reviewed.`;
      void thread.worker.terminate();
    }, timeoutMs);
  };

  const send = (thread: Thread, job: Job, message: Request | RuffRequest, transfer: MessagePort[] = []) => {
    const id = nextJobId++;
    thread.jobs.set(id, job);
    if (thread.jobs.size === 1) restartTimer(thread);
    thread.worker.postMessage({ ...message, id }, transfer);
    return id;
  };

  const dispatch = (job: Job) => {
    const file = job.files.length === 1 ? job.files[0]! : undefined;
    const idle = threads.filter((thread) => thread.jobs.size === 0);
    if (file && file.bytes.length >= ALONGSIDE_BYTES && idle.length >= 2) {
      // A large file alone while two threads are idle: ruff's check on one, the rest on the other.
      const [tree, ruff] = idle as [Thread, Thread];
      const { port1, port2 } = new MessageChannel();
      send(ruff, { files: job.files, settle: () => {}, ruffFor: job }, { ruff: file, port: port1 }, [port1]);
      send(tree, job, { id: 0, files: job.files, partsDir: job.partsDir, ruffPort: port2 } as Request, [
        port2,
      ]);
      return;
    }
    const least = threads.reduce((best, thread) => (thread.jobs.size < best.jobs.size ? thread : best));
    send(least, job, { id: 0, files: job.files, ...(job.partsDir ? { partsDir: job.partsDir } : {}) });
  };

  /** What becomes of a thread's jobs when it ends (see the header). */
  const ended = (thread: Thread, reason: string) => {
    clearTimeout(thread.timer);
    const jobs = [...thread.jobs.values()];
    thread.jobs.clear();
    // A thread that ended on its own without work is broken (its file does not load, say): the
    // process ends, and the server starts a new one for the next batch.
    if (jobs.length === 0 && thread.ending === undefined) process.exit(1);
    threads[threads.indexOf(thread)] = start();
    jobs.forEach((job, index) => {
      const isRunning = index === 0;
      if (job.ruffFor) {
        // ruff's half of a file ended the thread: the file is the culprit.
        if (isRunning)
          settleJob(job.ruffFor, {
            reviews: rendered([unreviewed(job.files[0]!, reason)], job.ruffFor.partsDir),
          });
        return;
      }
      if (job.isSettled) return;
      if (!isRunning) dispatch(job);
      else if (job.files.length === 1)
        settleJob(job, { reviews: rendered([unreviewed(job.files[0]!, reason)], job.partsDir) });
      else {
        // One of these files did it: each is reviewed again alone, and the answers joined in order.
        const answers: unknown[][] = [];
        let waiting = job.files.length;
        job.files.forEach((file, position) => {
          dispatch({
            files: [file],
            ...(job.partsDir ? { partsDir: job.partsDir } : {}),
            settle: (reply) => {
              if ('error' in reply) settleJob(job, reply);
              answers[position] = 'reviews' in reply ? reply.reviews : [];
              if (--waiting === 0) settleJob(job, { reviews: answers.flat() });
            },
          });
        });
      }
    });
  };

  function start(): Thread {
    const worker = new Worker(
      new URL(import.meta.url),
      memoryMb ? { resourceLimits: { maxOldGenerationSizeMb: memoryMb } } : {},
    );
    const thread: Thread = { worker, jobs: new Map() };
    worker.on('message', (reply: Reply | { ruffDone: number }) => {
      const id = 'ruffDone' in reply ? reply.ruffDone : reply.id;
      const job = thread.jobs.get(id);
      thread.jobs.delete(id);
      restartTimer(thread);
      if (!job || 'ruffDone' in reply) return;
      settleJob(job, reply.reviews ? { reviews: reply.reviews } : { error: reply.error ?? 'No answer.' });
    });
    worker.on('error', (error: Error & { code?: string }) => {
      thread.ending ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `The file needs more memory than the review gives it (${memoryMb} MB): it is too large, or has too many findings, to review, so it was not reviewed.`
          : `The review's analysis stopped on the file (${error.message}), so it was not reviewed.`;
    });
    worker.on('exit', () => {
      ended(thread, thread.ending ?? "The review's analysis stopped on the file, so it was not reviewed.");
    });
    return thread;
  }

  for (let index = 0; index < count; index++) threads.push(start());
  process.on('message', (request: Request) => {
    dispatch({
      files: request.files,
      ...(request.partsDir ? { partsDir: request.partsDir } : {}),
      settle: (reply) => process.send?.({ id: request.id, ...reply }),
    });
  });
}

if (isMainThread && process.send) {
  process.on('disconnect', () => process.exit(0));
  const count = Math.max(1, Number(process.argv[2]) || 1);
  // The server always passes its limits (analyzer.ts AnalyzerLimits).
  const memoryMb = Number(process.argv[3]) || undefined;
  serveThreads(count, memoryMb, Number(process.argv[4]) || 120_000);
} else if (parentPort) {
  const port = parentPort;
  // One job at a time, in order (the process knows which one a thread that ends was on).
  let queue = Promise.resolve();
  port.on('message', (request: (Request | RuffRequest) & { id?: number }) => {
    queue = queue.then(async () => {
      if ('ruff' in request) {
        postVerdict(request);
        port.postMessage({ ruffDone: request.id });
        return;
      }
      const reply = await answer(request);
      port.postMessage(reply, transferables(reply));
    });
  });
}

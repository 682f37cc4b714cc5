// Where ingestion parses and chunks documents: in a few worker threads (INGEST_PARSE_THREADS), so the
// server's thread only reads the file, records the outcome and, on the embedded PGlite, indexes it
// (PGlite runs on the server's thread) while the next document is parsed in parallel; and so a large
// PDF's parse never holds the thread that answers HTTP requests.
//
// The bytes are moved to the thread (not copied) and the chunks come back as structured clones. Each
// thread parses one document at a time; the others wait here, in order, except that one spare thread
// takes the next file when every thread has been on its file for `slowMs`: one slow file never holds
// back the others, and a machine whose cores the threads fill is not given one more thread to share
// them with while files are quick (a second steady thread on two cores made ingestion slower on
// PGlite, see bench/README.md). Every parse is bounded: a
// thread that takes longer than the time limit, or whose heap and buffers grow past the memory limit
// (V8's own heap limit for the thread, and its buffers watched from here), is ended and its document
// fails with a `ParseLimitError` saying which limit it met; one whose caller aborts (the document was
// deleted) is ended at once. A thread that dies otherwise (a crash) fails its document with an error,
// which the ingestion job retries as it retries a database error. The next document starts a new
// thread. Threads start on first use, do not keep the process alive while idle, end after waiting
// `idleMs` for work (their memory goes back) and with the knowledge module (`close`); nothing is
// parsed in the calling thread.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseReply, ParseRequest } from './parse-worker.js';
import type { PreparedDocument, PrepareOptions } from './prepare.js';

/** Parses and chunks files read in full whose extension is accepted (see ingest.ts). */
export interface DocumentParser {
  /**
   * `bytes` may be moved to another thread: the caller must not use them afterwards. Aborting
   * `signal` ends the parse at once (rejected with the signal's reason).
   */
  prepare(
    name: string,
    bytes: Uint8Array,
    options: PrepareOptions,
    signal?: AbortSignal,
  ): Promise<PreparedDocument>;
}

/** The script each thread runs: a file, or (tests) source code evaluated as CommonJS. */
export interface ParseThreadEntry {
  filename: string | URL;
  execArgv?: string[];
  eval?: boolean;
}

/** What one parse may take before its thread is ended. */
export interface ParseThreadLimits {
  /** Longest parse of one file. @default 120 s */
  timeoutMs: number;
  /** Most memory one thread may hold while parsing (its JavaScript heap and its buffers), in MB. @default 512 */
  memoryMb: number;
  /** How long a thread waits for another file before it ends (and gives its memory back). @default 30 s */
  idleMs: number;
  /** Longest a new thread may take to load its parsers before its first file fails (to be tried again). @default 2 min */
  startMs: number;
  /** How long every thread must have been on its file before the spare thread takes the next one. @default 2 s */
  slowMs: number;
}

export const DEFAULT_PARSE_THREAD_LIMITS: ParseThreadLimits = {
  timeoutMs: 120_000,
  memoryMb: 512,
  idleMs: 30_000,
  startMs: 120_000,
  slowMs: 2000,
};

/** A parse ended for going past a limit of `ParseThreadLimits`: `message` is for the person who uploaded. */
export class ParseLimitError extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    message: string,
  ) {
    super(message);
    this.name = 'ParseLimitError';
  }
}

/** How often a busy thread's memory is looked at (its heap is also capped by V8 itself). */
const MEMORY_CHECK_MS = 100;

interface Task {
  id: number;
  name: string;
  bytes: Uint8Array;
  options: PrepareOptions;
  resolve: (prepared: PreparedDocument) => void;
  reject: (error: Error) => void;
}

interface Slot {
  /** The spare thread: used only while every other one has been on its file for `slowMs`. */
  isSpare: boolean;
  worker?: Worker;
  task?: Task;
  /** The running task's time limit and memory watch. */
  timer?: NodeJS.Timeout;
  watch?: NodeJS.Timeout;
  /** The thread has loaded its parsers (its first file's time limit starts then). */
  isReady?: boolean;
  /** Its file has taken `slowMs` so far. */
  isSlow?: boolean;
  slow?: NodeJS.Timeout;
  /** Ends the thread once it has waited `idleMs` for a file. */
  idle?: NodeJS.Timeout;
}

/** The thread's script: the TypeScript source under tsx/vitest, the built file next to the bundle. */
export function parseThreadEntry(): ParseThreadEntry | undefined {
  const isSource = import.meta.url.endsWith('.ts');
  const url = isSource
    ? new URL('./parse-worker.ts', import.meta.url)
    : new URL('./knowledge-parse-worker.js', import.meta.url); // dist/, beside the chunk this is bundled in
  if (!existsSync(fileURLToPath(url))) return undefined;
  return { filename: url, ...(isSource ? { execArgv: ['--import', tsxLoader()] } : {}) };
}

/** tsx's loader, resolved from this package (the working directory may be another one's). */
function tsxLoader(): string {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  } catch {
    return 'tsx';
  }
}

const stopping = () =>
  new Error('The server stopped before the file was read; it is read again when the server is back.');

function seconds(milliseconds: number): string {
  const value = Math.round(milliseconds / 100) / 10;
  return `${value.toLocaleString('en')} second${value === 1 ? '' : 's'}`;
}

export class ParsePool implements DocumentParser {
  private readonly slots: Slot[];
  private readonly waiting: Task[] = [];
  private readonly whenIdle: (() => void)[] = [];
  private readonly limits: ParseThreadLimits;
  private nextId = 1;
  private isClosed = false;

  constructor(
    private readonly entry: ParseThreadEntry,
    size: number,
    limits: Partial<ParseThreadLimits> = {},
  ) {
    const steady = Math.max(1, size);
    this.slots = Array.from({ length: steady + 1 }, (_, index) => ({ isSpare: index === steady }));
    this.limits = { ...DEFAULT_PARSE_THREAD_LIMITS, ...limits };
  }

  /** Threads running now (started on first use; the spare one too while it runs). */
  get threads(): number {
    return this.slots.filter((slot) => slot.worker).length;
  }

  prepare(
    name: string,
    bytes: Uint8Array,
    options: PrepareOptions,
    signal?: AbortSignal,
  ): Promise<PreparedDocument> {
    if (this.isClosed) return Promise.reject(stopping());
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const onAbort = () => this.abort(task, abortReason(signal!));
      const settle = () => signal?.removeEventListener('abort', onAbort);
      const task: Task = {
        id: this.nextId++,
        name,
        bytes,
        options,
        resolve: (prepared) => {
          settle();
          resolve(prepared);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(task);
      this.dispatch();
    });
  }

  /**
   * Ends the threads: documents being parsed, and those waiting, get up to `graceMs` to finish;
   * then the threads are ended and what is left fails (the ingestion job tries it again later), as
   * does anything handed over afterwards. Idempotent.
   */
  async close(graceMs = 10_000): Promise<void> {
    this.isClosed = true;
    if (this.isBusy()) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.whenIdle.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    for (const task of this.waiting.splice(0)) task.reject(stopping());
    const ending: Promise<unknown>[] = [];
    for (const slot of this.slots) {
      const { worker, task } = slot;
      this.release(slot);
      clearTimeout(slot.idle);
      slot.idle = undefined;
      slot.worker = undefined;
      task?.reject(stopping());
      if (worker) ending.push(worker.terminate());
    }
    this.dispatch();
    await Promise.allSettled(ending);
  }

  private isBusy(): boolean {
    return this.waiting.length > 0 || this.slots.some((slot) => slot.task);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.task) continue;
      if (slot.isSpare && !this.slots.every((other) => other.isSpare || other.isSlow)) continue;
      const task = this.waiting.shift();
      if (!task) break;
      this.run(slot, task);
    }
    for (const slot of this.slots) {
      if (!slot.task && slot.worker && !slot.idle) this.endWhenIdle(slot, slot.worker);
    }
    if (!this.isBusy()) for (const resolve of this.whenIdle.splice(0)) resolve();
  }

  private endWhenIdle(slot: Slot, worker: Worker): void {
    slot.idle = setTimeout(() => {
      slot.idle = undefined;
      if (slot.worker !== worker || slot.task) return;
      slot.worker = undefined;
      worker.terminate().catch(() => {});
    }, this.limits.idleMs);
    slot.idle.unref();
  }

  private run(slot: Slot, task: Task): void {
    clearTimeout(slot.idle);
    slot.idle = undefined;
    const worker = slot.worker ?? this.start(slot);
    slot.task = task;
    // Kept alive only while it parses: an idle thread never holds the process open.
    worker.ref();
    const request: ParseRequest = { id: task.id, name: task.name, bytes: task.bytes, options: task.options };
    const movable = task.bytes.buffer instanceof ArrayBuffer ? [task.bytes.buffer] : [];
    try {
      worker.postMessage(request, movable);
    } catch (error) {
      this.release(slot);
      worker.unref();
      task.reject(error instanceof Error ? error : new Error(String(error)));
      queueMicrotask(() => this.dispatch());
      return;
    }
    slot.slow = setTimeout(() => {
      slot.isSlow = true;
      this.dispatch();
    }, this.limits.slowMs);
    slot.slow.unref();
    if (slot.isReady) this.startClock(slot, worker);
    else {
      // Not the file's doing: its job tries it again.
      slot.timer = setTimeout(
        () =>
          this.end(
            slot,
            worker,
            new Error(`The parse thread did not start in ${seconds(this.limits.startMs)}`),
          ),
        this.limits.startMs,
      );
      slot.timer.unref();
    }
    const { memoryMb } = this.limits;
    slot.watch = setInterval(() => {
      worker.getHeapStatistics().then(
        (stats) => {
          if (slot.task !== task) return;
          if (stats.used_heap_size + stats.external_memory > memoryMb * 1024 * 1024) {
            this.end(slot, worker, memoryLimitError(memoryMb));
          }
        },
        () => {},
      );
    }, MEMORY_CHECK_MS);
    slot.watch.unref();
  }

  /** The time limit of the slot's file, from when its thread is ready to parse. */
  private startClock(slot: Slot, worker: Worker): void {
    const { timeoutMs } = this.limits;
    slot.timer = setTimeout(() => {
      this.end(
        slot,
        worker,
        new ParseLimitError(
          'time',
          `Reading the file took longer than ${seconds(timeoutMs)}, the limit for one file, and was stopped. It may be damaged or built in an unusually complex way (such as deeply nested content): save it again from the program that made it, or split it, and upload it again.`,
        ),
      );
    }, timeoutMs);
    slot.timer.unref();
  }

  private start(slot: Slot): Worker {
    const worker = new Worker(this.entry.filename, {
      name: 'knowledge-parse',
      ...(this.entry.execArgv ? { execArgv: this.entry.execArgv } : {}),
      ...(this.entry.eval ? { eval: true } : {}),
      // V8 ends the thread (ERR_WORKER_OUT_OF_MEMORY) before its heap outgrows the limit; buffers
      // live outside that heap and are watched in `run`.
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    worker.unref();
    worker.on('message', (reply: ParseReply) => {
      if ('ready' in reply) {
        if (slot.worker !== worker) return;
        slot.isReady = true;
        clearTimeout(slot.timer);
        if (slot.task) this.startClock(slot, worker);
        return;
      }
      const task = slot.task;
      if (slot.worker !== worker || !task || reply.id !== task.id) return;
      this.release(slot);
      worker.unref();
      if ('error' in reply) task.reject(new Error(reply.error));
      else task.resolve(reply.prepared);
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) =>
      this.end(
        slot,
        worker,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? memoryLimitError(this.limits.memoryMb)
          : new Error(`The parse thread failed (${error.message})`),
      ),
    );
    worker.on('exit', (code) =>
      this.end(slot, worker, new Error(`The parse thread stopped (exit code ${code})`)),
    );
    slot.worker = worker;
    slot.isReady = false;
    return worker;
  }

  /** The slot's task is over: its limits no longer apply. */
  private release(slot: Slot): void {
    clearTimeout(slot.timer);
    clearInterval(slot.watch);
    clearTimeout(slot.slow);
    slot.timer = undefined;
    slot.watch = undefined;
    slot.slow = undefined;
    slot.isSlow = false;
    slot.task = undefined;
  }

  /** A caller gave up on its document: taken out of the queue, or its thread ended. */
  private abort(task: Task, reason: Error): void {
    const index = this.waiting.indexOf(task);
    if (index >= 0) {
      this.waiting.splice(index, 1);
      task.reject(reason);
      this.dispatch();
      return;
    }
    const slot = this.slots.find((candidate) => candidate.task === task);
    if (slot?.worker) this.end(slot, slot.worker, reason);
  }

  /**
   * The thread's parse is over without an answer (a limit, an abort, a crash): its document fails
   * with `error`, the thread is ended, and the next document starts a new one.
   */
  private end(slot: Slot, worker: Worker, error: Error): void {
    if (slot.worker !== worker) return;
    const task = slot.task;
    this.release(slot);
    clearTimeout(slot.idle);
    slot.idle = undefined;
    slot.worker = undefined;
    worker.terminate().catch(() => {});
    task?.reject(error);
    this.dispatch();
  }
}

function memoryLimitError(memoryMb: number): ParseLimitError {
  return new ParseLimitError(
    'memory',
    `Reading the file needed more than ${memoryMb.toLocaleString('en')} MB of memory, the limit for one file, and was stopped. It may be damaged or built to expand far beyond its size: save it again from the program that made it, or split it, and upload it again.`,
  );
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The parse was cancelled.');
}

/**
 * The ingestion's parse threads. Throws when the thread's script is missing (a build without it):
 * no file is parsed where it cannot be ended.
 */
export function createParsePool(threads: number, limits: Partial<ParseThreadLimits> = {}): ParsePool {
  const entry = parseThreadEntry();
  if (!entry) {
    throw new Error(
      'The knowledge parse thread’s script (knowledge-parse-worker.js) is missing next to the server: build the server again.',
    );
  }
  return new ParsePool(entry, threads, limits);
}

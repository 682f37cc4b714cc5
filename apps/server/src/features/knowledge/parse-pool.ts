// Where ingestion parses and chunks documents: in a few worker threads (INGEST_PARSE_THREADS), so the
// server's thread only reads the file, records the outcome and, on the embedded PGlite, indexes it
// (PGlite runs on the server's thread) while the next document is parsed in parallel; and so a large
// PDF's parse never holds the thread that answers HTTP requests.
//
// The bytes are moved to the thread (not copied) and the chunks come back as structured clones. Each
// thread parses one document at a time; the others wait here, in order. A thread that dies (a crash,
// running out of memory) fails the document it had with an error, which the ingestion job retries as
// it retries a database error, and the next document starts a new thread. Threads start on first use,
// do not keep the process alive while idle, and end with the knowledge module (`close`); a document
// handed over after that is parsed in the calling thread, as without the pool.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseReply, ParseRequest } from './parse-worker.js';
import type { PreparedDocument, PrepareOptions } from './prepare.js';

/** Parses and chunks files read in full whose extension is accepted (see ingest.ts). */
export interface DocumentParser {
  /** `bytes` may be moved to another thread: the caller must not use them afterwards. */
  prepare(name: string, bytes: Uint8Array, options: PrepareOptions): Promise<PreparedDocument>;
}

/** The script each thread runs: a file, or (tests) source code evaluated as CommonJS. */
export interface ParseThreadEntry {
  filename: string | URL;
  execArgv?: string[];
  eval?: boolean;
}

interface Task {
  id: number;
  name: string;
  bytes: Uint8Array;
  options: PrepareOptions;
  resolve: (prepared: PreparedDocument) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker?: Worker;
  task?: Task;
}

/** The thread's script: the TypeScript source under tsx/vitest, the built file next to the bundle. */
export function parseThreadEntry(): ParseThreadEntry | undefined {
  const isSource = import.meta.url.endsWith('.ts');
  const url = isSource
    ? new URL('./parse-worker.ts', import.meta.url)
    : new URL('./knowledge-parse-worker.js', import.meta.url);
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

export class ParsePool implements DocumentParser {
  private readonly slots: Slot[];
  private readonly waiting: Task[] = [];
  private readonly idle: (() => void)[] = [];
  private nextId = 1;
  private isClosed = false;

  constructor(
    private readonly entry: ParseThreadEntry,
    size: number,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({}));
  }

  /** Threads running now (started on first use). */
  get threads(): number {
    return this.slots.filter((slot) => slot.worker).length;
  }

  prepare(name: string, bytes: Uint8Array, options: PrepareOptions): Promise<PreparedDocument> {
    if (this.isClosed) return prepareHere(name, bytes, options);
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, name, bytes, options, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Ends the threads: documents being parsed get up to `graceMs` to finish, those still waiting and
   * any handed over later are parsed in the calling thread. Idempotent.
   */
  async close(graceMs = 10_000): Promise<void> {
    this.isClosed = true;
    if (this.isBusy()) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.idle.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    const ending: Promise<unknown>[] = [];
    for (const slot of this.slots) {
      const { worker, task } = slot;
      slot.worker = undefined;
      slot.task = undefined;
      task?.reject(new Error('The server stopped while the document was parsed.'));
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
      const task = this.waiting.shift();
      if (!task) break;
      if (this.isClosed && !slot.worker) {
        prepareHere(task.name, task.bytes, task.options).then(task.resolve, task.reject);
        continue;
      }
      this.run(slot, task);
    }
    if (!this.isBusy()) for (const resolve of this.idle.splice(0)) resolve();
  }

  private run(slot: Slot, task: Task): void {
    const worker = slot.worker ?? this.start(slot);
    slot.task = task;
    // Kept alive only while it parses: an idle thread never holds the process open.
    worker.ref();
    const request: ParseRequest = { id: task.id, name: task.name, bytes: task.bytes, options: task.options };
    const movable = task.bytes.buffer instanceof ArrayBuffer ? [task.bytes.buffer] : [];
    try {
      worker.postMessage(request, movable);
    } catch (error) {
      slot.task = undefined;
      worker.unref();
      task.reject(error instanceof Error ? error : new Error(String(error)));
      queueMicrotask(() => this.dispatch());
    }
  }

  private start(slot: Slot): Worker {
    const worker = new Worker(this.entry.filename, {
      name: 'knowledge-parse',
      ...(this.entry.execArgv ? { execArgv: this.entry.execArgv } : {}),
      ...(this.entry.eval ? { eval: true } : {}),
    });
    worker.unref();
    worker.on('message', (reply: ParseReply) => {
      const task = slot.task;
      if (slot.worker !== worker || !task || reply.id !== task.id) return;
      slot.task = undefined;
      worker.unref();
      if ('error' in reply) task.reject(new Error(reply.error));
      else task.resolve(reply.prepared);
      this.dispatch();
    });
    worker.on('error', (error) => this.lose(slot, worker, `failed (${error.message})`));
    worker.on('exit', (code) => this.lose(slot, worker, `stopped (exit code ${code})`));
    slot.worker = worker;
    return worker;
  }

  /** A thread died: its document fails (the job retries it) and the next one starts a new thread. */
  private lose(slot: Slot, worker: Worker, what: string): void {
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    const task = slot.task;
    slot.task = undefined;
    task?.reject(new Error(`The parse thread ${what}`));
    this.dispatch();
  }
}

async function prepareHere(
  name: string,
  bytes: Uint8Array,
  options: PrepareOptions,
): Promise<PreparedDocument> {
  const { prepareBytes } = await import('./prepare.js');
  return prepareBytes(name, bytes, options);
}

/** The ingestion's parse threads, or undefined (parse in this thread) for 0 or without the thread's script. */
export function createParsePool(threads: number): ParsePool | undefined {
  if (threads <= 0) return undefined;
  const entry = parseThreadEntry();
  return entry ? new ParsePool(entry, threads) : undefined;
}

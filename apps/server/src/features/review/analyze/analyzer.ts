// Where files are reviewed: in one worker thread per process (worker.ts), so the synchronous
// WebAssembly of ruff and tree-sitter never holds the event loop (HTTP requests, lease renewals)
// while a large file is analysed. Requests queue in the worker in order. A worker that dies fails
// the files it had (the job retries them) and the next file starts a new one. Where the worker's
// file is not there (an unusual packaging), files are reviewed in this thread.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FileReview } from './types.js';

export interface Analyzer {
  review(path: string, bytes: Uint8Array): Promise<FileReview>;
}

interface Pending {
  resolve: (review: FileReview) => void;
  reject: (error: Error) => void;
}

/** The worker's entry: the TypeScript source under tsx/vitest, the built file next to the bundle. */
function workerEntry(): { url: URL; execArgv: string[] } | undefined {
  const isSource = import.meta.url.endsWith('.ts');
  const url = isSource
    ? new URL('./worker.ts', import.meta.url)
    : new URL('./review-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return undefined;
  return { url, execArgv: isSource ? ['--import', 'tsx'] : [] };
}

class WorkerAnalyzer implements Analyzer {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly entry: { url: URL; execArgv: string[] }) {}

  review(path: string, bytes: Uint8Array): Promise<FileReview> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Kept alive only while it has work: an idle worker never holds the process open.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, path, bytes });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry.url, { execArgv: this.entry.execArgv });
    worker.unref();
    worker.on('message', (message: { id: number; review?: FileReview; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.review) pending.resolve(message.review);
      else pending.reject(new Error(message.error ?? 'The review worker gave no answer.'));
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => fail(new Error(`The review worker failed: ${error.message}`)));
    worker.on('exit', (code) => fail(new Error(`The review worker stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }
}

class InProcessAnalyzer implements Analyzer {
  async review(path: string, bytes: Uint8Array): Promise<FileReview> {
    const { reviewPythonFile } = await import('./file.js');
    return reviewPythonFile(path, bytes);
  }
}

let shared: Analyzer | undefined;

/** The process's analyzer (a worker thread when its file is there). */
export function sharedAnalyzer(): Analyzer {
  if (!shared) {
    const entry = workerEntry();
    shared = entry ? new WorkerAnalyzer(entry) : new InProcessAnalyzer();
  }
  return shared;
}

/** ruff's version, read from its package (without loading its WebAssembly in this thread). */
export function ruffPackageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('@astral-sh/ruff-wasm-nodejs/package.json') as { version: string }).version;
}

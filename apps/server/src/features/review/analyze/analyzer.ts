// Where files are reviewed: in one child process per server process (worker.ts), so the synchronous
// WebAssembly of ruff and tree-sitter never holds the event loop (HTTP requests, lease renewals)
// while a large file is analysed, and so its memory is its own to give back. Requests queue in the
// child in order, analysed by its REVIEW_ANALYZERS analysis threads (worker.ts), each with a memory
// and a time limit per file: a file past them is answered as not reviewable. A child that dies
// fails the files it had (the job retries them) and the next file starts a new one. Where the
// child's file is not there (an unusual packaging), files are reviewed in this thread.
//
// Why a process and not a worker thread: V8 flags are per process. By default V8 compiles ruff's
// 10 MB WebAssembly module again with its optimising compiler while it runs, on the platform's
// background threads, each of which keeps its own malloc arena (up to 64 MB) that is never given
// back: a worker thread took the server's process from ~100 MB to ~480 MB for good, and the first
// review after a start paid seconds of compilation. The child runs ruff and tree-sitter with V8's
// baseline compiler only (`--liftoff-only`: ~170 MB instead of ~480, no warm-up, about a quarter
// slower once the optimised code would have been ready) and one background thread
// (`--v8-pool-size=1`), and exits after IDLE_MS without work, which returns all of it.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_REVIEW_ANALYZER_MEMORY_MB,
  defaultReviewAnalyzers,
} from '../../../platform/config/config.js';
import type { EncodedFile } from '../report.js';
import type { FileReview } from './types.js';

/** A file of the zip to review. */
export interface SourceFile {
  path: string;
  bytes: Uint8Array;
  /** The language model's summary lines for its docstrings (file.ts SummaryLines). */
  summaries?: Readonly<Record<number, string>>;
}

/**
 * Files go to the analyzer in batches of up to BATCH_FILES files and about BATCH_BYTES of source
 * (a larger file goes alone): the analyzer checks a whole batch with ruff before it parses and
 * reviews each file (file.ts reviewPythonFiles), ~15-20 % faster than file by file, and one message
 * carries the batch each way.
 */
export const BATCH_FILES = 16;
export const BATCH_BYTES = 256 * 1024;

export interface Analyzer {
  /** The reviews of files, as objects (to add the model's findings before rendering them). */
  review(files: readonly SourceFile[]): Promise<FileReview[]>;
  /**
   * The reviews of files rendered where they were made: their texts cross to the job as UTF-8
   * bytes instead of the reviews' objects, their parts of the review JSON are written into
   * `partsDir` (see report.ts writeJsonParts), and the rendering's work stays off the server's thread.
   */
  render(files: readonly SourceFile[], partsDir: string): Promise<EncodedFile[]>;
}

type Answer = FileReview[] | EncodedFile[];

/**
 * The analyzer process could not be reached, stopped, or answered no review: the job's attempt
 * fails (and is retried); the review's reason says so in words (pipeline.ts).
 */
export class AnalyzerError extends Error {
  override readonly name = 'AnalyzerError';
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** How long the child stays without work before it exits (its memory then goes back to the system). */
const IDLE_MS = 30_000;

/**
 * V8's engine configuration of the child (see above): baseline WebAssembly compiler, one background
 * thread, and young generations of at most 2 x 8 MB per thread (V8 sizes them from the machine's
 * memory, up to 2 x 64 MB each, which a review's allocation rate fills and V8 then keeps).
 */
export const ANALYZER_V8_FLAGS: readonly string[] = [
  '--liftoff-only',
  '--v8-pool-size=1',
  '--max-semi-space-size=8',
];

/**
 * The child's environment: this process's, with at most two malloc arenas (glibc gives each thread
 * its own, up to 8 per core, and memory freed in one is not reused by the others: ~15-20 MB less
 * at a review's peak with two analysis threads), unless MALLOC_ARENA_MAX is set already.
 */
function analyzerEnv(): NodeJS.ProcessEnv {
  return { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };
}

/**
 * The node flags the child is started with (its environment is this process's): tsx's loader when
 * this is the TypeScript source, then the V8 flags. The benchmark starts its same-engine baseline with
 * exactly these.
 */
export function analyzerExecArgv(): string[] {
  return [...(import.meta.url.endsWith('.ts') ? ['--import', 'tsx'] : []), ...ANALYZER_V8_FLAGS];
}

/** The child's entry: the TypeScript source under tsx/vitest, the built file next to the bundle. */
function workerEntry(): { path: string; execArgv: string[] } | undefined {
  const url = import.meta.url.endsWith('.ts')
    ? new URL('./worker.ts', import.meta.url)
    : new URL('./review-worker.js', import.meta.url);
  const path = fileURLToPath(url);
  if (!existsSync(path)) return undefined;
  return { path, execArgv: analyzerExecArgv() };
}

class ProcessAnalyzer implements Analyzer {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly entry: { path: string; execArgv: string[] },
    private readonly limits: AnalyzerLimits,
  ) {}

  review(files: readonly SourceFile[]): Promise<FileReview[]> {
    return this.ask(files) as Promise<FileReview[]>;
  }

  render(files: readonly SourceFile[], partsDir: string): Promise<EncodedFile[]> {
    return this.ask(files, partsDir) as Promise<EncodedFile[]>;
  }

  private ask(files: readonly SourceFile[], partsDir?: string): Promise<Answer> {
    const child = this.start();
    const id = this.nextId++;
    clearTimeout(this.idleTimer);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Kept alive only while it has work: an idle child never holds the server's process open.
      if (this.pending.size === 1) this.hold(child, true);
      child.send({ id, files, partsDir }, (error) => {
        if (error)
          this.settle(id, new AnalyzerError(`The review process could not be reached: ${error.message}`));
      });
    });
  }

  private hold(child: ChildProcess, busy: boolean): void {
    if (busy) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  }

  private settle(id: number, outcome: Answer | Error): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome);
    const child = this.child;
    if (this.pending.size === 0 && child) {
      this.hold(child, false);
      this.idleTimer = setTimeout(() => this.stopChild(child), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private stopChild(child: ChildProcess): void {
    if (this.child !== child || this.pending.size > 0) return;
    this.child = undefined;
    child.kill();
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    const { threads, memoryMb, timeoutMs } = this.limits;
    const child = fork(this.entry.path, [String(threads), String(memoryMb), String(timeoutMs)], {
      execArgv: this.entry.execArgv,
      env: analyzerEnv(),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.hold(child, false);
    child.on('message', (message: { id: number; reviews?: Answer; error?: string }) => {
      this.settle(
        message.id,
        message.reviews ?? new AnalyzerError(message.error ?? 'The review process gave no answer.'),
      );
    });
    const fail = (error: Error) => {
      if (this.child !== child) return;
      this.child = undefined;
      const pending = [...this.pending.values()];
      this.pending.clear();
      for (const entry of pending) entry.reject(error);
    };
    child.on('error', (error) => fail(new AnalyzerError(`The review process failed: ${error.message}`)));
    child.on('exit', (code, signal) =>
      fail(new AnalyzerError(`The review process stopped (${signal ?? `exit code ${code}`}).`)),
    );
    this.child = child;
    return child;
  }
}

class InProcessAnalyzer implements Analyzer {
  async review(files: readonly SourceFile[]): Promise<FileReview[]> {
    const { reviewPythonFiles } = await import('./file.js');
    return reviewPythonFiles(files);
  }

  async render(files: readonly SourceFile[], partsDir: string): Promise<EncodedFile[]> {
    const { encodeRendered, renderFile } = await import('../report.js');
    return encodeRendered((await this.review(files)).map(renderFile), partsDir);
  }
}

let shared: { analyzer: Analyzer; parallelism: number } | undefined;

/** The analyzer process's analysis threads and what each may spend on one batch. */
export interface AnalyzerLimits {
  /** Analysis threads (REVIEW_ANALYZERS). */
  threads: number;
  /** JavaScript heap of each, in MB (REVIEW_ANALYZER_MEMORY_MB). */
  memoryMb: number;
  /** Longest analysis of one batch, in milliseconds (REVIEW_ANALYSIS_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/**
 * The process's analyzer: one child process with `limits.threads` analysis threads (the first call
 * decides; by default the server's defaults), or this thread when the child's file is not there.
 * `parallelism` is how many batches it analyses at once.
 */
export function sharedAnalyzer(limits: Partial<AnalyzerLimits> = {}): {
  analyzer: Analyzer;
  parallelism: number;
} {
  if (!shared) {
    const entry = workerEntry();
    const threads = Math.max(1, Math.floor(limits.threads ?? defaultReviewAnalyzers()));
    shared = entry
      ? {
          analyzer: new ProcessAnalyzer(entry, {
            threads,
            memoryMb: limits.memoryMb ?? DEFAULT_REVIEW_ANALYZER_MEMORY_MB,
            timeoutMs: limits.timeoutMs ?? 120_000,
          }),
          parallelism: threads,
        }
      : { analyzer: new InProcessAnalyzer(), parallelism: 1 };
  }
  return shared;
}

/** ruff's version, read from its package (without loading its WebAssembly in this thread). */
export function ruffPackageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('@astral-sh/ruff-wasm-nodejs/package.json') as { version: string }).version;
}

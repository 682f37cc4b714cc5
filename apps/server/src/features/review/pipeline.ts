// The review as durable work: one job per uploaded zip in the queue 'review.analyze', keyed by the
// review's id. The job copies the stored zip to a temporary file, checks it again, reviews every
// Python file (progress stored as it goes), then stores the review JSON and the enhanced zip as blobs
// and marks the review `success`. A zip refused by the checks fails at once with its reason; other
// errors are retried (3 attempts), and the last one's reason becomes the review's. A server killed
// mid-review leaves the job's lease to run out and another start (or instance) reviews it again;
// `reconcileReviews` fails what no job will finish, so no review stays pending forever.
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Blobs } from '../../platform/blobs/blobs.js';
import type { Db, Queryable } from '../../platform/db/db.js';
import { formatBytes } from '../../platform/format-bytes.js';
import { type JobContext, type Jobs, PermanentJobError } from '../../platform/jobs/jobs.js';
import { enqueueFor, rowsWithoutLiveJob } from '../../platform/jobs/keyed.js';
import type { ZipLimits } from '../../platform/zip/limits.js';
import type { AnalyzerLimits } from './analyze/analyzer.js';
import { type ModelImprover, summaryTargets } from './analyze/model.js';
import type { FileReview } from './analyze/types.js';
import {
  type EncodedFile,
  encodeRendered,
  type FileSummary,
  type JsonPart,
  renderFile,
  reviewJsonPieces,
  summaryMarkdown,
} from './report.js';
import { findReview, markFailed, markSucceeded, setProgress } from './store.js';
import { CheckedZip, ReviewZipError, spool, withTempDir, type ZipItem } from './zip.js';
import { ZipWriter } from './zip-writer.js';

export const REVIEW_QUEUE = 'review.analyze';
const PROGRESS_INTERVAL_MS = 500;

export interface ReviewPayload {
  reviewId: string;
}

export function enqueueReview(jobs: Jobs, reviewId: string, tx?: Queryable): Promise<string> {
  return enqueueFor(jobs, REVIEW_QUEUE, reviewId, { reviewId } satisfies ReviewPayload, tx);
}

export interface ReviewOutcome {
  reviewBlobId: string;
  downloadBlobId: string;
  filesTotal: number;
  functionCount: number;
}

export interface ReviewRunOptions {
  signal?: AbortSignal;
  /** The language model's improvements, when one is configured. */
  model?: { improver: ModelImprover; maxFunctions: number };
  /**
   * This server process's analyzer: its analysis threads and their limits (the first review
   * decides; default REVIEW_ANALYZERS's and the other settings' defaults).
   */
  analyzer?: Partial<AnalyzerLimits>;
  /** Largest Python file reviewed, in bytes (REVIEW_MAX_FILE_KB; larger ones are not read). */
  maxFileBytes?: number;
}

/** Reviews the stored zip of a review; stores the review JSON and the enhanced zip. */
export async function runReview(
  db: Db,
  blobs: Blobs,
  review: { id: string; name: string; zipBlobId: string },
  limits: ZipLimits,
  { signal, model, analyzer: analyzerLimits, maxFileBytes = Number.POSITIVE_INFINITY }: ReviewRunOptions = {},
): Promise<ReviewOutcome> {
  const stored = await blobs.open(review.zipBlobId);
  if (!stored) throw new PermanentJobError('The uploaded zip is missing from storage: upload it again.');
  // Loaded on first use; the parsers (tree-sitter, ruff) run in the analyzer's child process.
  const { BATCH_BYTES, BATCH_FILES, ruffPackageVersion, sharedAnalyzer } = await import(
    './analyze/analyzer.js'
  );
  const { analyzer, parallelism } = sharedAnalyzer(analyzerLimits);
  // What the review is doing, for the reason it gives if an unexpected error stops it.
  let step = 'reading the uploaded zip';
  try {
    return await withTempDir(async (dir) => {
      const file = join(dir, 'upload.zip');
      await spool(stored, file);
      const zip = await CheckedZip.open(file, limits);
      // The download is written while the files are reviewed (in the zip's order), so a file's
      // enhanced text and review leave memory once they are in it. Each file's part of the review JSON
      // is written into the temporary folder by the process that rendered it (report.ts
      // writeJsonParts); the review JSON, ordered by folder and name rather than by the zip's order, is
      // streamed into its blob from the start, each part read back as soon as the JSON has reached it
      // and the part is there: what the zip's order allows is stored while the files are reviewed, the
      // rest after the last file, alongside the download's end.
      // zlib's level 3: the review's texts (REVIEW.md, enhanced files) deflate in about half the time of
      // the default 6, for a download 5-30 % larger (measured on the benchmark's inputs).
      const output = new ZipWriter({ level: 3 });
      const download = blobs.put(output.stream, { contentType: 'application/zip' });
      // Until the end: a failure below ends the stream, and put() removes what it stored.
      download.catch(() => {});
      const taken = new Set(zip.items.map((item) => item.path));
      const created: string[] = [];
      const python = zip.pythonItems;
      // A Python file over the limit is not read: its size is what its header declares, and reading
      // never gives more (zip.ts).
      const isTooLarge = (item: ZipItem) => item.size > maxFileBytes;
      // Each Python file's JSON part, settled when the file is reviewed (rejected if the review fails).
      const parts = new Map(
        python.map((item) => {
          const part = Promise.withResolvers<JsonPart>();
          // Awaited when the JSON reaches it; a review that fails before then rejects it unread.
          part.promise.catch(() => {});
          return [item, part];
        }),
      );
      // The files the JSON's parts are read back from (one per analysis thread that wrote them).
      const partFiles = new Map<string, Promise<FileHandle>>();
      const reviewJson = blobs.put(
        reviewJsonPieces(review.name, python, async (item) => {
          const part = await parts.get(item)!.promise;
          let handle = partFiles.get(part.file);
          if (!handle) {
            handle = open(part.file, 'r');
            partFiles.set(part.file, handle);
          }
          const bytes = Buffer.alloc(part.length);
          const { bytesRead } = await (await handle).read(bytes, 0, part.length, part.offset);
          if (bytesRead !== part.length) throw new Error('A part of the review JSON is missing.');
          return bytes;
        }),
        { contentType: 'application/json' },
      );
      // Until the end, as the download.
      reviewJson.catch(() => {});
      let ended = false;
      try {
        await setProgress(db, review.id, 0, python.length);
        const summaries: FileSummary[] = [];
        let functionCount = 0;
        let otherFiles = 0;
        let done = 0;
        let lastProgress = Date.now();
        let modelBudget = model?.maxFunctions ?? 0;
        // Generated docstrings the model may write the summary line of (as many as functions it reviews).
        let summaryBudget = model?.maxFunctions ?? 0;
        // Without a model the next Python files are already read and sent to the analyzer in batches
        // (two batches in hand for each of its analysis threads) while this one's results are written:
        // the analyzer's threads and this thread work at the same time.
        const items = zip.items;
        const ahead = new Map<ZipItem, Promise<{ bytes: Buffer; rendered: EncodedFile }>>();
        let scanned = 0;
        let batchesInHand = 0;
        const requestAhead = () => {
          // Not once the review has ended (a batch answered after a failure asks for no more).
          while (!model && !ended && batchesInHand < 2 * parallelism && scanned < items.length) {
            const batch: ZipItem[] = [];
            let batchBytes = 0;
            while (batch.length < BATCH_FILES && batchBytes < BATCH_BYTES && scanned < items.length) {
              const item = items[scanned++]!;
              if (item.isDirectory || !item.isPython || isTooLarge(item)) continue;
              batch.push(item);
              batchBytes += item.size;
            }
            if (batch.length === 0) break;
            batchesInHand++;
            const request = Promise.all(batch.map((item) => zip.read(item))).then(async (contents) => {
              const files = batch.map((item, index) => ({ path: item.path, bytes: contents[index]! }));
              return { contents, rendered: await analyzer.render(files, dir) };
            });
            request.then(
              () => {
                batchesInHand--;
                requestAhead();
              },
              () => {},
            );
            batch.forEach((item, index) => {
              const answer = request.then(({ contents, rendered }) => ({
                bytes: contents[index]!,
                rendered: rendered[index]!,
              }));
              // Awaited when its turn comes; a failure before then must not be an unhandled rejection.
              answer.catch(() => {});
              ahead.set(item, answer);
            });
          }
        };
        for (const item of items) {
          if (item.isDirectory) {
            await output.addDirectory(item.path);
            continue;
          }
          if (!item.isPython) {
            otherFiles++;
            // Carried to the download as stored in the upload, still compressed.
            await output.addRaw(item.path, item.entry, await zip.openRaw(item));
            continue;
          }
          signal?.throwIfAborted();
          step = `reviewing '${item.path}'`;
          requestAhead();
          let bytes: Buffer | undefined;
          let rendered: EncodedFile;
          const requested = ahead.get(item);
          if (isTooLarge(item)) {
            [rendered] = encodeRendered(
              [
                renderFile({
                  path: item.path,
                  error: `The file is ${formatBytes(item.size)}, more than the ${formatBytes(maxFileBytes)} the review reads in one file (a file that large is usually generated), so it was not reviewed.`,
                  functions: [],
                  moduleFindings: [],
                  appliedFixes: [],
                  docstringsAdded: 0,
                }),
              ],
              dir,
            ) as [EncodedFile];
          } else if (requested) {
            ahead.delete(item);
            ({ bytes, rendered } = await requested);
          } else if (model && (modelBudget > 0 || summaryBudget > 0)) {
            bytes = await zip.read(item);
            let [fileReview] = (await analyzer.review([{ path: item.path, bytes }])) as [FileReview];
            // The docstrings' summary lines, asked for the whole file at once: the file is reviewed
            // again with them (and keeps its own if theirs do not parse).
            const asked = fileReview.error ? [] : summaryTargets(fileReview, summaryBudget);
            if (asked.length > 0) {
              summaryBudget -= asked.length;
              const summaries = await model.improver.summarize(fileReview, asked.length, signal);
              if (Object.keys(summaries).length > 0)
                [fileReview] = (await analyzer.review([{ path: item.path, bytes, summaries }])) as [
                  FileReview,
                ];
            }
            for (const fn of fileReview.functions) {
              if (modelBudget <= 0) break;
              modelBudget--;
              fn.findings.push(...(await model.improver.improve(fn, signal)));
            }
            [rendered] = encodeRendered([renderFile(fileReview)], dir) as [EncodedFile];
          } else {
            bytes = await zip.read(item);
            [rendered] = (await analyzer.render([{ path: item.path, bytes }], dir)) as [EncodedFile];
          }
          parts.get(item)!.resolve(rendered.json);
          if (bytes) await output.addBuffer(item.path, rendered.enhanced ?? bytes);
          else await output.addRaw(item.path, item.entry, await zip.openRaw(item));
          await output.addBuffer(freePath(`${item.path}.REVIEW.md`, taken), rendered.markdown);
          summaries.push(rendered.summary);
          functionCount += rendered.summary.functionCount;
          done++;
          if (Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) {
            await setProgress(db, review.id, done, python.length);
            lastProgress = Date.now();
          }
        }
        step = 'storing the review and its download';
        await setProgress(db, review.id, python.length, python.length);
        const summary = summaryMarkdown({
          name: review.name,
          files: summaries,
          otherFiles,
          ruffVersion: ruffPackageVersion(),
        });
        await output.addBuffer(freePath('REVIEW-SUMMARY.md', taken), Buffer.from(summary));
        await output.end();
        const downloadBlob = await download;
        created.push(downloadBlob.id);
        const reviewBlob = await reviewJson;
        created.push(reviewBlob.id);
        return {
          reviewBlobId: reviewBlob.id,
          downloadBlobId: downloadBlob.id,
          filesTotal: python.length,
          functionCount,
        };
      } catch (error) {
        output.destroy(error instanceof Error ? error : new Error(String(error)));
        for (const part of parts.values()) part.reject(error);
        await download.catch(() => undefined);
        const stored = await reviewJson.catch(() => undefined);
        if (stored && !created.includes(stored.id)) created.push(stored.id);
        for (const id of created) await blobs.delete(id).catch(() => false);
        throw error;
      } finally {
        ended = true;
        zip.close();
        for (const handle of partFiles.values()) await (await handle.catch(() => undefined))?.close();
      }
    });
  } catch (error) {
    if (error instanceof PermanentJobError || error instanceof ReviewZipError || signal?.aborted) throw error;
    throw new ReviewStepError(step, error);
  }
}

/**
 * An unexpected error that stopped a review, with what the review was doing (`step`, in words: "reviewing
 * 'shop/cart.py'"). Its message is the error's own, for the server's log; the review's reason says
 * what failed without it (failureReason).
 */
export class ReviewStepError extends Error {
  override readonly name = 'ReviewStepError';
  constructor(
    readonly step: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const RETRY_ADVICE = 'Upload the zip again to retry; if it fails again, tell your administrator.';

/** An error as a person reads it: what kind of thing failed, never the error's own text. */
function inWords(error: unknown): string {
  const cause = error instanceof ReviewStepError ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if ((cause as { name?: unknown } | undefined)?.name === 'AnalyzerError')
    return 'the process that analyses the Python files stopped';
  if (code === 'ENOSPC') return "the server's disk is full";
  return 'an unexpected error in the server';
}

/**
 * The reason a review that failed on an unexpected error gives its owner: what it was doing and what
 * kind of thing failed, in words. The error itself goes to the server's log, not to the user (it
 * says nothing they can act on, and may say what they should not read).
 */
export function failureReason(error: unknown, attempts: number): string {
  const step = error instanceof ReviewStepError ? ` while ${error.step}` : '';
  const times = attempts === 1 ? 'once' : `${attempts} times`;
  return `The review failed ${times}${step}: ${inWords(error)} (the details are in the server's log). ${RETRY_ADVICE}`;
}

/** `path`, or `path` with a number before its extension when the zip already holds it. */
function freePath(path: string, taken: Set<string>): string {
  let candidate = path;
  for (let n = 2; taken.has(candidate); n++) candidate = path.replace(/(\.md)$/, `-${n}$1`);
  taken.add(candidate);
  return candidate;
}

export interface ReviewWorkerOptions {
  limits: ZipLimits;
  /** Where the detail of a failed review goes (the reason stored for its owner says it in words). */
  log?: { error(object: object, message: string): void };
  /** The analyzer's threads and their limits (REVIEW_ANALYZERS and the settings after it). */
  analyzer?: Partial<AnalyzerLimits>;
  /** Largest Python file reviewed, in bytes (REVIEW_MAX_FILE_KB). */
  maxFileBytes?: number;
  /** The language model's improvements, when one is configured. */
  model?: { improver: ModelImprover; maxFunctions: number };
  /** Told how a review ended (not when it was deleted or taken meanwhile), for the metrics. */
  onEnded?(outcome: 'success' | 'failed', job: JobContext<ReviewPayload>): void;
}

/** The job handler of REVIEW_QUEUE. */
export function createReviewHandler(db: Db, blobs: Blobs, options: ReviewWorkerOptions) {
  return async (job: JobContext<ReviewPayload>) => {
    const reviewId = job.payload?.reviewId;
    if (typeof reviewId !== 'string') throw new PermanentJobError('The job names no review.');
    const review = await findReview(db, reviewId);
    if (!review) return { skipped: 'deleted' };
    if (review.status !== 'pending') return { skipped: review.status };
    try {
      const outcome = await runReview(
        db,
        blobs,
        { id: review.id, name: review.name, zipBlobId: review.zip_blob_id },
        options.limits,
        {
          signal: job.signal,
          ...(options.model ? { model: options.model } : {}),
          ...(options.analyzer ? { analyzer: options.analyzer } : {}),
          ...(options.maxFileBytes ? { maxFileBytes: options.maxFileBytes } : {}),
        },
      );
      if (!(await markSucceeded(db, review.id, outcome))) {
        await blobs.delete(outcome.reviewBlobId).catch(() => false);
        await blobs.delete(outcome.downloadBlobId).catch(() => false);
        return { skipped: 'no longer pending' };
      }
      options.onEnded?.('success', job);
      return { files: outcome.filesTotal, functions: outcome.functionCount };
    } catch (error) {
      const isPermanent = error instanceof PermanentJobError || error instanceof ReviewZipError;
      if (isPermanent || job.attempt >= job.maxAttempts) {
        // A refusal of ours is written for its reader; anything else is said in words, and logged.
        const reason = isPermanent ? (error as Error).message : failureReason(error, job.attempt);
        if (!isPermanent)
          options.log?.error(
            { err: error instanceof ReviewStepError ? error.cause : error, review: review.id, job: job.id },
            `code review failed${error instanceof ReviewStepError ? ` while ${error.step}` : ''}`,
          );
        if (await markFailed(db, review.id, reason).catch(() => false)) options.onEnded?.('failed', job);
      }
      if (error instanceof ReviewZipError) throw new PermanentJobError(error.message);
      throw error;
    }
  };
}

/**
 * Ends reviews that can no longer progress: one still pending with no waiting or running job is
 * failed with its last job's reason when that job failed or was cancelled, and queued again when it
 * has no job at all.
 */
export async function reconcileReviews(
  db: Db,
  jobs: Jobs,
  log?: { warn(object: object, message: string): void },
): Promise<{ failed: number; requeued: number }> {
  const rows = await rowsWithoutLiveJob(db, REVIEW_QUEUE, {
    table: 'review_files',
    where: "t.status = 'pending'",
  });
  let failed = 0;
  let requeued = 0;
  for (const row of rows) {
    if (row.job_state === null || row.job_state === 'succeeded') {
      await enqueueReview(jobs, row.id);
      requeued++;
    } else if (await markFailed(db, row.id, unfinishedReason(row.job_state, row.last_error))) {
      log?.warn(
        { review: row.id, jobState: row.job_state, lastError: row.last_error },
        'code review did not finish',
      );
      failed++;
    }
  }
  return { failed, requeued };
}

/**
 * Why a review whose job ended without it says it did not finish: the jobs' own sentence when the
 * server stopped under it (without the error it quotes) or it was cancelled, else in words (the
 * job's error goes to the log).
 */
function unfinishedReason(state: string | null, lastError: string | null): string {
  const stopped = lastError?.startsWith('The server stopped while working on it')
    ? lastError.replace(/ \(last error: [\s\S]*\)\.(?= Retry it once)/, '.')
    : undefined;
  if (stopped) return `The review did not finish: ${stopped}`;
  if (state === 'cancelled' && lastError) return `The review did not finish: ${lastError}`;
  return `The review did not finish: an unexpected error in the server stopped it (the details are in the server's log). ${RETRY_ADVICE}`;
}

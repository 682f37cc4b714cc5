// The code review feature as a module: its table, its operations (upload, list, view, download,
// delete), the review worker, and a periodic check that no review stays pending without a job to
// finish it.
import { secondsSinceQueued } from '../../platform/jobs/jobs.js';
import type { ModelUsage } from '../../platform/llm/index.js';
import type { FeatureModule } from '../../platform/modules.js';
import type { FeatureContext } from '../context.js';
import { createModelImprover } from './analyze/model.js';
import { createReviewHandlers } from './handlers.js';
import { reviewMigrations } from './migrations.js';
import { createReviewHandler, REVIEW_QUEUE, reconcileReviews } from './pipeline.js';

export interface ReviewModuleOptions {
  /** How often reviews left without a live job are looked for, besides at start. @default 15 s */
  reconcileIntervalMs?: number;
}

export function createReviewModule(options: ReviewModuleOptions = {}): FeatureModule {
  const reconcileIntervalMs = options.reconcileIntervalMs ?? 15_000;
  const timers = new Set<NodeJS.Timeout>();
  return {
    name: 'review',
    migrations: reviewMigrations,
    handlers: createReviewHandlers,
    async start(context: FeatureContext) {
      const { db, jobs, blobs, config, log } = context;
      // The model's tokens count under the operation that queued the review.
      const onUsage = (usage: ModelUsage) => context.metrics?.modelTokensUsedBy('uploadCodeReviewZip', usage);
      const improver =
        config.review.modelMaxFunctions > 0 ? createModelImprover(config.llm, log, onUsage) : undefined;
      const model = improver ? { improver, maxFunctions: config.review.modelMaxFunctions } : undefined;
      jobs.work(
        REVIEW_QUEUE,
        createReviewHandler(db, blobs, {
          limits: config.review,
          log,
          analyzer: {
            threads: config.review.analyzers,
            memoryMb: config.review.analyzerMemoryMb,
            timeoutMs: config.review.analysisTimeoutMs,
          },
          maxFileBytes: config.review.maxFileBytes,
          ...(model ? { model } : {}),
          onEnded: (outcome, job) => context.metrics?.reviewEnded(outcome, secondsSinceQueued(job)),
        }),
        {
          concurrency: config.review.concurrency,
          leaseMs: config.review.leaseSeconds * 1000,
          maxAttempts: 3,
        },
      );
      const reconcile = async () => {
        try {
          const changed = await reconcileReviews(db, jobs, log);
          if (changed.failed + changed.requeued > 0) log.warn(changed, 'code reviews reconciled');
        } catch (error) {
          log.error({ err: error }, 'could not reconcile code reviews');
        }
      };
      await reconcile();
      const timer = setInterval(reconcile, reconcileIntervalMs);
      timer.unref();
      timers.add(timer);
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
    },
  };
}

export const reviewModule: FeatureModule = createReviewModule();

// The knowledge feature as a module: its tables, its operations (training uploads and File
// Status), the ingestion worker with its parse threads, a periodic check that no document is left queued or parsing
// without a job to finish it, and the demo set on the embedded default's first start.
import type { Db } from '../../platform/db/db.js';
import { type JobContext, secondsSinceQueued } from '../../platform/jobs/jobs.js';
import type { FeatureModule } from '../../platform/modules.js';
import type { FeatureContext } from '../context.js';
import { createKnowledgeHandlers } from './handlers.js';
import { createParsePool, type ParsePool } from './ingestion/parse-pool.js';
import {
  createIngestHandler,
  INGEST_QUEUE,
  type IngestPayload,
  reconcileDocuments,
} from './ingestion/pipeline.js';
import { seedDemoKnowledge } from './ingestion/seed.js';
import { detectTextVectors } from './ingestion/text-vector.js';
import { knowledgeMigrations } from './migrations.js';
import { deferIndexUpkeep, stopDeferringIndexUpkeep } from './store.js';

export interface KnowledgeModuleOptions {
  /**
   * How often documents left without a live job are looked for, besides at start (e.g. a document
   * whose ingestion crashed the server on every attempt: the jobs platform fails the job without
   * running it, and this check fails the document with the job's reason).
   * @default 15 s
   */
  reconcileIntervalMs?: number;
}

export function createKnowledgeModule(options: KnowledgeModuleOptions = {}): FeatureModule {
  const reconcileIntervalMs = options.reconcileIntervalMs ?? 15_000;
  // One module object may serve several app instances in one process (tests): stop ends them all,
  // which only stops the safety net; their workers stop with their own Jobs.
  const timers = new Set<NodeJS.Timeout>();
  const pools = new Set<ParsePool>();
  const databases = new Set<Db>();
  return {
    name: 'knowledge',
    migrations: knowledgeMigrations,
    handlers: createKnowledgeHandlers,
    async start(context: FeatureContext) {
      const { db, jobs, blobs, config, log, knowledgeVectors } = context;
      // Threads start with the first document and end with the module; each parse is bounded in time
      // and memory (see parse-pool.ts).
      const parser = createParsePool(config.ingestParseThreads, {
        timeoutMs: config.ingestParseTimeoutMs,
        memoryMb: config.ingestParseMemoryMb,
        idleMs: config.ingestParseIdleMs,
      });
      pools.add(parser);
      // A batch of uploads gets its index merged once landings pause, not after each document.
      deferIndexUpkeep(db, log);
      databases.add(db);
      // Chunks' full-text vectors computed in the parse threads where they reproduce the database's.
      const textVectors = await detectTextVectors(db).catch((error: unknown) => {
        log.warn({ err: error }, 'could not check the database’s English stemmer');
        return undefined;
      });
      if (!textVectors) {
        log.info(
          'full-text vectors are computed by the database only (its English stemmer is not the one known here)',
        );
      }
      const ingest = createIngestHandler(db, blobs, {
        limits: { maxBytes: config.uploadMaxFileBytes },
        parser,
        ...(textVectors ? { textVectors } : {}),
        onEnded: (outcome, job) => context.metrics?.ingestionEnded(outcome, secondsSinceQueued(job)),
      });
      jobs.work(
        INGEST_QUEUE,
        async (job: JobContext<IngestPayload>) => {
          const outcome = await ingest(job);
          // New chunks get their embeddings next (hybrid retrieval); full text finds them already,
          // and the periodic check below queues the embeddings if this fails.
          await knowledgeVectors?.schedule().catch((error: unknown) => {
            log.warn({ err: error }, 'could not queue the knowledge embeddings');
          });
          return outcome;
        },
        { concurrency: config.ingestConcurrency, leaseMs: config.ingestLeaseSeconds * 1000, maxAttempts: 3 },
      );
      await knowledgeVectors?.start(db, jobs);
      let reconciling = false;
      const reconcile = async () => {
        // One sweep at a time: a slow one (a large queue) is not joined by the next.
        if (reconciling) return;
        reconciling = true;
        try {
          const changed = await reconcileDocuments(db, jobs);
          if (changed.failed + changed.requeued > 0) log.warn(changed, 'knowledge documents reconciled');
          // Chunks left without embeddings (the model was down) are taken up again.
          await knowledgeVectors?.schedule();
        } catch (error) {
          log.error({ err: error }, 'could not reconcile knowledge documents');
        } finally {
          reconciling = false;
        }
      };
      await reconcile();
      const timer = setInterval(reconcile, reconcileIntervalMs);
      timer.unref();
      timers.add(timer);
      if (config.seedDemoKnowledge) {
        const seeded = await seedDemoKnowledge(db, jobs, blobs);
        if (seeded > 0) log.info({ documents: seeded }, 'demo knowledge documents queued for ingestion');
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      // Documents being parsed finish first (the jobs stop after the modules, waiting for them).
      await Promise.all([...pools].map((pool) => pool.close()));
      pools.clear();
      // What waits is merged now; documents landing after this are merged as they land.
      await Promise.all([...databases].map((db) => stopDeferringIndexUpkeep(db)));
      databases.clear();
    },
  };
}

export const knowledgeModule: FeatureModule = createKnowledgeModule();

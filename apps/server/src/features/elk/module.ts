// The ELK agent as a module: its tables (sessions, embedded metrics), its operations, and its metrics
// source: Elasticsearch when ELASTICSEARCH_URL is set, else the demo metrics in the database, seeded
// and filled up to now at start. With a language model configured (LLM_BASE_URL/LLM_MODEL) questions
// are read by the model's tool call, else by the deterministic parser.
import type { FeatureModule } from '../../platform/modules.js';
import type { FeatureContext } from '../context.js';
import { createElkAgent, type ElkAgent } from './agent.js';
import { createElasticsearchSource } from './elasticsearch.js';
import { createEmbeddedSource } from './embedded.js';
import { createElkHandlers } from './handlers.js';
import type { MetricsSource } from './metrics.js';
import { elkMigrations } from './migrations.js';
import { createModelUnderstanding, type ElkUnderstanding } from './model.js';

export interface ElkModuleOptions {
  /** The metrics source instead of the configured one (tests). */
  source?: (context: FeatureContext) => MetricsSource;
  /** The question reader instead of the configured model (null: the parser). */
  understanding?: ElkUnderstanding | null;
  /** The clock (tests). */
  now?: () => Date;
}

export function createElkModule(options: ElkModuleOptions = {}): FeatureModule {
  let agent: ElkAgent | undefined;
  let close: (() => Promise<void>) | undefined;
  let prepare: (() => Promise<void>) | undefined;

  return {
    name: 'elk',
    migrations: elkMigrations,
    handlers(context) {
      const { config, db, log } = context;
      let source: MetricsSource;
      if (options.source) source = options.source(context);
      else if (config.elk.elasticsearchUrl) {
        const elasticsearch = createElasticsearchSource(config.elk);
        close = elasticsearch.close;
        source = elasticsearch;
      } else {
        const embedded = createEmbeddedSource(db, {
          days: config.elk.demoDays,
          demo: config.elk.demoMetrics,
          ...(options.now ? { now: options.now } : {}),
        });
        if (config.elk.demoMetrics) prepare = embedded.prepare;
        source = embedded;
      }
      const understanding =
        options.understanding === undefined
          ? createModelUnderstanding(config.llm, log)
          : (options.understanding ?? undefined);
      agent = createElkAgent({
        db,
        source,
        ...(understanding ? { understanding } : {}),
        ...(options.now ? { now: options.now } : {}),
      });
      return createElkHandlers(context, { ask: (...args) => agent!.ask(...args) });
    },
    async start(context) {
      if (!prepare) return;
      const started = performance.now();
      await prepare();
      context.log.info({ ms: Math.round(performance.now() - started) }, 'ELK demo metrics ready');
    },
    async stop() {
      await close?.();
    },
  };
}

export const elkModule: FeatureModule = createElkModule();

// The ELK agent: a question is read (by the model's tool call when one is configured, else by the
// deterministic parser), resolved against the user's session, and, once it names a target, metrics
// and a period, answered from the metrics source. A question that lacks a part, or names what the
// source does not hold, gets a plain answer saying what was understood and what is known.
import type { Db } from '../../platform/db/db.js';
import {
  buildAnswer,
  describeTarget,
  type ElkAnswer,
  listMetrics,
  plainAnswer,
  quoteName,
} from './answer.js';
import {
  chooseInterval,
  METRIC_KEYS,
  METRICS,
  type MetricsCatalog,
  type MetricsQuery,
  type MetricsSource,
} from './metrics.js';
import type { ElkUnderstanding } from './model.js';
import { parseQuestion, type QuestionParts } from './parse.js';
import { loadSession, resolveQuestion, saveSession } from './session.js';

export interface ElkAgentOptions {
  db: Db;
  source: MetricsSource;
  /** The model reading questions; undefined: the deterministic parser. */
  understanding?: ElkUnderstanding;
  now?: () => Date;
}

/** Where an answer's time went (the benchmark reads it). */
export interface ElkTimings {
  understandMs: number;
  queryMs: number;
  totalMs: number;
}

export interface ElkAgent {
  ask(userId: string, question: string, timings?: ElkTimings): Promise<ElkAnswer>;
}

const PERIOD_EXAMPLES =
  "'over the last 24 hours', 'yesterday', 'this week', 'since Monday', 'from 2026-11-01 to 2026-11-07'";

function knownNames(catalog: MetricsCatalog, withPeriods: boolean): string {
  const metrics = METRIC_KEYS.map((key) => METRICS[key].label).join(', ');
  return [
    `Environments: ${catalog.environments.map(quoteName).join(', ') || 'none yet'}.`,
    `Tenants: ${catalog.tenants.map(quoteName).join(', ') || 'none yet'}.`,
    `Metrics: ${metrics}.`,
    withPeriods ? `Periods such as ${PERIOD_EXAMPLES}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function createElkAgent(options: ElkAgentOptions): ElkAgent {
  const { db, source, understanding } = options;
  const now = options.now ?? (() => new Date());

  return {
    async ask(userId, question, timings) {
      const started = performance.now();
      const at = now();
      const [catalog, session] = await Promise.all([source.catalog(), loadSession(db, userId)]);
      const parts: QuestionParts =
        (await understanding?.understand(question, { catalog, session, now: at })) ??
        parseQuestion(question, catalog, at);
      const resolution = resolveQuestion(parts, session);
      const understood = performance.now();
      await saveSession(db, userId, resolution.state);

      const problems = [...resolution.problems];
      if (parts.unknownTenant)
        problems.unshift(`I do not know a tenant named ${quoteName(parts.unknownTenant)}.`);
      if (parts.unknownEnvironment) {
        problems.unshift(`I do not know an environment named ${quoteName(parts.unknownEnvironment)}.`);
      }
      const { state, period } = resolution;
      if (problems.length > 0 || resolution.missing.length > 0 || !period || !state.metrics) {
        const so = describeSoFar(resolution.state);
        const needed = resolution.missing.map(
          (part) =>
            ({
              target: 'an environment or a tenant',
              metrics: 'the metrics (CPU, memory, request count, error rate or p95 latency)',
              period: `the period (${PERIOD_EXAMPLES})`,
            })[part],
        );
        const text = [
          ...problems,
          so ? `So far I have ${so}.` : '',
          needed.length > 0 ? `To answer I still need ${needed.join(', ')}.` : '',
          `What I know: ${knownNames(catalog, !resolution.missing.includes('period'))}`,
        ]
          .filter(Boolean)
          .join(' ');
        if (timings)
          Object.assign(timings, {
            understandMs: understood - started,
            queryMs: 0,
            totalMs: performance.now() - started,
          });
        return plainAnswer(text);
      }

      const query: MetricsQuery = {
        ...(state.environment ? { environment: state.environment } : {}),
        ...(state.tenant ? { tenant: state.tenant } : {}),
        metrics: state.metrics,
        from: period.from,
        to: period.to,
        interval: chooseInterval(period.from, period.to),
      };
      const queryStarted = performance.now();
      const result = await source.query(query);
      const queried = performance.now();
      const answer = buildAnswer(query, period, result);
      if (timings) {
        Object.assign(timings, {
          understandMs: understood - started,
          queryMs: queried - queryStarted,
          totalMs: performance.now() - started,
        });
      }
      return answer;
    },
  };
}

function describeSoFar(state: ReturnType<typeof resolveQuestion>['state']): string {
  const parts: string[] = [];
  if (state.environment !== undefined || state.tenant !== undefined) {
    parts.push(
      describeTarget({
        ...(state.environment ? { environment: state.environment } : {}),
        ...(state.tenant ? { tenant: state.tenant } : {}),
      }),
    );
  }
  if (state.metrics?.length) parts.push(listMetrics(state.metrics));
  if (state.period) parts.push(state.period.label);
  return parts.join(', ');
}

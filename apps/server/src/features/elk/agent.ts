// The ELK agent: a question is read (by the model's tool call when one is configured, else by the
// deterministic parser), resolved against the user's session, and, once it names a target, metrics
// and a period, answered from the metrics source. A question that lacks a part gets a plain answer
// saying what was understood and what is known. One that names an environment or tenant the source
// does not hold says so and changes nothing (the topic's own target is never used in its place), and
// one that names nothing at all (a greeting, another subject) gets what the agent can do, never the
// topic's answer again.
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
import { type ElkSessionState, loadSession, resolveQuestion, saveSession } from './session.js';

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

/** A question in which nothing about metrics was found. */
const namesNothing = (parts: QuestionParts) => Object.values(parts).every((value) => value === undefined);

const GREETING =
  /^\W*(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day)|help|what can you do)\b/i;
const ASKS_AGAIN = /\b(again|refresh)\b/i;

/** A name fit to be written into an example question (no spaces or markup). */
const isPlainName = (name: string) => /^[\w.-]+$/.test(name);

/** Example questions built from what the source holds, so each one can be answered. */
function exampleQuestions(catalog: MetricsCatalog): string[] {
  const environments = catalog.environments.filter(isPlainName);
  const tenants = catalog.tenants.filter(isPlainName);
  const main = environments.find((name) => /^prod/i.test(name)) ?? environments[0];
  const other = environments.find((name) => name !== main);
  const examples: string[] = [];
  if (tenants[0] && main)
    examples.push(`CPU and memory for tenant ${tenants[0]} in ${main} over the last 7 days`);
  if (other ?? main) examples.push(`Error rate in ${other ?? main} yesterday`);
  if (tenants[1] ?? tenants[0]) examples.push(`p95 latency for ${tenants[1] ?? tenants[0]} this week`);
  examples.push('Request count across all environments over the last 24 hours');
  return examples;
}

/** What the agent does, for a greeting or a question it found nothing to answer in. */
function helpText(question: string, catalog: MetricsCatalog, session: ElkSessionState): string {
  const opening = GREETING.test(question)
    ? 'Hello! I answer questions about metrics.'
    : 'I could not find an environment, a tenant, metrics or a period in that, so there is nothing to look up.';
  const topic = describeSoFar(session);
  const environment = catalog.environments.filter(isPlainName).at(-1);
  const followUp = environment ? `'and in ${environment}?'` : `'and yesterday?'`;
  return [
    opening,
    `Name an environment or a tenant, the metrics and the period, and I summarise them (minimum, average, maximum and trend) with charts and a table under Show Metrics. For example:`,
    '',
    ...exampleQuestions(catalog).map((example) => `- ${example}`),
    '',
    `Then change one part at a time (${followUp}, 'the week before'), or start afresh with New Topic.${
      topic ? ` The current topic is ${topic}: 'again' asks it once more.` : ''
    }`,
    '',
    `What I know: ${knownNames(catalog, true)}`,
  ].join('\n');
}

/** Names the question gave that the source does not hold, as sentences. */
function unknownNames(parts: QuestionParts): string[] {
  return [
    parts.unknownEnvironment && `I do not know an environment named ${quoteName(parts.unknownEnvironment)}.`,
    parts.unknownTenant && `I do not know a tenant named ${quoteName(parts.unknownTenant)}.`,
    parts.unknownName && `I do not know an environment or a tenant named ${quoteName(parts.unknownName)}.`,
  ].filter((sentence): sentence is string => Boolean(sentence));
}

const isComplete = (session: ElkSessionState) =>
  (session.environment !== undefined || session.tenant !== undefined) &&
  Boolean(session.metrics?.length) &&
  Boolean(session.period);

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
      const understood = performance.now();
      const plain = (text: string) => {
        if (timings)
          Object.assign(timings, {
            understandMs: understood - started,
            queryMs: 0,
            totalMs: performance.now() - started,
          });
        return plainAnswer(text);
      };

      // Nothing found: what the agent does; the topic's answer only when asked for again.
      if (namesNothing(parts) && !(ASKS_AGAIN.test(question) && isComplete(session))) {
        return plain(helpText(question, catalog, session));
      }

      const resolution = resolveQuestion(parts, session);
      await saveSession(db, userId, resolution.state);

      // Unknown names: said as such with the known ones. The rest of the question is kept; the
      // topic's own environment or tenant is neither mentioned in their place nor kept for later.
      const unknown = unknownNames(parts);
      if (unknown.length > 0) {
        return plain(
          [
            ...unknown,
            ...resolution.problems,
            'Ask again with a name I know.',
            `What I know: ${knownNames(catalog, false)}`,
          ].join(' '),
        );
      }

      const problems = resolution.problems;
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
        return plain(text);
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

function describeSoFar(state: ElkSessionState): string {
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

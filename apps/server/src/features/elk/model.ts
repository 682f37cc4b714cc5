// Understanding an ELK question with the configured language model (LLM_BASE_URL and LLM_MODEL, the
// chat's settings): the AI SDK's tool calling, one required call of `query_metrics` whose arguments
// are the environment, tenant, metrics and period the question names. The arguments are then checked
// like the parser's reading: names against the catalog, the period phrase by the same period reader.
// A model that fails, times out or calls nothing usable leaves the question to the deterministic
// parser, so the agent still answers.
import { generateText, jsonSchema, tool } from 'ai';
import type { LlmConfig } from '../../platform/config/config.js';
import { callLimits, configuredLanguageModel } from '../../platform/llm/index.js';
import { METRIC_KEYS, type MetricKey, type MetricsCatalog } from './metrics.js';
import type { QuestionParts } from './parse.js';
import { readPeriod } from './period.js';
import { elkToolSystemPrompt } from './prompts.js';
import type { ElkSessionState } from './session.js';

interface ToolInput {
  environment?: string | null;
  tenant?: string | null;
  metrics?: string[] | null;
  period?: string | null;
}

const queryMetricsInput = jsonSchema<ToolInput>({
  type: 'object',
  additionalProperties: false,
  properties: {
    environment: {
      type: ['string', 'null'],
      description: 'The environment named in the question, or "all"; null when the question names none.',
    },
    tenant: {
      type: ['string', 'null'],
      description: 'The tenant named in the question, or "all"; null when the question names none.',
    },
    metrics: {
      type: ['array', 'null'],
      items: { type: 'string', enum: [...METRIC_KEYS] },
      description: 'The metrics asked for; null when the question names none.',
    },
    period: {
      type: ['string', 'null'],
      description:
        'The period in plain English as the question says it, e.g. "last 7 days", "yesterday", "since monday", "2026-11-01 to 2026-11-07", "the week before"; null when it names none.',
    },
  },
});

export interface ElkUnderstanding {
  readonly name: string;
  /** What the question says, or undefined when the model gave nothing usable. */
  understand(
    question: string,
    context: { catalog: MetricsCatalog; session: ElkSessionState; now: Date },
  ): Promise<QuestionParts | undefined>;
}

export function createModelUnderstanding(
  config: LlmConfig,
  log?: { warn(object: object, message: string): void },
): ElkUnderstanding | undefined {
  const model = configuredLanguageModel(config);
  if (!model || !config.model) return undefined;
  return {
    name: config.model,
    async understand(question, { catalog, session, now }) {
      try {
        const result = await generateText({
          model,
          system: elkToolSystemPrompt({
            environments: catalog.environments,
            tenants: catalog.tenants,
            metrics: METRIC_KEYS,
            topic: describeTopic(session),
            now: now.toISOString(),
          }),
          prompt: question,
          tools: {
            query_metrics: tool({
              description: 'Query the metrics the question asks for.',
              inputSchema: queryMetricsInput,
            }),
          },
          toolChoice: { type: 'tool', toolName: 'query_metrics' },
          maxOutputTokens: 300,
          ...callLimits(config),
        });
        const call = result.toolCalls.find((candidate) => candidate.toolName === 'query_metrics');
        if (!call) return undefined;
        return partsFromTool(call.input as ToolInput, catalog, now);
      } catch (error) {
        log?.warn({ err: error, model: config.model }, 'the language model could not read the ELK question');
        return undefined;
      }
    },
  };
}

const findName = (names: readonly string[], wanted: string) =>
  names.find((name) => name.toLowerCase() === wanted.trim().toLowerCase());

/** The tool's arguments as question parts, checked against the catalog. */
export function partsFromTool(input: ToolInput, catalog: MetricsCatalog, now: Date): QuestionParts {
  const parts: QuestionParts = {};
  if (input.environment) {
    if (/^(all|any|every)/i.test(input.environment)) parts.allEnvironments = true;
    else {
      const known = findName(catalog.environments, input.environment);
      if (known) parts.environment = known;
      else parts.unknownEnvironment = input.environment;
    }
  }
  if (input.tenant) {
    if (/^(all|any|every)/i.test(input.tenant)) parts.allTenants = true;
    else {
      const known = findName(catalog.tenants, input.tenant);
      if (known) parts.tenant = known;
      else parts.unknownTenant = input.tenant;
    }
  }
  const metrics = (input.metrics ?? []).filter((metric): metric is MetricKey =>
    (METRIC_KEYS as readonly string[]).includes(metric),
  );
  if (metrics.length > 0) parts.metrics = metrics;
  if (input.period) {
    const reading = readPeriod(input.period, now);
    if (reading && 'period' in reading) parts.period = reading.period;
    else if (reading && 'shift' in reading) parts.shift = reading.shift;
    else if (reading) parts.invalidPeriod = reading.invalid;
  }
  return parts;
}

/** The session as the model is told it: "environment prod; tenant acme; metrics cpu, memory; period the last 7 days". */
function describeTopic(session: ElkSessionState): string {
  const parts: string[] = [];
  if (session.environment !== undefined) parts.push(`environment ${session.environment ?? 'all'}`);
  if (session.tenant !== undefined) parts.push(`tenant ${session.tenant ?? 'all'}`);
  if (session.metrics?.length) parts.push(`metrics ${session.metrics.join(', ')}`);
  if (session.period)
    parts.push(`period ${session.period.label} (${session.period.from} to ${session.period.to})`);
  return parts.join('; ');
}

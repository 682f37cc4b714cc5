// The language model's own improvements per function, when one is configured (LLM_BASE_URL and
// LLM_MODEL, the chat's settings): the AI SDK's structured output (a JSON schema the answer must
// follow) asks for an improved version and the reasons, per section. They are added to ruff's and
// the checks' findings (source `model`), never in their place. A model that fails, times out or
// answers off-schema costs that function its model suggestions, never the review.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, Output } from 'ai';
import type { LlmConfig } from '../../../platform/config/config.js';
import type { Finding, FunctionReview, Section } from './types.js';

interface SectionAnswer {
  reasons: string[];
  improved: string | null;
}

interface ModelAnswer {
  performance: SectionAnswer;
  readability: SectionAnswer;
}

const sectionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reasons', 'improved'],
  properties: {
    reasons: { type: 'array', items: { type: 'string' }, maxItems: 5 },
    improved: { type: ['string', 'null'] },
  },
} as const;

const answerSchema = jsonSchema<ModelAnswer>({
  type: 'object',
  additionalProperties: false,
  required: ['performance', 'readability'],
  properties: { performance: sectionSchema, readability: sectionSchema },
});

const SYSTEM = [
  'You review one Python function for a developer.',
  'For performance and for readability separately: list the concrete reasons to change it (empty when there is none),',
  'and give the whole improved function, or null when you would not change it.',
  'Keep its behaviour, name and signature. Do not repeat the findings you are given; add what they miss.',
].join(' ');

const MAX_SOURCE_CHARS = 12_000;

export interface ModelImprover {
  readonly name: string;
  /** The model's findings for one function; [] when it has none or failed. */
  improve(fn: FunctionReview, signal?: AbortSignal): Promise<Finding[]>;
}

/** The improver of the configured model, or undefined without one. */
export function createModelImprover(
  config: LlmConfig,
  log?: { warn(object: object, message: string): void },
): ModelImprover | undefined {
  if (!config.baseUrl || !config.model) return undefined;
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(config.model);
  return {
    name: config.model,
    async improve(fn, signal) {
      if (fn.source.length > MAX_SOURCE_CHARS) return [];
      const known = fn.findings.map(
        (finding) => `- ${finding.code} (line ${finding.line}): ${finding.message}`,
      );
      try {
        const timeout = AbortSignal.timeout(config.timeoutMs * 2);
        const { output } = await generateText({
          model,
          system: SYSTEM,
          prompt: `Function \`${fn.qualifiedName}\`:\n\n\`\`\`python\n${fn.source}\n\`\`\`\n\nFindings already reported:\n${known.join('\n') || '(none)'}`,
          output: Output.object({ schema: answerSchema }),
          maxOutputTokens: config.maxOutputTokens,
          maxRetries: config.maxRetries,
          abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        return toFindings(fn, output as ModelAnswer);
      } catch (error) {
        if (signal?.aborted) throw error;
        log?.warn({ err: error, function: fn.qualifiedName }, 'the language model gave no usable review');
        return [];
      }
    },
  };
}

function toFindings(fn: FunctionReview, answer: ModelAnswer): Finding[] {
  const findings: Finding[] = [];
  for (const section of ['performance', 'readability'] as Section[]) {
    const part = answer?.[section];
    if (!part || !Array.isArray(part.reasons)) continue;
    const reasons = part.reasons
      .filter((reason) => typeof reason === 'string' && reason.trim())
      .map((reason) => reason.trim());
    if (reasons.length === 0) continue;
    const improved =
      typeof part.improved === 'string' && part.improved.trim()
        ? part.improved.replace(/\s+$/, '')
        : undefined;
    findings.push({
      section,
      source: 'model',
      code: 'MODEL',
      message: reasons.join(' '),
      line: fn.line,
      ...(improved && improved !== fn.source.replace(/\s+$/, '')
        ? { before: fn.source.replace(/\s+$/, ''), after: improved }
        : {}),
    });
  }
  return findings;
}

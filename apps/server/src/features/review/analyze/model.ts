// The language model's part of a review, when one is configured (LLM_BASE_URL and LLM_MODEL, the
// chat's settings), through the AI SDK's structured output (a JSON schema the answer must follow):
//   - per function, an improved version and the reasons, per section, added to ruff's and the
//     checks' findings (source `model`), never in their place;
//   - the summary line of the docstrings generated for a file's functions and classes without one,
//     asked for all of them at once (up to SUMMARIES_PER_REQUEST per request), each answer checked
//     (one line of plain text that needs no escape inside `"""`) before it replaces the line written
//     from the name; the file with them must still parse (file.ts), or it keeps its own.
// A model that fails, times out or answers off-schema costs only what it was asked, never the review.
import { generateText, jsonSchema, Output } from 'ai';
import type { LlmConfig } from '../../../platform/config/config.js';
import { callLimits, configuredLanguageModel, type ModelUsage } from '../../../platform/llm/index.js';
import type { FileReview, Finding, FunctionReview, Section } from './types.js';

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
  /**
   * Summary lines for the generated docstrings of a file, by the first line (decorators included) of what they are
   * for: at most `limit` of them asked, the answers checked (summaryLine); {} when it failed.
   */
  summarize(file: FileReview, limit: number, signal?: AbortSignal): Promise<Record<number, string>>;
}

/** A function or class whose generated docstring the model is asked a summary line for. */
export interface SummaryTarget {
  line: number;
  name: string;
  kind: 'function' | 'class';
  source: string;
}

/** What of a file the model is asked summary lines for: its definitions without a docstring, in order. */
export function summaryTargets(file: FileReview, limit: number): SummaryTarget[] {
  const targets: SummaryTarget[] = [
    ...file.functions
      .filter((fn) => fn.generatedDocstring !== undefined)
      .map((fn) => ({ line: fn.line, name: fn.qualifiedName, kind: 'function' as const, source: fn.source })),
    ...(file.classes ?? []).map((cls) => ({
      line: cls.line,
      name: cls.name,
      kind: 'class' as const,
      source: cls.source,
    })),
  ];
  return targets.sort((left, right) => left.line - right.line).slice(0, Math.max(0, limit));
}

/** Definitions asked about in one request (their sources within MAX_SUMMARY_PROMPT_CHARS). */
export const SUMMARIES_PER_REQUEST = 20;
const MAX_SUMMARY_SOURCE_CHARS = 1_500;
const MAX_SUMMARY_CHARS = 100;

interface SummaryAnswer {
  summaries: Array<{ line: number; summary: string }>;
}

const summarySchema = jsonSchema<SummaryAnswer>({
  type: 'object',
  additionalProperties: false,
  required: ['summaries'],
  properties: {
    summaries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['line', 'summary'],
        properties: { line: { type: 'integer' }, summary: { type: 'string' } },
      },
    },
  },
});

const SUMMARY_SYSTEM = [
  'You write the first line of the docstring of Python functions and classes.',
  'For each definition you are given (by its line), answer one sentence of at most 100 characters saying what it does',
  '(a function: in the imperative mood, "Return the ...", "Parse ..."; a class: what an instance is),',
  'from what its code shows; do not repeat its name, do not describe the arguments one by one, use no quotes or backslashes.',
].join(' ');

/**
 * The model's summary line made safe, or undefined: one line of printable text, no backslash or
 * quote that would need escaping inside `"""`, at most MAX_SUMMARY_CHARS, starting with a capital
 * and ending with a full stop (ruff's D403, D415).
 */
export function summaryLine(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const line = text.trim();
  if (line.length < 3 || line.length > MAX_SUMMARY_CHARS) return undefined;
  // Printable text only, and nothing a docstring would need to escape or that would end it.
  if (/[\p{Cc}\p{Zl}\p{Zp}\\"]/u.test(line)) return undefined;
  if (!/^\p{L}/u.test(line)) return undefined;
  const capitalised = `${line[0]!.toUpperCase()}${line.slice(1)}`;
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** The improver of the configured model, or undefined without one. */
export function createModelImprover(
  config: LlmConfig,
  log?: { warn(object: object, message: string): void },
  onUsage?: (usage: ModelUsage) => void,
): ModelImprover | undefined {
  const model = configuredLanguageModel(config, { structuredOutputs: true, ...(onUsage ? { onUsage } : {}) });
  if (!model || !config.model) return undefined;
  return {
    name: config.model,
    async improve(fn, signal) {
      if (fn.source.length > MAX_SOURCE_CHARS) return [];
      const known = fn.findings.map(
        (finding) => `- ${finding.code} (line ${finding.line}): ${finding.message}`,
      );
      try {
        const { output } = await generateText({
          model,
          system: SYSTEM,
          prompt: `Function \`${fn.qualifiedName}\`:\n\n\`\`\`python\n${fn.source}\n\`\`\`\n\nFindings already reported:\n${known.join('\n') || '(none)'}`,
          output: Output.object({ schema: answerSchema }),
          maxOutputTokens: config.maxOutputTokens,
          ...callLimits(config, { signal, timeoutMs: config.timeoutMs * 2 }),
        });
        return toFindings(fn, output as ModelAnswer);
      } catch (error) {
        if (signal?.aborted) throw error;
        log?.warn({ err: error, function: fn.qualifiedName }, 'the language model gave no usable review');
        return [];
      }
    },
    async summarize(file, limit, signal) {
      const targets = summaryTargets(file, limit);
      const found: Record<number, string> = {};
      for (let start = 0; start < targets.length; start += SUMMARIES_PER_REQUEST) {
        const batch = targets.slice(start, start + SUMMARIES_PER_REQUEST);
        const wanted = new Set(batch.map((target) => target.line));
        try {
          const { output } = await generateText({
            model,
            system: SUMMARY_SYSTEM,
            prompt: batch
              .map(
                (target) =>
                  `Line ${target.line}, ${target.kind} \`${target.name}\`:\n\`\`\`python\n${target.source.length > MAX_SUMMARY_SOURCE_CHARS ? `${target.source.slice(0, MAX_SUMMARY_SOURCE_CHARS)}\n...` : target.source}\n\`\`\``,
              )
              .join('\n\n'),
            output: Output.object({ schema: summarySchema }),
            maxOutputTokens: config.maxOutputTokens,
            ...callLimits(config, { signal }),
          });
          for (const entry of (output as SummaryAnswer)?.summaries ?? []) {
            const line = summaryLine(entry?.summary);
            if (line && wanted.has(entry.line)) found[entry.line] = line;
          }
        } catch (error) {
          if (signal?.aborted) throw error;
          log?.warn({ err: error, file: file.path }, 'the language model gave no usable docstring summaries');
        }
      }
      return found;
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

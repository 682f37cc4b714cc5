// Every text the chats send to the language model, and the canned answers given without one, in
// one place to review. The LLM stand-in (src/test/llm-standin.ts) reads the passage layout of
// `knowledgeSystemPrompt` to cite them back: keep the two in step.
import { DEPARTMENT_LABELS, type Department } from '../knowledge/index.js';

/** The general AI chat (openai mode). */
export const GPT_SYSTEM_PROMPT = [
  'You are Digital Assistant, the internal AI assistant of the company, talking with a member of staff.',
  'Answer helpfully, accurately and concisely. Use Markdown: short paragraphs, lists where they help,',
  'fenced code blocks with a language for code. If you do not know something, say so rather than guess.',
  'Never include raw HTML or scripts in your answer.',
].join('\n');

/** One passage of the knowledge base as the model sees it. */
export interface PromptPassage {
  /** The number its citation marker uses: [n]. */
  number: number;
  document: string;
  /** Where in the document, e.g. "page 3 · Remote access > VPN"; empty when unknown. */
  location: string;
  text: string;
}

/**
 * The knowledge chat: answer from the numbered passages only, citing each claim with its marker.
 * Layout of each passage (the stand-in relies on it): a line `[n] document — location`, then the
 * passage text, then a blank line.
 */
export function knowledgeSystemPrompt(department: Department, passages: readonly PromptPassage[]): string {
  const listed = passages
    .map(
      (passage) =>
        `[${passage.number}] ${passage.document}${passage.location ? ` — ${passage.location}` : ''}\n${passage.text.trim()}`,
    )
    .join('\n\n');
  return [
    `You are Digital Assistant, answering a question for the ${DEPARTMENT_LABELS[department]} department from the company's knowledge base.`,
    'Use only the numbered passages below. After every sentence that uses a passage, cite it with its number in',
    'square brackets, e.g. [1] or [1][3]. Cite only numbers listed below. If the passages do not answer the',
    'question, say that the knowledge base does not cover it; never invent an answer. Answer in Markdown,',
    'without raw HTML.',
    '',
    'Passages:',
    '',
    listed,
  ].join('\n');
}

/**
 * The AI chat with files the person attached: the general prompt, then their numbered passages in
 * the knowledge prompt's layout (which the stand-in reads), cited the same way.
 */
export function attachedFilesSystemPrompt(passages: readonly PromptPassage[]): string {
  const listed = passages
    .map(
      (passage) =>
        `[${passage.number}] ${passage.document}${passage.location ? ` — ${passage.location}` : ''}\n${passage.text.trim()}`,
    )
    .join('\n\n');
  return [
    GPT_SYSTEM_PROMPT,
    '',
    'The person attached files to the conversation; the numbered passages below are from them. When you use a',
    'passage, cite it with its number in square brackets, e.g. [1] or [1][3]. Cite only numbers listed below.',
    '',
    'Passages:',
    '',
    listed,
  ].join('\n');
}

/** Heading of an extractive answer from attached files (no model configured). */
export const ATTACHED_EXCERPTS_INTRO =
  'No language model is configured, so here are the most relevant excerpts from your attached files, quoted as they are:';

/** Said when retrieval finds nothing relevant (no model is asked). */
export function nothingFoundAnswer(department: Department): string {
  const where =
    department === 'knowledge' ? 'the knowledge base' : `the ${DEPARTMENT_LABELS[department]} knowledge base`;
  return `I could not find anything about this in ${where}, so I cannot answer it from our documents. Try other words, or ask in another department.`;
}

/** Heading of an extractive answer (no model configured). */
export const EXCERPTS_INTRO =
  'No language model is configured, so here are the most relevant excerpts from the knowledge base, quoted as they are:';

/** An excerpt of an extractive answer: the passage quoted, then its citation marker. */
export function excerptBlock(number: number, document: string, location: string, text: string): string {
  const quoted = text
    .trim()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  return `**Excerpt ${number}** — ${document}${location ? `, ${location}` : ''} [${number}]\n\n${quoted}`;
}

/** The answer to show when the model was not configured for the AI chat. */
export const MODEL_NOT_CONFIGURED_MESSAGE =
  'The AI chat needs a language model, and none is configured on this server. An administrator sets LLM_BASE_URL (an OpenAI-compatible API) and LLM_MODEL (and LLM_API_KEY if it needs one).';

const LABEL_MAX = 48;

/**
 * What the model is asked to name a new conversation (its ChipSummary) with. The LLM stand-in
 * recognises this request by its first words, "Name the conversation": keep the two in step.
 */
export const LABEL_SYSTEM_PROMPT =
  'Name the conversation that starts with the question below in at most six words, in the language of the question. Answer with the name alone: no quotes, no full stop.';

/** The model's name for a conversation as a label: its first line, unquoted, shortened at a word. */
export function modelLabel(answer: string): string | undefined {
  const line = answer
    .split('\n')
    .map((candidate) => candidate.trim())
    .find(Boolean);
  if (!line) return undefined;
  const name = line
    .replace(/^["'“‘«]+|["'”’»]+$/g, '')
    .replace(/[.。]+$/, '')
    .trim();
  return name ? conversationLabel(name) : undefined;
}

/** A new conversation's label (ChipSummary) without a model's: its first question, on one line, shortened at a word. */
export function conversationLabel(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= LABEL_MAX) return line;
  const cut = line.slice(0, LABEL_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > LABEL_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A rough token count (about four characters a token, plus the message's framing). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

// The knowledge chat's answer: retrieval for the department and the caller (searchKnowledge applies
// visibility: a PGA document never reaches someone without the PGA capability), the passages kept
// as numbered sources, then either the model's cited answer, an extractive answer (no model), or
// the plain statement that nothing relevant was found.
import type { components } from '../../generated/contract.js';
import type { Queryable } from '../../platform/db/db.js';
import type { ChatModel } from '../../platform/llm/index.js';
import type { Department, Viewer } from '../knowledge/index.js';
import {
  citationLink,
  type KnowledgeHit,
  searchKnowledge,
  type VectorRetriever,
} from '../knowledge/index.js';
import { type AttachedPassage, attachedLocation, attachedSource } from './attachments.js';
import { CitationFilter } from './citations.js';
import {
  ATTACHED_EXCERPTS_INTRO,
  EXCERPTS_INTRO,
  excerptBlock,
  knowledgeSystemPrompt,
  nothingFoundAnswer,
  type PromptPassage,
} from './prompts.js';

type KnowledgeSource = components['schemas']['KnowledgeSource'];

/** Passages given to the model (or quoted). */
export const PASSAGES = 5;
/** Passages quoted by an extractive answer. */
export const EXCERPTS = 3;
/**
 * The least share of the question's weight a partial match (only some of its words found) must have
 * to be used. A model reads the passages and says when they do not answer ("can I work from
 * abroad?" scores about 0.2 on the right passage, "tell me a joke" as much on a wrong one), so it
 * gets the weak ones too; an extractive answer quotes what it is given, so it takes only strong
 * matches: "what is the weather in Paris" must not be answered by quoting the travel policy.
 */
export const MIN_PARTIAL_SCORE = { model: 0.12, excerpts: 0.3 };
/** Longest quoted excerpt, in characters (cut at a word). */
const EXCERPT_CHARS = 700;

/** Where a passage is, for a person: page or slide, then its heading path. */
export function describeLocation(location: KnowledgeHit['location']): string {
  const parts: string[] = [];
  if (location.page !== undefined) parts.push(`page ${location.page}`);
  if (location.slide !== undefined) parts.push(`slide ${location.slide}`);
  if (location.headingPath.length > 0) parts.push(location.headingPath.join(' > '));
  return parts.join(' · ');
}

export interface Retrieved {
  hits: KnowledgeHit[];
  /** Keyed by the marker number: "1", "2", ... */
  sources: Record<string, KnowledgeSource>;
  passages: PromptPassage[];
  /** How many of the first passages are of files the person attached. */
  attached?: number;
}

/**
 * The passages of the person's attached files first (they asked about them), then the knowledge
 * base's, numbered again in that order.
 */
export function withAttached(retrieved: Retrieved, attached: readonly AttachedPassage[]): Retrieved {
  if (attached.length === 0) return retrieved;
  const sources: Record<string, KnowledgeSource> = {};
  const passages: PromptPassage[] = [];
  attached.forEach((entry, index) => {
    sources[String(index + 1)] = attachedSource(entry);
    passages.push({
      number: index + 1,
      document: entry.file.name,
      location: attachedLocation(entry.passage),
      text: entry.passage.text,
    });
  });
  retrieved.passages.forEach((passage, index) => {
    const number = attached.length + index + 1;
    sources[String(number)] = retrieved.sources[String(passage.number)]!;
    passages.push({ ...passage, number });
  });
  return { hits: retrieved.hits, sources, passages, attached: attached.length };
}

export async function retrieve(
  db: Queryable,
  question: string,
  viewer: Viewer,
  department: Department,
  reader: keyof typeof MIN_PARTIAL_SCORE,
  vectors?: VectorRetriever,
): Promise<Retrieved> {
  const hits = await searchKnowledge(
    db,
    {
      query: question,
      viewer,
      department,
      k: PASSAGES,
      minPartialScore: MIN_PARTIAL_SCORE[reader],
      // A quoted excerpt must share words with the question; a model judges what it is given.
      includeVectorOnly: reader === 'model',
    },
    vectors ? { vectors } : {},
  );
  const sources: Record<string, KnowledgeSource> = {};
  const passages: PromptPassage[] = [];
  hits.forEach((hit, index) => {
    const number = index + 1;
    const location = describeLocation(hit.location);
    const link = citationLink(hit);
    sources[String(number)] = {
      context: hit.text,
      references: [link],
      document: hit.documentName,
      ...(location ? { location } : {}),
      link,
      snippet: hit.snippet,
      document_id: hit.documentId,
    };
    passages.push({ number, document: hit.documentName, location, text: hit.text });
  });
  return { hits, sources, passages };
}

/** The answer's text, piece by piece. */
export function knowledgePieces(
  retrieved: Retrieved,
  question: string,
  department: Department,
  model: ChatModel | undefined,
  signal: AbortSignal,
): AsyncIterable<string> {
  if (retrieved.passages.length === 0) return single(nothingFoundAnswer(department));
  if (!model) {
    return excerpts(retrieved.passages, retrieved.attached ? ATTACHED_EXCERPTS_INTRO : EXCERPTS_INTRO);
  }
  const stream = model.stream({
    system: knowledgeSystemPrompt(department, retrieved.passages),
    messages: [{ role: 'user', content: question }],
    signal,
  });
  return cited(stream, new Set(Object.keys(retrieved.sources)));
}

async function* single(text: string): AsyncIterable<string> {
  yield text;
}

/** The most relevant passages quoted, labelled as excerpts, each with its citation marker. */
export async function* excerpts(passages: readonly PromptPassage[], intro: string): AsyncIterable<string> {
  yield `${intro}\n\n`;
  const quoted = passages.slice(0, EXCERPTS);
  for (const [index, passage] of quoted.entries()) {
    const block = excerptBlock(passage.number, passage.document, passage.location, shorten(passage.text));
    yield index < quoted.length - 1 ? `${block}\n\n` : block;
  }
}

function shorten(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= EXCERPT_CHARS) return trimmed;
  const cut = trimmed.slice(0, EXCERPT_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > EXCERPT_CHARS / 2 ? space : EXCERPT_CHARS).trimEnd()} …`;
}

/** The model's text with markers naming no source removed (pieces never empty). */
export async function* cited(
  stream: AsyncIterable<string>,
  valid: ReadonlySet<string>,
): AsyncIterable<string> {
  const filter = new CitationFilter(valid);
  for await (const piece of stream) {
    const shown = filter.push(piece);
    if (shown) yield shown;
  }
  const rest = filter.end();
  if (rest) yield rest;
}

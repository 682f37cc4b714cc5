// Sections to chunks of roughly `targetTokens`: consecutive blocks with the same location (heading
// path, page, slide) are packed together; a chunk never spans two locations, so every hit can say
// exactly where it comes from. A location longer than one chunk is cut at block, then sentence,
// then word boundaries, and each following chunk repeats the end of the previous one (overlap) so
// a sentence cut in two is still found whole.

import type { Section } from './parse/types.js';
import type { ChunkVectors } from './text-vector.js';

export interface Chunk {
  /** 0-based position in the document. */
  ordinal: number;
  headingPath: string[];
  page?: number;
  slide?: number;
  text: string;
  /** Estimated tokens (about four characters each). */
  tokens: number;
  /**
   * The vectors stored with the chunk for search, when computed before it reaches the database (see
   * text-vector.ts); the database computes them otherwise.
   */
  vectors?: ChunkVectors;
}

/** The heading path as one line ("Guide › Travel"), searched with the chunk. */
export function chunkHeading(chunk: Pick<Chunk, 'headingPath'>): string {
  return chunk.headingPath.join(' › ');
}

export interface ChunkOptions {
  /** Size to aim for. @default 300 */
  targetTokens?: number;
  /** Tokens repeated from the end of the previous chunk of the same location. @default 40 */
  overlapTokens?: number;
}

/** A rough token count: about four characters per token in English prose. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Packs sections into chunks that keep their heading path and page or slide.
 *
 * @example
 * chunkSections(result.sections, { targetTokens: 300, overlapTokens: 40 })
 */
export function chunkSections(sections: readonly Section[], options: ChunkOptions = {}): Chunk[] {
  const target = Math.max(20, options.targetTokens ?? 300);
  const overlap = Math.max(0, Math.min(options.overlapTokens ?? 40, Math.floor(target / 3)));
  const chunks: Chunk[] = [];
  let index = 0;
  while (index < sections.length) {
    const first = sections[index]!;
    const key = locationKey(first);
    const pieces: string[] = [];
    while (index < sections.length && locationKey(sections[index]!) === key) {
      const text = sections[index]!.text.trim();
      if (text) pieces.push(...splitToFit(text, target));
      index++;
    }
    for (const text of pack(pieces, target, overlap)) {
      chunks.push({
        ordinal: chunks.length,
        headingPath: [...first.headingPath],
        ...(first.page !== undefined ? { page: first.page } : {}),
        ...(first.slide !== undefined ? { slide: first.slide } : {}),
        text,
        tokens: estimateTokens(text),
      });
    }
  }
  return chunks;
}

function locationKey(section: Section): string {
  return JSON.stringify([section.headingPath, section.page ?? null, section.slide ?? null]);
}

/** Cuts one block into pieces of at most `target` tokens, at sentence and then word boundaries. */
function splitToFit(text: string, target: number): string[] {
  if (estimateTokens(text) <= target) return [text];
  const pieces: string[] = [];
  for (const sentence of text.split(/(?<=[.!?;:])\s+|\n+/)) {
    if (estimateTokens(sentence) <= target) {
      pieces.push(sentence);
      continue;
    }
    let current = '';
    // A "word" longer than a chunk (an encoded blob, a URL) is cut too, so no chunk exceeds the target.
    const words = sentence
      .split(/\s+/)
      .flatMap((word) =>
        word.length > target * 4 ? (word.match(new RegExp(`.{1,${target * 4}}`, 'g')) ?? []) : [word],
      );
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (current && estimateTokens(next) > target) {
        pieces.push(current);
        current = word;
      } else current = next;
    }
    if (current) pieces.push(current);
  }
  // Sentences are packed again below; they are pieces here only so no piece exceeds the target.
  return pieces.filter(Boolean);
}

function pack(pieces: string[], target: number, overlap: number): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const piece of pieces) {
    const size = estimateTokens(piece);
    if (current.length > 0 && tokens + size > target) {
      chunks.push(current.join('\n'));
      current = tail(current, overlap);
      tokens = current.reduce((sum, part) => sum + estimateTokens(part), 0);
      // The overlap must never push a piece over the target on its own.
      if (tokens + size > target) {
        current = [];
        tokens = 0;
      }
    }
    current.push(piece);
    tokens += size;
  }
  if (current.length > 0) chunks.push(current.join('\n'));
  return chunks;
}

/** The end of a chunk worth about `overlap` tokens: whole pieces, or the last words of the last one. */
function tail(pieces: string[], overlap: number): string[] {
  if (overlap === 0) return [];
  const kept: string[] = [];
  let tokens = 0;
  for (let index = pieces.length - 1; index >= 0; index--) {
    const size = estimateTokens(pieces[index]!);
    if (tokens + size > overlap) break;
    kept.unshift(pieces[index]!);
    tokens += size;
  }
  if (kept.length > 0) return kept;
  const words = pieces.at(-1)!.split(/\s+/);
  const ending: string[] = [];
  for (let index = words.length - 1; index >= 0; index--) {
    if (estimateTokens([words[index], ...ending].join(' ')) > overlap) break;
    ending.unshift(words[index]!);
  }
  return ending.length > 0 ? [`… ${ending.join(' ')}`] : [];
}

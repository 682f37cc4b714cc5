import { describe, expect, it } from 'vitest';
import { chunkSections, estimateTokens } from './chunk.js';
import type { Section } from './parse/types.js';

const sentence = (index: number) =>
  `Sentence number ${index} explains one more step of the procedure in detail.`;

describe('chunking sections', () => {
  it('packs short blocks of one location together and never mixes two locations in a chunk', () => {
    const sections: Section[] = [
      { headingPath: ['Guide', 'Install'], text: 'Open the Software Center.' },
      { headingPath: ['Guide', 'Install'], text: 'Search for GlobalProtect.' },
      { headingPath: ['Guide', 'Connect'], text: 'Click Connect.' },
      { headingPath: ['Guide', 'Connect'], page: 2, text: 'Approve the prompt.' },
    ];
    expect(chunkSections(sections)).toEqual([
      {
        ordinal: 0,
        headingPath: ['Guide', 'Install'],
        text: 'Open the Software Center.\nSearch for GlobalProtect.',
        tokens: 13,
      },
      { ordinal: 1, headingPath: ['Guide', 'Connect'], text: 'Click Connect.', tokens: 4 },
      { ordinal: 2, headingPath: ['Guide', 'Connect'], page: 2, text: 'Approve the prompt.', tokens: 5 },
    ]);
  });

  it('cuts a long section near the target size with overlap, keeping its heading path and slide', () => {
    const text = Array.from({ length: 60 }, (_, index) => sentence(index)).join(' ');
    const chunks = chunkSections([{ headingPath: ['Runbook', 'Reset'], slide: 4, text }], {
      targetTokens: 100,
      overlapTokens: 20,
    });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(100);
      expect(chunk).toMatchObject({ headingPath: ['Runbook', 'Reset'], slide: 4 });
    }
    // Each chunk after the first starts with the last sentence of the one before it.
    for (let index = 1; index < chunks.length; index++) {
      const previousLast = chunks[index - 1]!.text.split('\n').at(-1)!;
      expect(chunks[index]!.text.startsWith(previousLast)).toBe(true);
    }
    // Nothing is lost: every sentence is in some chunk.
    for (let index = 0; index < 60; index++) {
      expect(chunks.some((chunk) => chunk.text.includes(sentence(index)))).toBe(true);
    }
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
  });

  it('cuts a single sentence longer than a chunk at word boundaries', () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
    const chunks = chunkSections([{ headingPath: [], text: words }], { targetTokens: 50, overlapTokens: 0 });
    expect(chunks.every((chunk) => chunk.tokens <= 50)).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(words);
  });

  it('cuts a "word" longer than a chunk, such as an encoded blob', () => {
    const blob = 'A'.repeat(5000);
    const chunks = chunkSections([{ headingPath: [], text: `Payload: ${blob}` }], {
      targetTokens: 100,
      overlapTokens: 0,
    });
    expect(chunks.every((chunk) => chunk.tokens <= 100)).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(`Payload:${blob}`);
  });

  it('estimates about four characters per token', () => {
    expect(estimateTokens('a'.repeat(400))).toBe(100);
  });
});

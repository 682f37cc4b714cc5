import { describe, expect, it } from 'vitest';
import { MarkdownBlockSplitter, splitMarkdownBlocks } from './MarkdownBlockSplitter';

const answer = [
  '# Resetting the VPN',
  '',
  'First, open the client.',
  '',
  '```bash',
  'vpn reset --all',
  '```',
  '',
  '1. Sign in',
  '2. Approve the prompt',
  '',
  '| Step | Time |',
  '| --- | --- |',
  '| Reset | 1 min |',
  '',
  'Done.',
].join('\n');

describe('MarkdownBlockSplitter', () => {
  it('cuts an answer into its top-level blocks, keeping every character', () => {
    const { blocks } = splitMarkdownBlocks(answer);
    expect(blocks.map((block) => block.trim().split('\n')[0])).toEqual([
      '# Resetting the VPN',
      'First, open the client.',
      '```bash',
      '1. Sign in',
      '| Step | Time |',
      'Done.',
    ]);
    expect(blocks.join('')).toBe(answer);
  });

  it('gives the same blocks streamed in any chunk size as in one go', () => {
    const expected = splitMarkdownBlocks(answer).blocks;
    for (const size of [1, 3, 7, 40]) {
      const splitter = new MarkdownBlockSplitter();
      let result = splitter.split('');
      for (let end = size; end < answer.length + size; end += size) {
        result = splitter.split(answer.slice(0, end));
      }
      expect(result.blocks).toEqual(expected);
    }
  });

  it('keeps settled blocks as the same strings while text is appended', () => {
    const splitter = new MarkdownBlockSplitter();
    const before = splitter.split(answer.slice(0, answer.indexOf('1. Sign in')));
    const after = splitter.split(answer);
    expect(after.blocks.slice(0, 2)).toEqual(before.blocks.slice(0, 2));
  });

  it('lets a list continue across a blank line when the next item arrives', () => {
    const splitter = new MarkdownBlockSplitter();
    splitter.split('Intro\n\n1. a\n\n2');
    const { blocks } = splitter.split('Intro\n\n1. a\n\n2. b');
    expect(blocks).toEqual(['Intro\n\n', '1. a\n\n2. b']);
  });

  it('starts again when the text is replaced rather than extended', () => {
    const splitter = new MarkdownBlockSplitter();
    splitter.split('one\n\ntwo\n\nthree\n\nfour');
    expect(splitter.split('other\n\ntext').blocks).toEqual(['other\n\n', 'text']);
  });

  it('collects link reference definitions for every block', () => {
    const { definitions } = splitMarkdownBlocks(
      'See [the guide][g].\n\nMore.\n\n[g]: https://example.com/guide',
    );
    expect(definitions).toBe('[g]: https://example.com/guide');
  });

  it('collects footnote definitions likewise, and cuts where the renderer sees blocks (a table right after a paragraph)', () => {
    const { blocks, definitions } = splitMarkdownBlocks(
      'Reset it[^1].\n\n[^1]: Settings, then VPN.\n\nSteps:\n| Step | Time |\n| --- | --- |\n| Reset | 1 min |',
    );
    expect(definitions).toBe('[^1]: Settings, then VPN.');
    expect(blocks.map((block) => block.trim().split('\n')[0])).toEqual([
      'Reset it[^1].',
      'Steps:',
      '| Step | Time |',
    ]);
  });

  it('treats Windows line ends like Unix ones', () => {
    expect(splitMarkdownBlocks('a\r\n\r\nb').blocks).toEqual(['a\n\n', 'b']);
  });

  describe('a long paragraph being written', () => {
    // The stand-in model's long answer is one paragraph; real ones mix in inline syntax.
    const words = Array.from({ length: 1000 }, (_, index) => {
      const word = `word${index + 1}`;
      if (index % 97 === 5) return `**${word}**`;
      if (index % 89 === 7) return `\`${word}\``;
      if (index % 83 === 9) return `[${word}](https://example.com/${word})`;
      if (index % 79 === 11) return `snake_${word}`;
      return word;
    });
    const paragraph = words.join(' ');

    function stream(text: string, size: number) {
      const splitter = new MarkdownBlockSplitter();
      let result = splitter.split('');
      for (let end = size; end < text.length + size; end += size) result = splitter.split(text.slice(0, end));
      return result;
    }

    it('is cut into pieces that join to it, with the same blocks as in one go', () => {
      const streamed = stream(`Intro.\n\n${paragraph}`, 17);
      expect(streamed.blocks).toEqual(splitMarkdownBlocks(`Intro.\n\n${paragraph}`).blocks);
      const pieces = streamed.paragraphPieces[1] ?? [];
      expect(pieces.length).toBeGreaterThan(5);
      expect(pieces.join('')).toBe(streamed.blocks[1]);
      expect(streamed.paragraphPieces[0]).toBeNull();
      // Each piece but the last ends with a single space before a word.
      for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/[^\s] $/);
    });

    it('is not cut while an emphasis, code span or link it opened may still close', () => {
      const open = `${words.slice(0, 300).join(' ')} *an emphasis that ${words.slice(300, 500).join(' ')} ends here* ${words.slice(500).join(' ')}`;
      const splitter = new MarkdownBlockSplitter();
      let pieces: readonly string[] = [];
      const inside = open.indexOf('*an emphasis');
      const closed = open.indexOf('ends here*') + 'ends here*'.length;
      for (let end = 13; end < open.length + 13; end += 13) {
        pieces = splitter.split(open.slice(0, end)).paragraphPieces[0] ?? [];
        // No cut between the opening * and its closing one.
        let at = 0;
        for (const piece of pieces.slice(0, -1)) {
          at += piece.length;
          expect(at <= inside || at >= closed).toBe(true);
        }
      }
      expect(pieces.length).toBeGreaterThan(2);
      expect(pieces.join('')).toBe(open);
    });

    it('becomes a heading, whole, when a setext underline follows it', () => {
      const text = `${paragraph}\n===\n\nAfter.`;
      const streamed = stream(text, 23);
      expect(streamed.blocks).toEqual(splitMarkdownBlocks(text).blocks);
      expect(streamed.blocks[0]?.trimEnd().endsWith('===')).toBe(true);
      expect(streamed.paragraphPieces[0]).toBeNull();
    });
  });
});

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
});

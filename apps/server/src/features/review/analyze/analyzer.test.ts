// The analyzer process as the review job uses it: its analysis threads share the batches, each
// writing its own file of JSON parts, and a process that dies fails the batches it had while the
// next batch starts a new one.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type SourceFile, sharedAnalyzer } from './analyzer.js';
import { reviewPythonFile } from './file.js';

const encoder = new TextEncoder();

function module(name: string, functions = 1): SourceFile {
  let source = '';
  for (let n = 0; n < functions; n++) source += `def ${name}_${n}(items):\n    return sorted(items)[0]\n\n`;
  return { path: `${name}.py`, bytes: encoder.encode(source) };
}

/** The analyzer child processes this process started (found through /proc, as `ps` would). */
function analyzerChildren(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === process.pid && command.includes('worker')) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

describe('the analyzer process with two analysis threads', () => {
  const { analyzer, parallelism } = sharedAnalyzer({ threads: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'analyzer-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shares batches sent together between its threads, each answer for its own batch', async () => {
    expect(parallelism).toBe(2);
    const batches = ['alpha', 'beta', 'gamma', 'delta'].map((name) => [module(name, 2)]);
    const answers = await Promise.all(batches.map((files) => analyzer.render(files, dir)));
    answers.forEach((answer, index) => {
      const name = batches[index]![0]!.path.replace('.py', '');
      expect(answer).toHaveLength(1);
      const { file, offset, length } = answer[0]!.json;
      const part = JSON.parse(
        readFileSync(file)
          .subarray(offset, offset + length)
          .toString('utf8'),
      );
      expect(part.name).toBe(`${name}.py`);
      expect(part.functions.map((fn: { name: string }) => fn.name)).toEqual([`${name}_0`, `${name}_1`]);
      expect(new TextDecoder().decode(answer[0]!.markdown)).toContain(`${name}_1`);
    });
    // Two threads wrote: one file of JSON parts each.
    expect(new Set(answers.map((answer) => answer[0]!.json.file)).size).toBe(2);
  });

  it('reviews a large file alone with both threads (ruff beside the tree) as it is reviewed in one', async () => {
    const large = module('large', 1500);
    expect(large.bytes.length).toBeGreaterThan(64 * 1024);
    const [review] = await analyzer.review([large]);
    expect(review).toEqual(await reviewPythonFile(large.path, large.bytes));
    expect(review!.functions).toHaveLength(1500);
    expect(review!.functions[0]!.findings.map((finding) => finding.source)).toContain('ruff');
  });

  it('fails the batches in hand when the process dies; the next batch starts a new one', async () => {
    const inHand = analyzer.review([module('large', 400)]);
    const [child] = analyzerChildren();
    expect(child).toBeDefined();
    process.kill(child!, 'SIGKILL');
    await expect(inHand).rejects.toThrow('The review process stopped (SIGKILL).');

    const [review] = await analyzer.review([module('after')]);
    expect(review!.functions.map((fn) => fn.name)).toEqual(['after_0']);
    expect(analyzerChildren()).not.toContain(child);
  });
});

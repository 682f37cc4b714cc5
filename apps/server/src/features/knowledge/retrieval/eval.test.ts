import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type TestDb } from '../../../test/harness.js';
import { demoDirectory } from '../demo/demo-set.js';
import { type Department, isDepartment } from '../departments.js';
import { addDemoDocuments, openKnowledgeTestDb } from '../test-support.js';
import { searchKnowledge } from './search.js';

interface EvalQuestion {
  question: string;
  department: string | null;
  document: string;
  section: string | null;
}

const questions: EvalQuestion[] = JSON.parse(
  readFileSync(path.join(demoDirectory(), 'eval.json'), 'utf8'),
).questions;

describe.each(BACKENDS)('retrieval evaluation over the demo knowledge set on %s', (backend) => {
  let test: TestDb;
  beforeAll(async () => {
    test = await openKnowledgeTestDb(backend);
    await addDemoDocuments(test.db);
  });
  afterAll(() => test.cleanup());

  async function evaluate(scope: 'department' | 'everywhere') {
    let found = 0;
    let reciprocalRanks = 0;
    const misses: string[] = [];
    for (const item of questions) {
      const department =
        scope === 'department' && item.department && isDepartment(item.department)
          ? (item.department as Department)
          : undefined;
      const hits = await searchKnowledge(test.db, {
        query: item.question,
        viewer: { role: 'CORE_ADMINS' },
        department,
        k: 5,
      });
      const rank = hits.findIndex(
        (hit) =>
          hit.documentName === item.document &&
          (item.section === null || hit.location.headingPath.includes(item.section)),
      );
      if (rank >= 0) {
        found++;
        reciprocalRanks += 1 / (rank + 1);
      } else {
        misses.push(
          `  ${item.question} -> ${hits.map((hit) => `${hit.documentName}#${hit.location.headingPath.at(-1) ?? ''}`).join(' | ') || '(nothing)'}`,
        );
      }
    }
    const recall = found / questions.length;
    const mrr = reciprocalRanks / questions.length;
    console.log(
      `[${backend}] full text, asked ${scope === 'department' ? 'in the department chat' : 'in Knowledge (every department)'}, ${questions.length} questions: recall@5 ${recall.toFixed(3)}, MRR ${mrr.toFixed(3)}` +
        (misses.length ? `\nmissed:\n${misses.join('\n')}` : ''),
    );
    return { recall, mrr };
  }

  it('finds the answering section in the top 5 for most questions asked in their department (recall@5, MRR)', async () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    const { recall, mrr } = await evaluate('department');
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(mrr).toBeGreaterThanOrEqual(0.6);
  });

  it('still finds most answers when the same questions are asked across every department', async () => {
    const { recall, mrr } = await evaluate('everywhere');
    expect(recall).toBeGreaterThanOrEqual(0.75);
    expect(mrr).toBeGreaterThanOrEqual(0.5);
  });
});

import type { KnowledgeSource } from '@digital-assistant/sdk';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../test-support/api';
import { answerSourceList, createDocumentAvailability } from './answer-sources';

const source = (document: string, extra: Partial<KnowledgeSource> = {}): KnowledgeSource => ({
  context: `A passage of ${document}`,
  references: [],
  document,
  ...extra,
});

const sources: Record<string, KnowledgeSource> = {
  '1': source('handbook.pdf', { location: 'page 3', document_id: 'doc-a' }),
  '2': source('vpn-guide.md', { document_id: 'doc-b' }),
  '3': source('handbook.pdf', { location: 'page 3', document_id: 'doc-a' }),
  '4': source('handbook.pdf', { location: 'page 9', document_id: 'doc-a' }),
};

describe('an answer’s list of sources', () => {
  it('names each cited document and page once, in the order the answer first cites it', () => {
    const list = answerSourceList(
      'Connect first [2]. The rules are in the handbook [3, 1], also [4] and [2].',
      sources,
    );
    expect(list.map((entry) => [entry.source.document, entry.source.location, entry.ids])).toEqual([
      ['vpn-guide.md', undefined, ['2']],
      ['handbook.pdf', 'page 3', ['3', '1']],
      ['handbook.pdf', 'page 9', ['4']],
    ]);
    expect(list[0]?.documentId).toBe('doc-b');
  });

  it('leaves out sources the answer does not cite, and lists them all when it cites none', () => {
    expect(
      answerSourceList('Only this [4], and a marker naming nothing [7].', sources).map((e) => e.ids),
    ).toEqual([['4']]);
    expect(answerSourceList('No markers at all.', sources).map((entry) => entry.ids)).toEqual([
      ['1', '3'],
      ['2'],
      ['4'],
    ]);
    expect(answerSourceList('Anything [1]', undefined)).toEqual([]);
  });
});

describe('which cited documents still open', () => {
  it('marks a document the server no longer has as removed, asking once for documents asked together', async () => {
    const api = createTestApi();
    const asked: string[] = [];
    api.use({
      'GET /api/knowledge/documents/available': ({ query }) => {
        asked.push(String(query.ids));
        return Response.json({
          ids: String(query.ids)
            .split(',')
            .filter((id) => id !== 'doc-gone'),
        });
      },
    });
    const availability = createDocumentAvailability(api.client);
    const changed = new Promise<void>((resolve) => availability.subscribe(resolve));
    availability.check(['doc-a', 'doc-gone']);
    availability.check(['doc-a']);
    await changed;
    expect(asked).toEqual(['doc-a,doc-gone']);
    expect(availability.getSnapshot().get('doc-a')).toBe('available');
    expect(availability.getSnapshot().get('doc-gone')).toBe('removed');
  });

  it('leaves every document unknown on a server without the operation', async () => {
    const api = createTestApi({ isSeedOnly: true });
    const availability = createDocumentAvailability(api.client);
    availability.check(['doc-a']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(availability.getSnapshot().get('doc-a')).toBeUndefined();
  });
});

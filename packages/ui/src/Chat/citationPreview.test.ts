import { describe, expect, it } from 'vitest';
import { citationPreview } from './citationPreview';

describe('citationPreview', () => {
  it('uses the document, location and link a server adds to a source', () => {
    const preview = citationPreview('2', {
      context: 'Reset the adapter.',
      references: ['vpn.pdf'],
      ...({
        document: 'VPN troubleshooting.pdf',
        location: { page: 3 },
        link: '/api/knowledge/documents/d-1',
      } as object),
    } as never);
    expect(preview).toMatchObject({
      id: '2',
      document: 'VPN troubleshooting.pdf',
      location: 'Page 3',
      snippet: 'Reset the adapter.',
      link: '/api/knowledge/documents/d-1',
    });
  });

  it('derives the document and link from the references alone', () => {
    expect(
      citationPreview('1', { context: 'x', references: ['https://docs.example.com/it/Service%20desk.pptx'] }),
    ).toMatchObject({
      document: 'Service desk.pptx',
      link: 'https://docs.example.com/it/Service%20desk.pptx',
    });
    expect(citationPreview('4', { context: 'x', references: [] })).toMatchObject({
      document: 'Source 4',
      link: undefined,
    });
  });

  it('never links an unsafe address', () => {
    const preview = citationPreview('1', {
      context: 'x',
      references: ['guide.md'],
      ...({ link: 'javascript:alert(1)' } as object),
    } as never);
    expect(preview.link).toBeUndefined();
    expect(preview.document).toBe('guide.md');
  });

  it('shortens a long passage at a word boundary', () => {
    const passage = 'word '.repeat(200);
    const { snippet } = citationPreview('1', { context: passage, references: [] });
    expect(snippet.length).toBeLessThanOrEqual(281);
    expect(snippet.endsWith('word…')).toBe(true);
  });
});

// @vitest-environment jsdom

import {
  canReingestDocument,
  documentStatusTone,
  knowledgeDocumentsPage,
  knowledgeDocumentsQuery,
} from '@digital-assistant/core';
import type { KnowledgeDocument } from '@digital-assistant/sdk';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProvider } from '../test-support/render';
import { useKnowledgeDocumentsTable } from './knowledge-hooks';

const document = (
  name: string,
  state: KnowledgeDocument['state'] = 'ready',
  extra: Partial<KnowledgeDocument> = {},
): KnowledgeDocument => ({
  document: name,
  status: {
    queued: 'Queued',
    parsing: 'Parsing',
    ready: 'Ready',
    no_text: 'No text to index',
    failed: 'Failed',
    unsupported_legacy: 'Convert to .pptx',
  }[state],
  id: `id-${name}`,
  state,
  departments: ['knowledge'],
  size: 1200,
  updated_at: '2026-11-02T09:00:00Z',
  reason: null,
  chunk_count: 0,
  ...extra,
});

/** 60 documents, doc-01.md to doc-60.md, newest first as the server lists them. */
const many = Array.from({ length: 60 }, (_, index) =>
  document(`doc-${String(60 - index).padStart(2, '0')}.md`),
);

const names = (documents: readonly KnowledgeDocument[]) => documents.map((entry) => entry.document);

describe('the File Status page of a list', () => {
  const view = { search: '', sort: { column: null, direction: 'none' } as const, page: 1, pageSize: 25 };

  it('asks the server for the search, the sort and the page', () => {
    expect(knowledgeDocumentsQuery(view)).toEqual({ limit: 25, offset: 0 });
    expect(
      knowledgeDocumentsQuery({
        ...view,
        search: '  Policy ',
        sort: { column: 'status', direction: 'descending' },
        page: 3,
      }),
    ).toEqual({ q: 'Policy', sort: 'status', order: 'desc', limit: 25, offset: 50 });
  });

  it("takes a server's page as it is, with its total and the whole base's counts", () => {
    const page = knowledgeDocumentsPage(
      { documents: many.slice(0, 25), total: 60, counts: { documents: 61, ready: 60, in_progress: 1 } },
      { ...view, page: 2 },
    );
    expect(page).toMatchObject({
      totalCount: 60,
      counts: { documents: 61, ready: 60, inProgress: 1 },
      isServerPaged: true,
    });
    expect(page.documents).toHaveLength(25);
  });

  it("makes the page from a server's whole list: search, sort by what is shown, empty reasons last", () => {
    const list = [
      document('b-notes.txt', 'failed', { reason: 'Damaged.', departments: ['it'] }),
      document('A-guide.pdf', 'ready', { departments: ['education'] }),
      document('c-photo.jpg', 'no_text', { reason: 'No text.', departments: ['knowledge'] }),
    ];
    const page = (
      sort: {
        column: 'document' | 'departments' | 'reason' | 'status';
        direction: 'ascending' | 'descending';
      },
      search = '',
    ) => names(knowledgeDocumentsPage({ documents: list }, { ...view, sort, search }).documents);
    expect(page({ column: 'document', direction: 'ascending' })).toEqual([
      'A-guide.pdf',
      'b-notes.txt',
      'c-photo.jpg',
    ]);
    // 'All departments', 'Education', 'IT'.
    expect(page({ column: 'departments', direction: 'ascending' })).toEqual([
      'c-photo.jpg',
      'A-guide.pdf',
      'b-notes.txt',
    ]);
    expect(page({ column: 'reason', direction: 'descending' })).toEqual([
      'c-photo.jpg',
      'b-notes.txt',
      'A-guide.pdf',
    ]);
    expect(page({ column: 'status', direction: 'ascending' }, 'o')).toEqual(['b-notes.txt', 'c-photo.jpg']);
    expect(knowledgeDocumentsPage({ documents: list }, view)).toMatchObject({
      totalCount: 3,
      counts: { documents: 3, ready: 1, inProgress: 0 },
      isServerPaged: false,
    });
  });

  it('styles no text to index as information and offers re-ingesting only where it can change the outcome', () => {
    const photo = document('photo.jpg', 'no_text');
    const deck = document('deck.ppt', 'unsupported_legacy');
    const broken = document('broken.pdf', 'failed');
    const queued = document('new.md', 'queued');
    const ready = document('guide.md');
    expect([photo, deck, broken, queued, ready].map(documentStatusTone)).toEqual([
      'info',
      'action',
      'error',
      'progress',
      'ready',
    ]);
    expect([photo, deck, broken, queued, ready].map(canReingestDocument)).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);
    // A server that sends only the spec's fields: by the status text, and nothing to re-ingest without an id.
    expect(documentStatusTone({ document: 'x.gif', status: 'No text to index' })).toBe('info');
    expect(canReingestDocument({ document: 'x.md', status: 'Failed' })).toBe(false);
  });
});

describe('useKnowledgeDocumentsTable', () => {
  it('pages, sorts and searches a whole list from a server without the extension', async () => {
    const { result, api } = renderWithProvider(() => useKnowledgeDocumentsTable({ searchDelayMs: 10 }), {
      knowledgeDocuments: many,
    });
    await waitFor(() => expect(result.current.documents).toHaveLength(25));
    expect(result.current).toMatchObject({ totalCount: 60, pageCount: 3, page: 1, isServerPaged: false });
    expect(result.current.documents[0]?.document).toBe('doc-60.md');
    act(() => result.current.setPage(3));
    await waitFor(() => expect(names(result.current.documents)).toEqual(names(many.slice(50))));
    act(() => result.current.toggleSort('document'));
    await waitFor(() => expect(result.current.documents[0]?.document).toBe('doc-01.md'));
    expect(result.current.page).toBe(1);
    act(() => result.current.setSearch('DOC-4'));
    await waitFor(() => expect(result.current.totalCount).toBe(10));
    expect(names(result.current.documents)).toEqual(
      Array.from({ length: 10 }, (_, index) => `doc-4${index}.md`),
    );
    expect(result.current.counts).toEqual({ documents: 60, ready: 60, inProgress: 0 });
    const listings = api.callsTo('GET /api/knowledge/documents').length;
    await act(() => result.current.refresh());
    expect(api.callsTo('GET /api/knowledge/documents')).toHaveLength(listings + 1);
  });

  it('asks a server that pages for one page at a time, and follows it', async () => {
    const asked: Record<string, string>[] = [];
    const { result, api } = renderWithProvider(() => useKnowledgeDocumentsTable({ searchDelayMs: 10 }), {
      knowledgeDocuments: many,
    });
    api.use({
      'GET /api/knowledge/documents': ({ query }) => {
        asked.push(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])));
        const offset = Number(query.offset ?? 0);
        const matching = many.filter((entry) => !query.q || entry.document.includes(String(query.q)));
        return {
          status: 200,
          body: {
            documents: matching.slice(offset, offset + Number(query.limit)),
            total: matching.length,
            counts: { documents: 60, ready: 59, in_progress: 0 },
          },
        };
      },
    });
    await waitFor(() => expect(result.current.isServerPaged).toBe(true));
    expect(result.current).toMatchObject({ totalCount: 60, pageCount: 3, counts: { ready: 59 } });
    act(() => result.current.toggleSort('updated_at'));
    act(() => result.current.toggleSort('updated_at'));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ sort: 'updated_at', order: 'desc', limit: '25', offset: '0' }),
    );
    act(() => result.current.setPage(2));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ offset: '25' }));
    act(() => result.current.setSearch('doc-5'));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ q: 'doc-5', offset: '0' }));
    await waitFor(() => expect(result.current.totalCount).toBe(10));
    // Typing is followed after a pause, not key by key.
    expect(asked.filter((query) => query.q !== undefined).map((query) => query.q)).toEqual(['doc-5']);
  });

  it('goes back to the last page when the documents of the page on show are gone', async () => {
    const { result, api } = renderWithProvider(() => useKnowledgeDocumentsTable(), {
      knowledgeDocuments: many,
    });
    await waitFor(() => expect(result.current.pageCount).toBe(3));
    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.page).toBe(3));
    api.state.knowledgeDocuments = many.slice(0, 40);
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.page).toBe(2));
    expect(result.current.documents).toHaveLength(15);
  });
});

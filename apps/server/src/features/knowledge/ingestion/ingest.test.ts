import { createHash } from 'node:crypto';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type TestDb } from '../../../test/harness.js';
import { buildDocx } from '../demo/build-files.js';
import { searchKnowledge } from '../retrieval/search.js';
import {
  deferIndexUpkeep,
  deleteDocument,
  findDocument,
  INDEX_UPKEEP_IDLE_MS,
  listDocuments,
  markFailed,
  recordOutcome,
  requeueDocument,
  stopDeferringIndexUpkeep,
  upsertDocument,
} from '../store.js';
import { addDocument, openKnowledgeTestDb } from '../test-support.js';
import { ingestDocument } from './ingest.js';
import { detectTextVectors } from './text-vector.js';

const admin = { role: 'CORE_ADMINS' };

/** A Markdown document of `count` sections, each mentioning `word`. */
function manySections(word: string, count: number): Uint8Array {
  const sections = Array.from(
    { length: count },
    (_, index) => `## Part ${index}\n\nThe ${word} procedure, step ${index}, is described here in full.`,
  );
  return strToU8(`# Procedures\n\n${sections.join('\n\n')}\n`);
}

describe.each(BACKENDS)('ingesting documents on %s', (backend) => {
  let test: TestDb;
  beforeAll(async () => {
    test = await openKnowledgeTestDb(backend);
  });
  afterAll(() => test.cleanup());

  const chunkRows = async (documentId: string) =>
    (
      await test.db.query<{ generation: number; count: string }>(
        'SELECT generation, count(*) FROM knowledge_chunks WHERE document_id = $1 GROUP BY generation',
        [documentId],
      )
    ).rows.map((row) => ({ generation: row.generation, count: Number(row.count) }));

  it('makes a document Ready with its chunks, and lists it with department, size and status', async () => {
    const bytes = await buildDocx({
      title: 'Printer guide',
      sections: [{ heading: 'Colour printing', paragraphs: ['Colour printing needs a cost centre.'] }],
    });
    const { document, result } = await addDocument(test.db, {
      name: 'printers.docx',
      departments: ['it'],
      bytes,
    });
    expect(result).toEqual({ status: 'ready', reason: null, chunkCount: 2, superseded: false });
    const stored = await findDocument(test.db, document.id);
    expect(stored).toMatchObject({
      name: 'printers.docx',
      extension: 'docx',
      departments: ['it'],
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      status: 'ready',
      reason: null,
      chunkCount: 2,
      generation: 1,
    });
    expect((await listDocuments(test.db)).documents.map((listed) => listed.name)).toContain('printers.docx');
  });

  it('records why a document has no text or failed, and keeps no chunks for it', async () => {
    const image = await addDocument(test.db, {
      name: 'office-map.png',
      departments: ['knowledge'],
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    });
    expect(await findDocument(test.db, image.document.id)).toMatchObject({
      status: 'no_text',
      reason: 'Images have no text to index; the file is kept.',
      chunkCount: 0,
    });
    const broken = await addDocument(test.db, {
      name: 'minutes.pdf',
      departments: ['knowledge'],
      bytes: strToU8('%PDF-1.4\nnot really a pdf'),
    });
    expect(await findDocument(test.db, broken.document.id)).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^The PDF is damaged/),
    });
    const legacy = await addDocument(test.db, {
      name: 'old.ppt',
      departments: ['knowledge'],
      bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    });
    expect(await findDocument(test.db, legacy.document.id)).toMatchObject({
      status: 'unsupported_legacy',
      reason: expect.stringMatching(/save it as \.pptx/),
    });
    expect(await chunkRows(broken.document.id)).toEqual([]);
  });

  it('lands a document of more chunks than one statement takes, with the vectors the database would compute', async () => {
    const stemmer = await detectTextVectors(test.db);
    expect(stemmer).toBeDefined();
    // 1,100 sections: three statements of at most 500 chunks in one transaction; every fifth section
    // holds a URL, whose vectors the database computes itself (null in the binary arrays).
    const sections = Array.from({ length: 1100 }, (_, index) =>
      index % 5 === 0
        ? `## Part ${index}\n\nThe quokka routine ${index} is at https://example.com/p/${index} for everyone.`
        : `## Part ${index}\n\nThe quokka routine, step ${index}, is written here in full.`,
    );
    const added = await addDocument(
      test.db,
      {
        name: 'long-routines.md',
        departments: ['knowledge'],
        bytes: strToU8(`# Long\n\n${sections.join('\n\n')}\n`),
      },
      { textVectors: stemmer! },
    );
    expect(added.result).toMatchObject({ status: 'ready', chunkCount: 1100 });
    const { rows } = await test.db.query<{ count: number; same: number }>(
      `SELECT count(*)::int AS count,
              (count(*) FILTER (WHERE tsv = setweight(to_tsvector('english', heading), 'A') ||
                                          setweight(to_tsvector('english', title), 'B') ||
                                          setweight(to_tsvector('english', text), 'D')
                                 AND heading_tsv = setweight(to_tsvector('english', heading), 'A') ||
                                                   setweight(to_tsvector('english', title), 'B')))::int AS same
       FROM knowledge_chunks WHERE document_id = $1`,
      [added.document.id],
    );
    expect(rows[0]).toEqual({ count: 1100, same: 1100 });
    const hits = await searchKnowledge(test.db, { query: 'quokka routine 1099', viewer: admin, k: 3 });
    expect(hits[0]?.text).toContain('step 1099');
  });

  it('replaces the chunks of a re-uploaded file: answers come from the new version only', async () => {
    const first = await addDocument(test.db, {
      name: 'procedures.md',
      departments: ['knowledge'],
      bytes: manySections('alpha', 30),
    });
    expect(first.result.chunkCount).toBe(30);
    const second = await addDocument(test.db, {
      name: 'procedures.md',
      departments: ['knowledge'],
      bytes: manySections('bravo', 12),
    });
    expect(second.document.id).toBe(first.document.id);
    expect(second.document.version).toBe(first.document.version + 1);
    expect(await chunkRows(first.document.id)).toEqual([{ generation: 2, count: 12 }]);
    const texts = async (query: string) =>
      (await searchKnowledge(test.db, { query, viewer: admin, k: 50 })).map((hit) => hit.text);
    expect(await texts('alpha')).toEqual([]);
    expect((await texts('procedure')).every((text) => text.includes('bravo'))).toBe(true);
    expect(await texts('bravo procedure')).toHaveLength(12);
  });

  it('never lets a search see old and new chunks of one document at once while it is re-ingested', async () => {
    const { document } = await addDocument(test.db, {
      name: 'switch.md',
      departments: ['knowledge'],
      bytes: manySections('charlie', 400),
    });
    const { document: next } = await upsertDocument(test.db, {
      name: 'switch.md',
      extension: 'md',
      departments: ['knowledge'],
      size: 1,
      sha256: 'x',
    });
    // While the new version is queued, the old chunks keep answering.
    expect((await searchKnowledge(test.db, { query: 'charlie', viewer: admin })).length).toBe(5);
    const ingestion = ingestDocument(test.db, {
      documentId: document.id,
      version: next.version,
      name: 'switch.md',
      bytes: manySections('delta', 400),
    });
    const seen = new Set<string>();
    let done = false;
    void ingestion.finally(() => {
      done = true;
    });
    while (!done) {
      const hits = await searchKnowledge(test.db, { query: 'charlie or delta', viewer: admin, k: 50 });
      const words = new Set(hits.map((hit) => (hit.text.includes('charlie') ? 'charlie' : 'delta')));
      expect(words.size).toBeLessThanOrEqual(1);
      for (const word of words) seen.add(word);
    }
    expect(await ingestion).toMatchObject({ status: 'ready', superseded: false });
    const after = await searchKnowledge(test.db, { query: 'charlie or delta', viewer: admin, k: 50 });
    expect(new Set(after.map((hit) => (hit.text.includes('charlie') ? 'charlie' : 'delta')))).toEqual(
      new Set(['delta']),
    );
    expect(seen.has('charlie') || seen.has('delta')).toBe(true);
  });

  it('drops the result of an ingestion overtaken by a newer upload or a re-ingest request', async () => {
    const { document } = await addDocument(test.db, {
      name: 'race.md',
      departments: ['knowledge'],
      bytes: strToU8('# Race\n\nThe echo version.\n'),
    });
    const requeued = await requeueDocument(test.db, document.id);
    expect(requeued).toMatchObject({ status: 'queued', version: document.version + 1 });
    // A worker still holding the old version finishes late: nothing of it lands.
    const late = await ingestDocument(test.db, {
      documentId: document.id,
      version: document.version,
      name: 'race.md',
      bytes: strToU8('# Race\n\nThe foxtrot version.\n'),
    });
    expect(late).toEqual({ status: 'failed', reason: null, chunkCount: 0, superseded: true });
    expect(
      await recordOutcome(test.db, {
        documentId: document.id,
        version: document.version,
        status: 'ready',
        chunks: [],
        title: 'race',
      }),
    ).toBe(false);
    expect(await markFailed(test.db, document.id, document.version, 'gave up')).toBe(false);
    expect(await findDocument(test.db, document.id)).toMatchObject({ status: 'queued' });
    // The current version lands.
    const current = await ingestDocument(test.db, {
      documentId: document.id,
      version: requeued!.version,
      name: 'race.md',
      bytes: strToU8('# Race\n\nThe golf version.\n'),
    });
    expect(current).toMatchObject({ status: 'ready', superseded: false });
    const [hit] = await searchKnowledge(test.db, {
      query: 'version',
      viewer: admin,
      department: 'knowledge',
    });
    expect(hit?.text).toBe('The golf version.');
  });

  it('marks a version failed with a reason when its job gives up', async () => {
    const { document } = await upsertDocument(test.db, {
      name: 'stuck.txt',
      extension: 'txt',
      departments: ['it'],
      size: 10,
      sha256: 'y',
    });
    expect(
      await markFailed(test.db, document.id, document.version, 'The stored file could not be read.'),
    ).toBe(true);
    expect(await findDocument(test.db, document.id)).toMatchObject({
      status: 'failed',
      reason: 'The stored file could not be read.',
    });
  });

  it('deletes a document with its chunks, and a late ingestion of it writes nothing', async () => {
    const { document } = await addDocument(test.db, {
      name: 'to-delete.md',
      departments: ['it'],
      bytes: strToU8('# Temporary\n\nThe hotel kilo notice.\n'),
    });
    expect(await deleteDocument(test.db, document.id)).toMatchObject({ name: 'to-delete.md' });
    expect(await chunkRows(document.id)).toEqual([]);
    expect(await findDocument(test.db, document.id)).toBeUndefined();
    const late = await ingestDocument(test.db, {
      documentId: document.id,
      version: document.version,
      name: 'to-delete.md',
      bytes: strToU8('# Temporary\n\nThe hotel kilo notice.\n'),
    });
    expect(late.superseded).toBe(true);
    expect(await chunkRows(document.id)).toEqual([]);
    expect(await deleteDocument(test.db, document.id)).toBeUndefined();
  });

  it('finds chunks as they land while the index merge waits for landings to pause', async () => {
    // Pages merged from the GIN index's pending list (0: nothing was waiting); it merges as it counts.
    const mergedPages = async () =>
      Number(
        (
          await test.db.query<{ pages: string }>(
            "SELECT gin_clean_pending_list('knowledge_chunks_tsv_idx'::regclass) AS pages",
          )
        ).rows[0]!.pages,
      );
    await mergedPages();
    // Without deferral (a landing outside the ingestion worker) the merge is part of the landing.
    await addDocument(test.db, { name: 'inline.md', departments: ['it'], bytes: manySections('lima', 40) });
    expect(await mergedPages()).toBe(0);
    deferIndexUpkeep(test.db);
    try {
      await new Promise((resolve) => setTimeout(resolve, INDEX_UPKEEP_IDLE_MS + 200));
      await addDocument(test.db, {
        name: 'deferred.md',
        departments: ['it'],
        bytes: manySections('mike', 40),
      });
      // Found at once, from the pending list...
      const hits = await searchKnowledge(test.db, {
        query: 'mike procedure',
        viewer: admin,
        department: 'it',
      });
      expect(hits.map((hit) => hit.documentName)).toContain('deferred.md');
      // ...which waits for landings to pause (merged here by the test itself)...
      expect(await mergedPages()).toBeGreaterThan(0);
      await addDocument(test.db, { name: 'later.md', departments: ['it'], bytes: manySections('oscar', 40) });
      // ...and is merged once they have.
      await new Promise((resolve) => setTimeout(resolve, INDEX_UPKEEP_IDLE_MS + 300));
      expect(await mergedPages()).toBe(0);
      await addDocument(test.db, { name: 'last.md', departments: ['it'], bytes: manySections('papa', 40) });
    } finally {
      // Stopping merges what waits.
      await stopDeferringIndexUpkeep(test.db);
    }
    expect(await mergedPages()).toBe(0);
  });

  it('tells the caller which blob a re-upload replaced', async () => {
    const blob = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const base = { name: 'blob.txt', extension: 'txt', departments: ['it' as const], size: 1, sha256: 'z' };
    const first = await upsertDocument(test.db, { ...base, blobId: blob(1) });
    expect(first.previousBlobId).toBeNull();
    const second = await upsertDocument(test.db, { ...base, blobId: blob(2) });
    expect(second.previousBlobId).toBe(blob(1));
    expect(second.document.blobId).toBe(blob(2));
  });
});

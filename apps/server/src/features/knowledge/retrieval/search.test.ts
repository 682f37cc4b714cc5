import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../modules.js';
import { migrate } from '../../../platform/db/migrations.js';
import { BACKENDS, openTestDb, type TestDb } from '../../../test/harness.js';
import { buildPdf, buildPptx } from '../demo/build-files.js';
import { type Department, PGA_FEATURE, type Viewer } from '../departments.js';
import { knowledgeMigrations } from '../migrations.js';
import { addDemoDocuments, addDocument, openKnowledgeTestDb, queueDocument } from '../test-support.js';
import {
  COMMON_STEM_CHUNKS,
  fuseByRank,
  searchKnowledge,
  usesOperators,
  type VectorRetriever,
} from './search.js';

const staff: Viewer = { role: 'STAFF', features: new Set(['chat']) };
const pgaMember: Viewer = { role: 'PGA', features: new Set(['chat', PGA_FEATURE]) };
const admin: Viewer = { role: 'CORE_ADMINS' };

describe.each(BACKENDS)('searching the knowledge base on %s', (backend) => {
  let test: TestDb;
  beforeAll(async () => {
    test = await openKnowledgeTestDb(backend);
    await addDemoDocuments(test.db);
  });
  afterAll(() => test.cleanup());

  const search = (
    query: string,
    extra: Partial<Parameters<typeof searchKnowledge>[1]> = {},
    options: Parameters<typeof searchKnowledge>[2] = {},
  ) => searchKnowledge(test.db, { query, viewer: staff, ...extra }, options);

  it('answers a plain question with the section that answers it, its location, a highlighted snippet and a score', async () => {
    const [top, ...rest] = await search('How do I connect to the VPN from home?', { department: 'it' });
    expect(top).toMatchObject({
      documentName: 'it-onboarding-vpn-guide.md',
      location: { headingPath: ['IT onboarding and VPN guide', 'Connecting to the VPN from home'] },
      match: 'all',
    });
    expect(top!.snippet).toMatch(/\*\*VPN\*\*/);
    expect(top!.text).toContain('GlobalProtect globe icon');
    expect(top!.score).toBeGreaterThanOrEqual(1);
    for (const hit of rest) expect(hit.score).toBeLessThanOrEqual(top!.score);
  });

  it('never returns a PGA document to someone without the PGA capability, wherever they ask', async () => {
    for (const department of [undefined, 'pga', 'knowledge', 'devops_preprod'] as const) {
      const hits = await search('go-live rollback cutover hypercare', { viewer: staff, department, k: 20 });
      expect(
        hits.filter((hit) => hit.documentName === 'pga-go-live-notes.txt'),
        String(department),
      ).toEqual([]);
    }
    for (const viewer of [pgaMember, admin]) {
      const hits = await search('what would make us roll back', { viewer, department: 'pga' });
      expect(hits[0]).toMatchObject({
        documentName: 'pga-go-live-notes.txt',
        location: { headingPath: ['PGA go-live notes', 'Rollback criteria'] },
      });
    }
  });

  it('hides a document that names PGA among other departments from people without PGA', async () => {
    await addDocument(test.db, {
      name: 'partner-training.md',
      departments: ['education', 'pga'],
      bytes: strToU8('# Partner training\n\nThe partner onboarding webinar runs every Wednesday.\n'),
    });
    const names = async (viewer: Viewer) =>
      (await search('partner onboarding webinar', { viewer, department: 'education', k: 20 })).map(
        (hit) => hit.documentName,
      );
    expect(await names(staff)).not.toContain('partner-training.md');
    expect((await names(pgaMember))[0]).toBe('partner-training.md');
  });

  it('grants PGA by the capability, not by the name of the role group', async () => {
    const anyName = async (viewer: Viewer) =>
      (await search('go-live cutover hypercare', { viewer, department: 'pga', k: 20 })).map(
        (hit) => hit.documentName,
      );
    expect(await anyName({ role: 'PGA', features: new Set(['chat']) })).toEqual([]);
    expect(await anyName({ role: 'PARTNERS', features: new Set(['chat', PGA_FEATURE]) })).toContain(
      'pga-go-live-notes.txt',
    );
  });

  describe('while a re-upload waits to be ingested', () => {
    const ALL: Array<Department | undefined> = [
      undefined,
      'it',
      'devops_preprod',
      'cs_preprod',
      'pga',
      'education',
    ];
    const texts = async (query: string, viewer: Viewer, name: string, vectors?: VectorRetriever) => {
      const found: string[] = [];
      for (const department of ALL) {
        const hits = await search(
          query,
          { viewer, k: 20, ...(department ? { department } : {}) },
          {
            ...(vectors ? { vectors } : {}),
          },
        );
        for (const hit of hits)
          if (hit.documentName === name) found.push(`${department ?? '*'}: ${hit.text}`);
      }
      return found;
    };
    /** A retriever that finds every current chunk of the document by similarity. */
    const everyChunkOf = (name: string): VectorRetriever => ({
      async nearest() {
        const { rows } = await test.db.query<{ document_id: string; ordinal: number }>(
          `SELECT c.document_id, c.ordinal FROM knowledge_chunks c
           JOIN knowledge_documents d ON d.id = c.document_id AND d.generation = c.generation
           WHERE d.name = $1`,
          [name],
        );
        return rows.map((row) => ({ documentId: row.document_id, ordinal: row.ordinal }));
      },
    });

    it('a PGA-only document re-uploaded for other departments answers them only once its new version lands', async () => {
      const name = 'zanzibar-cutover.md';
      await addDocument(test.db, {
        name,
        departments: ['pga'],
        bytes: strToU8('# Zanzibar cutover\n\nThe zanzibar cutover password is kept by the PGA leads.\n'),
      });
      const reupload = await queueDocument(test.db, {
        name,
        departments: ['it', 'education'],
        bytes: strToU8('# Zanzibar cutover\n\nThe zanzibar cutover is announced on the intranet.\n'),
      });
      // Held back: the PGA passage reaches nobody without PGA, in any department, by words or by vectors.
      expect(await texts('zanzibar cutover', staff, name)).toEqual([]);
      expect(await texts('zanzibar cutover', staff, name, everyChunkOf(name))).toEqual([]);
      // Those with PGA still read it where it was indexed: the old version answers until replaced.
      expect(await texts('zanzibar cutover', pgaMember, name)).toEqual([
        '*: The zanzibar cutover password is kept by the PGA leads.',
        'pga: The zanzibar cutover password is kept by the PGA leads.',
      ]);

      expect((await reupload.ingest()).status).toBe('ready');
      const announced = 'The zanzibar cutover is announced on the intranet.';
      expect(await texts('zanzibar cutover', staff, name)).toEqual([
        `*: ${announced}`,
        `it: ${announced}`,
        `education: ${announced}`,
      ]);
      expect((await texts('zanzibar cutover', pgaMember, name)).join('\n')).not.toContain('password');
    });

    it('a document re-uploaded as PGA-only is hidden from people without PGA at once', async () => {
      const name = 'quetzal-rollout.md';
      await addDocument(test.db, {
        name,
        departments: ['knowledge'],
        bytes: strToU8('# Quetzal rollout\n\nThe quetzal rollout starts in May.\n'),
      });
      expect(await texts('quetzal rollout', staff, name)).toHaveLength(ALL.length);
      const reupload = await queueDocument(test.db, {
        name,
        departments: ['pga'],
        bytes: strToU8(
          '# Quetzal rollout\n\nThe quetzal rollout starts in May; its budget is confidential.\n',
        ),
      });
      expect(await texts('quetzal rollout', staff, name)).toEqual([]);
      expect(await texts('quetzal rollout', staff, name, everyChunkOf(name))).toEqual([]);
      expect(await texts('quetzal rollout', pgaMember, name)).toHaveLength(ALL.length);

      await reupload.ingest();
      expect(await texts('quetzal rollout', staff, name)).toEqual([]);
      expect(await texts('quetzal rollout', pgaMember, name)).toEqual([
        '*: The quetzal rollout starts in May; its budget is confidential.',
        'pga: The quetzal rollout starts in May; its budget is confidential.',
      ]);
    });
  });

  it('searches the asked department and the documents of every department, not the other departments', async () => {
    const inEducation = await search('vpn portal address', { department: 'education', k: 10 });
    expect(inEducation.map((hit) => hit.documentName)).not.toContain('it-onboarding-vpn-guide.md');
    const handbook = await search('annual leave carry over', { department: 'education' });
    expect(handbook[0]?.documentName).toBe('company-handbook.md');
    const everywhere = await search('vpn portal address');
    expect(everywhere[0]?.documentName).toBe('it-onboarding-vpn-guide.md');
  });

  it('follows websearch syntax: quoted phrases, OR and -exclusion', async () => {
    const phrase = await search('"load test window"', { department: 'devops_preprod', k: 10 });
    expect(phrase.length).toBeGreaterThan(0);
    expect(phrase.every((hit) => /load test window/i.test(hit.text))).toBe(true);

    const either = await search('crashloopbackoff or hypercare', { viewer: admin, k: 10 });
    expect(new Set(either.map((hit) => hit.documentName))).toEqual(
      new Set(['devops-preprod-runbook.md', 'pga-go-live-notes.txt']),
    );

    const excluded = await search('vpn -globalprotect', { department: 'it', k: 10 });
    expect(excluded.length).toBeGreaterThan(0);
    expect(excluded.every((hit) => !/globalprotect/i.test(hit.text))).toBe(true);
    // An operator query is taken literally: no fallback to some of its words.
    expect(excluded.every((hit) => hit.match === 'all')).toBe(true);
  });

  it('matches other forms of a word (stemming)', async () => {
    const hits = await search('escalating cases', { department: 'cs_preprod' });
    expect(hits[0]?.documentName).toBe('cs-escalation-policy.html');
  });

  it('falls back to the question words it can find when no chunk holds them all', async () => {
    const hits = await search('can I work from abroad for a few weeks?');
    expect(hits.length).toBe(5);
    expect(hits.some((hit) => hit.location.headingPath.includes('Remote and hybrid work'))).toBe(true);
    expect(hits.every((hit) => hit.match === 'some' && hit.score > 0 && hit.score < 1)).toBe(true);
    expect(await search('how do I do it?')).toEqual([]);
    expect(await search('   ')).toEqual([]);
  });

  it('highlights with the markers asked for', async () => {
    const [hit] = await search('hotel limit London', { highlight: { start: '<mark>', stop: '</mark>' } });
    expect(hit?.snippet).toContain('<mark>London</mark>');
  });

  it('fuses chunks found by a vector retriever with the full-text ones, under the same visibility', async () => {
    const chunkKeys = async (name: string) =>
      (
        await test.db.query<{ document_id: string; ordinal: number }>(
          `SELECT c.document_id, c.ordinal FROM knowledge_chunks c
           JOIN knowledge_documents d ON d.id = c.document_id AND d.generation = c.generation
           WHERE d.name = $1 ORDER BY c.ordinal`,
          [name],
        )
      ).rows.map((row) => ({ documentId: row.document_id, ordinal: row.ordinal }));
    const [pga] = await chunkKeys('pga-go-live-notes.txt');
    const education = await chunkKeys('education-faq.html');
    // A retriever that answers by meaning: here the chunks it would rank nearest, best first.
    const vectors: VectorRetriever = {
      async nearest() {
        return [pga!, education[1]!];
      },
    };
    const hits = await search('yearly training budget', { viewer: staff, k: 5 }, { vectors });
    expect(hits.map((hit) => hit.documentName)).not.toContain('pga-go-live-notes.txt');
    const found = hits.find(
      (hit) => hit.ordinal === education[1]!.ordinal && hit.documentName === 'education-faq.html',
    );
    expect(found?.location.headingPath.at(-1)).toBe('How much can I spend on training each year?');
    expect(hits[0]).toBe(found);
    const asPga = await search('yearly training budget', { viewer: pgaMember, k: 5 }, { vectors });
    expect(asPga.some((hit) => hit.documentName === 'pga-go-live-notes.txt' && hit.match === 'vector')).toBe(
      true,
    );
  });

  it('gives the page of a PDF and the slide of a presentation in the location', async () => {
    await addDocument(test.db, {
      name: 'datacentre-move.pdf',
      departments: ['it'],
      bytes: await buildPdf(
        {
          title: 'Datacentre move',
          sections: [
            { heading: 'Schedule', paragraphs: ['Racks move on the first weekend of June.'] },
            { heading: 'Network', paragraphs: ['The firewall cutover happens on Sunday night.'] },
          ],
        },
        { pageBreakBeforeChapters: true },
      ),
    });
    await addDocument(test.db, {
      name: 'quarterly-review.pptx',
      departments: ['knowledge'],
      bytes: buildPptx([
        { title: 'Highlights', bullets: ['Revenue grew by twelve percent.'] },
        {
          title: 'Hiring',
          bullets: ['We hired forty engineers in Dublin.'],
          notes: 'Mention the new Dublin office.',
        },
      ]),
    });
    const [firewall] = await search('firewall cutover', { department: 'it' });
    expect(firewall).toMatchObject({
      documentName: 'datacentre-move.pdf',
      location: { headingPath: ['Datacentre move', 'Network'], page: 2 },
    });
    const [hiring] = await search('engineers hired in Dublin');
    expect(hiring).toMatchObject({
      documentName: 'quarterly-review.pptx',
      location: { headingPath: ['Hiring'], slide: 2 },
    });
  });
});

describe.each(BACKENDS)('a word in thousands of passages on %s', (backend) => {
  it('is not looked up in the index for a partial match, yet still ranks the candidates holding it first', async () => {
    const test = await openKnowledgeTestDb(backend);
    try {
      const { document: notes } = await addDocument(test.db, {
        name: 'office-notes.md',
        departments: ['it'],
        bytes: strToU8('# Office notes\n\nThe office kettle is descaled on Mondays.\n'),
      });
      // More passages holding "office" than COMMON_STEM_CHUNKS, written as the ingestion would.
      const extra = COMMON_STEM_CHUNKS + 500;
      await test.db.query(
        `INSERT INTO knowledge_chunks (document_id, generation, ordinal, heading_path, heading, title, text, tsv, heading_tsv)
         SELECT d.id, d.generation, 1000 + n, ARRAY['Office notes'], 'Office notes', 'office-notes',
                'The office kettle was descaled on day ' || n || '.',
                setweight(to_tsvector('english', 'Office notes'), 'A') || setweight(to_tsvector('english', 'office-notes'), 'B')
                  || setweight(to_tsvector('english', 'The office kettle was descaled on day ' || n || '.'), 'D'),
                setweight(to_tsvector('english', 'Office notes'), 'A') || setweight(to_tsvector('english', 'office-notes'), 'B')
         FROM knowledge_documents d, generate_series(1, $2::int) AS n WHERE d.id = $1`,
        [notes.id, extra],
      );
      await test.db.query('UPDATE knowledge_documents SET chunk_count = chunk_count + $2 WHERE id = $1', [
        notes.id,
        extra,
      ]);
      await addDocument(test.db, {
        name: 'a-garage-permits.md',
        departments: ['it'],
        bytes: strToU8(
          '# Garage\n\nVisitor parking permits: parking permits for the garage, parking permits renewed yearly.\n',
        ),
      });
      await addDocument(test.db, {
        name: 'b-office-permits.md',
        departments: ['it'],
        bytes: strToU8('# Reception\n\nVisitor parking permits are issued by the office reception.\n'),
      });
      // The statistics that call the word common.
      await test.db.exec('ANALYZE knowledge_chunks');

      // No passage holds every word ("zebra" none): the partial match answers, and the passage that
      // also holds the common word comes first although the other holds the rarer ones more often.
      const hits = await searchKnowledge(test.db, {
        query: 'office parking permits zebra',
        viewer: staff,
        department: 'it',
        k: 2,
      });
      expect(hits.map((hit) => [hit.documentName, hit.match])).toEqual([
        ['b-office-permits.md', 'some'],
        ['a-garage-permits.md', 'some'],
      ]);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(hits[0]!.snippet).toMatch(/\*\*office\*\*/);
    } finally {
      await test.cleanup();
    }
  });
});

describe.each(BACKENDS)('on a %s database from before indexed departments', (backend) => {
  it('answers from ready documents as before, and from none whose chunks may be of an older version', async () => {
    const before = MODULES.map((module) =>
      module.name === 'knowledge'
        ? { ...module, migrations: knowledgeMigrations.filter((migration) => migration.version <= 5) }
        : module,
    );
    const { db, cleanup } = await openTestDb(backend, before);
    try {
      const documents = [
        { name: 'landed-guide.md', status: 'ready', text: 'The walrus gateway answers IT questions.' },
        // Re-uploaded for IT before the upgrade: its chunks may still be those of a PGA-only version.
        { name: 'waiting-notes.md', status: 'queued', text: 'The walrus gateway code is kept by PGA.' },
      ];
      for (const document of documents) {
        await db.query(
          `WITH d AS (
             INSERT INTO knowledge_documents (name, extension, departments, size, sha256, status, generation, chunk_count)
             VALUES ($1, 'md', '{it}', 10, 'x', $2, 1, 1) RETURNING id
           )
           INSERT INTO knowledge_chunks (document_id, generation, ordinal, text, tsv, heading_tsv)
           SELECT d.id, 1, 0, $3, to_tsvector('english', $3), ''::tsvector FROM d`,
          [document.name, document.status, document.text],
        );
      }
      await migrate(db, MODULES);
      for (const viewer of [staff, pgaMember]) {
        const hits = await searchKnowledge(db, { query: 'walrus gateway', viewer, department: 'it' });
        expect(hits.map((hit) => hit.documentName)).toEqual(['landed-guide.md']);
      }
    } finally {
      await cleanup();
    }
  });
});

describe('search helpers', () => {
  it('tells websearch operators from plain questions', () => {
    expect(usesOperators('"exact phrase"')).toBe(true);
    expect(usesOperators('vpn -windows')).toBe(true);
    expect(usesOperators('vpn or wifi')).toBe(true);
    expect(usesOperators('how do I reset my pre-prod environment')).toBe(false);
    expect(usesOperators('order of operations')).toBe(false);
  });

  it('fuses rankings by reciprocal rank: found high by both beats found first by one', () => {
    const fused = fuseByRank(
      [
        ['a', 'b', 'c'],
        ['b', 'd', 'a'],
      ],
      3,
    );
    expect(fused.map((entry) => entry.key)).toEqual(['b', 'a', 'd']);
  });
});

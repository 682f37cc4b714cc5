// The chunk vectors computed in JavaScript against the database's own `to_tsvector('english', …)`:
// identical wherever computed, left to the database where not, on PGlite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type TestDb } from '../../../test/harness.js';
import { readDemoDocuments } from '../demo/demo-set.js';
import { addDocument, openKnowledgeTestDb } from '../test-support.js';
import { chunkHeading } from './chunk.js';
import { prepareDocument, titleFromName } from './prepare.js';
import {
  chunkVectors,
  detectTextVectors,
  englishTextVector,
  type TextVectorStemmer,
  tsvectorArray,
} from './text-vector.js';

/** Texts as documents hold them, and the punctuation and word shapes the tokenizer decides on. */
const TRICKY = [
  'The employee’s travel-policy (2024) requires “approved” bookings; see section 4.',
  "Hello. World,foo;bar:baz!qux?(a)[b]{c}\"d\" it's — rock'n'roll… Q: yes.",
  'alpha - beta -gamma delta- epsilon -- zeta--eta x- y',
  'A1 3rd 10am 000 0042 1,000 10:30 #tag $5 50% a*b a=b a|b a^b `code`',
  'follow-up well-known-thing AT-T at-the-end the-of Up-To-Date',
  'ADDED Adding egged upped inned offing shopped abetted generously skis dying news inning',
  'Sentences end. Then (quoted.) and "closed." and ’single.’ and end.',
  'TABS\tand\nnew\r\nlines\fform\vfeed  no\u00a0break\u2009thin',
  `${'word '.repeat(300)}end`,
];

/** Texts this module must leave to the database. */
const LEFT_TO_DATABASE = [
  'see e.g. the manual',
  'version 3.5 released',
  'the café is open',
  'visit http://example.com',
  'mail it@example.com',
  'COVID-19 rules',
  'read and/or write',
  'file_name here',
  'a+b',
  'AT&T',
  '<b>bold</b>',
  'alpha..beta',
  'x-ray-5',
  'pre-2000',
  'a zero\u200bwidth space',
];

describe.each(BACKENDS)('chunk vectors computed before the database on %s', (backend) => {
  let test: TestDb;
  let stemmer: TextVectorStemmer;
  beforeAll(async () => {
    test = await openKnowledgeTestDb(backend);
    const detected = await detectTextVectors(test.db);
    expect(detected).toBeDefined();
    stemmer = detected!;
  });
  afterAll(() => test.cleanup());

  /** For each text: whether the database's vector equals this module's (null where it gave none). */
  const compare = async (texts: string[]) => {
    const vectors = texts.map((text) => englishTextVector(text, stemmer) ?? null);
    const { rows } = await test.db.query<{ text: string; same: boolean; database: string; ours: string }>(
      `SELECT text, to_tsvector('english', text) = vector::tsvector AS same,
              to_tsvector('english', text)::text AS database, vector::tsvector::text AS ours
       FROM unnest($1::text[], $2::text[]) AS probe(text, vector) WHERE vector IS NOT NULL`,
      [texts, vectors],
    );
    return { computed: rows.length, different: rows.filter((row) => !row.same) };
  };

  it('equal the database’s on the demo documents, on tricky text, and on text found on this machine', async () => {
    const texts = [...TRICKY];
    for (const file of await readDemoDocuments()) {
      const prepared = await prepareDocument({ name: file.name, bytes: file.bytes });
      if (prepared.kind === 'text') texts.push(...prepared.chunks.map((chunk) => chunk.text));
    }
    const demoTexts = texts.length - TRICKY.length;
    // Prose nobody here wrote: the licences Debian installs (present on every machine this runs on).
    for (const name of ['GPL-3', 'Apache-2.0', 'MPL-2.0', 'LGPL-2.1', 'Artistic']) {
      try {
        texts.push(...readFileSync(`/usr/share/common-licenses/${name}`, 'utf8').split(/\n\s*\n/));
      } catch {
        // Not on this machine: the other texts still run.
      }
    }
    const { computed, different } = await compare(texts);
    expect(different).toEqual([]);
    // Computed for the tricky texts and most of the demo set, so the work really moves.
    expect(computed).toBeGreaterThan(TRICKY.length + demoTexts / 2);
  });

  it('give a chunk the vectors the database would store: heading (A), title (B) and text, weighted and concatenated', async () => {
    const chunks: Array<{ heading: string; title: string; text: string }> = [
      { heading: 'Travel › Booking flights', title: 'travel policy 2024', text: TRICKY[0]! },
      { heading: 'About the', title: 'a', text: 'the policy of the company' },
      { heading: '', title: '', text: '' },
      { heading: 'Policy › Policy', title: 'policy policy', text: 'policy '.repeat(50) },
      { heading: 'Up-To-Date rules', title: 'well known thing', text: TRICKY[4]! },
    ];
    for (const file of await readDemoDocuments()) {
      const prepared = await prepareDocument({ name: file.name, bytes: file.bytes });
      if (prepared.kind !== 'text') continue;
      for (const chunk of prepared.chunks) {
        chunks.push({ heading: chunkHeading(chunk), title: titleFromName(file.name), text: chunk.text });
      }
    }
    const computed = chunks.map((chunk) => chunkVectors(chunk, stemmer));
    const { rows } = await test.db.query<{ same: boolean; n: number }>(
      `SELECT n, setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', title), 'B') ||
                   setweight(to_tsvector('english', text), 'D') = tsv
               AND setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', title), 'B')
                   = heading_tsv AS same
       FROM unnest($1::text[], $2::text[], $3::text[], $4::tsvector[], $5::tsvector[])
         WITH ORDINALITY AS c(heading, title, text, tsv, heading_tsv, n)
       WHERE tsv IS NOT NULL`,
      [
        chunks.map((chunk) => chunk.heading),
        chunks.map((chunk) => chunk.title),
        chunks.map((chunk) => chunk.text),
        tsvectorArray(computed.map((vectors) => vectors?.tsv)),
        tsvectorArray(computed.map((vectors) => vectors?.headingTsv)),
      ],
    );
    expect(rows.filter((row) => !row.same).map((row) => chunks[Number(row.n) - 1])).toEqual([]);
    expect(rows.length).toBeGreaterThan(chunks.length / 2);
  });

  it('leave URLs, decimals, accents, file names and other tokens to the database', async () => {
    for (const text of LEFT_TO_DATABASE)
      expect({ text, vector: englishTextVector(text, stemmer) }).toEqual({ text, vector: undefined });
  });

  it('are what an ingestion stores, computed or not, with the heading and title weighted above the text', async () => {
    const added = await addDocument(
      test.db,
      {
        name: 'travel-guide.md',
        departments: ['knowledge'],
        bytes: strToU8(
          '# Travel\n\n## Booking flights\n\nEmployees book flights through the approved agency.\n\n## Hotels\n\nSee e.g. the hotel list, version 3.5.\n',
        ),
      },
      { textVectors: stemmer },
    );
    expect(added.result.status).toBe('ready');
    const { rows } = await test.db.query<{ same: boolean }>(
      `SELECT tsv = setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', title), 'B') ||
                    setweight(to_tsvector('english', text), 'D')
              AND heading_tsv = setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', title), 'B')
              AS same
       FROM knowledge_chunks WHERE document_id = $1`,
      [added.document.id],
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.same)).toBe(true);
  });
});

describe('the stemmer check', () => {
  it('leaves every vector to the database when its stems are not the ones reproduced here', async () => {
    // A database whose `english_stem` keeps every word as written (e.g. a custom configuration).
    const unfamiliar = {
      async query<Row>(sql: string, params: unknown[] = []) {
        const words = (params[0] as string[]) ?? [];
        const rows = sql.includes('ts_lexize')
          ? words.map((word) => ({ word, lexemes: [word] }))
          : [{ same: true }];
        return { rows: rows as Row[], rowCount: rows.length };
      },
      async exec() {},
    };
    expect(await detectTextVectors(unfamiliar)).toBeUndefined();
  });
});

// A citation opens the cited passage in its document: the knowledge chat's source links to the
// passage page (a PDF's to its file at the page), which shows the document's text with the cited
// passage highlighted and scrolled to, escaped, scriptless, only to those who may read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/contract.js';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { DEMO_ACCOUNTS } from '../../identity/index.js';
import { chunkSections } from '../ingestion/chunk.js';
import { citationLink, drawnTexts, renderPassagePage } from './passage-view.js';

type KnowledgeAnswer = components['schemas']['KnowledgeChatResponse'];

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;
const STAFF = DEMO_ACCOUNTS.find((account) => account.role === 'STAFF')!.email;

const sentence = (index: number) => `Step ${index} of the harbour procedure is checked by the pilot on duty.`;

describe('drawing a document from its chunks', () => {
  const text = Array.from({ length: 40 }, (_, index) => sentence(index)).join(' ');
  const chunks = chunkSections(
    [
      { headingPath: ['Harbour', 'Arrival'], text },
      { headingPath: ['Harbour', 'Departure'], text: 'Lines are cast off at the signal.' },
    ],
    { targetTokens: 60, overlapTokens: 20 },
  ).map((chunk) => ({
    ordinal: chunk.ordinal,
    heading_path: chunk.headingPath,
    page: null,
    slide: null,
    text: chunk.text,
  }));

  it('draws what chunks repeat of the one before them once, every sentence in order', () => {
    expect(chunks.length).toBeGreaterThan(4);
    const drawn = drawnTexts(chunks, undefined);
    const sentences = drawn.join('\n').split(/(?<=\.)\s+/);
    expect(sentences.slice(0, 40)).toEqual(Array.from({ length: 40 }, (_, index) => sentence(index)));
    expect(sentences.at(-1)).toBe('Lines are cast off at the signal.');
  });

  it('draws the cited chunk whole, what it repeats cut from the chunk before instead', () => {
    const drawn = drawnTexts(chunks, 2);
    expect(drawn[2]).toBe(chunks[2]!.text.replace(/^… /, ''));
    expect(
      drawn
        .join('\n')
        .split(/(?<=\.)\s+/)
        .slice(0, 40),
    ).toEqual(Array.from({ length: 40 }, (_, index) => sentence(index)));
  });

  it('escapes every text of a document and links to the original file', () => {
    const html = renderPassagePage({
      document: { id: 'id-1', name: '<img src=x onerror=alert(1)>.md', chunkCount: 1, hasFile: true },
      chunks: [
        {
          ordinal: 0,
          heading_path: ['</h2><script>alert(1)</script>'],
          page: null,
          slide: null,
          text: 'a < b & "c"',
        },
      ],
      from: 0,
      cited: 0,
      isOutdated: false,
    });
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;.md');
    expect(html).toContain('a &#60; b &#38; &#34;c&#34;');
    expect(html).toContain('href="/api/knowledge/documents/file?id=id-1"');
  });

  it('links a PDF passage to its page in the file, any other to the passage page', () => {
    const hit = { documentId: 'd', generation: 3, ordinal: 7 };
    expect(citationLink({ ...hit, location: { page: 4 } })).toBe('/api/knowledge/documents/file?id=d#page=4');
    expect(citationLink({ ...hit, location: {} })).toBe(
      '/api/knowledge/documents/passage?id=d&g=3&chunk=7#passage',
    );
  });
});

describe.each(BACKENDS)('the passage page on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend, { seedDemoKnowledge: true });
    admin = await sessionFor(server.db, ADMIN);
    staff = await sessionFor(server.db, STAFF);
    for (const deadline = Date.now() + 90_000; ; ) {
      const { rows } = await server.db.query<{ waiting: number }>(
        "SELECT count(*)::int AS waiting FROM knowledge_documents WHERE status IN ('queued', 'parsing')",
      );
      if (rows[0]!.waiting === 0) break;
      if (Date.now() > deadline) throw new Error('the demo documents were not ingested in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);
  afterAll(() => server?.close());

  const ask = async (caller: Caller, message: string, Department?: string) => {
    const response = await call(server.app, caller, {
      method: 'POST',
      url: '/api/chat',
      payload: { message, ...(Department ? { Department } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as KnowledgeAnswer;
  };
  const open = (caller: Caller, link: string) =>
    call(server.app, caller, { method: 'GET', url: link.replace(/#.*$/, '') });

  it("opens a source's link at the cited passage, highlighted, with its document's headings", async () => {
    const answer = await ask(staff, 'How do I install the VPN client?', 'it');
    const source = answer.sources['1']!;
    expect(source.link).toMatch(
      /^\/api\/knowledge\/documents\/passage\?id=[0-9a-f-]{36}&g=\d+&chunk=\d+#passage$/,
    );
    expect(source.references).toEqual([source.link]);
    const page = await open(staff, source.link!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(
      /^sandbox; default-src 'none'; style-src 'sha256-/,
    );
    const html = page.body;
    expect(html).toContain(`<h1>${source.document}</h1>`);
    const marked = /<mark id="passage"[^>]*>([\s\S]*?)<\/mark>/.exec(html)?.[1] ?? '';
    const firstLine = source.context.split('\n')[0]!.trim();
    expect(marked).toContain(firstLine.replace(/&/g, '&#38;').replace(/"/g, '&#34;').replace(/'/g, '&#39;'));
    expect(html).toContain('<h2>IT onboarding and VPN guide › Installing the VPN client</h2>');
    expect(html).toContain('Open the original file');
  });

  it('says when the document was ingested again since the answer, and highlights nothing', async () => {
    const answer = await ask(staff, 'How do I install the VPN client?', 'it');
    const link = answer.sources['1']!.link!.replace(/g=(\d+)/, (_, g) => `g=${Number(g) + 1}`);
    const html = (await open(staff, link)).body;
    expect(html).toContain('was ingested again since the answer');
    expect(html).not.toContain('<mark');
  });

  it('shows a PGA passage only to those who may read PGA, as the file', async () => {
    const answer = await ask(admin, 'PGA go-live blueprint', 'pga');
    const source = Object.values(answer.sources).find((entry) => entry.document?.startsWith('pga-'));
    expect(source?.link).toContain('/passage?');
    expect((await open(admin, source!.link!)).statusCode).toBe(200);
    const refused = await open(staff, source!.link!);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(source!.context.slice(0, 40));
  });

  it('answers 404 for an unknown or malformed id and 400 for a chunk that is not a number', async () => {
    const unknown = await open(
      staff,
      '/api/knowledge/documents/passage?id=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect((await open(staff, '/api/knowledge/documents/passage?id=nope')).statusCode).toBe(404);
    expect((await open(staff, '/api/knowledge/documents/passage?id=x&chunk=first')).statusCode).toBe(400);
  });
});

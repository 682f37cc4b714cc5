// The knowledge base through its operations, as the Train Bot window and the File Status page use
// it: uploads of real files built here, the ingestion worker taking them to Ready / No text to
// index / Failed, limits refused with clear errors, delete and re-ingest, and staff refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { components } from '../../generated/contract.js';
import { MODULES } from '../../modules.js';
import {
  BACKENDS,
  type Caller,
  call,
  openTestDb,
  sessionFor,
  startTestServer,
  type TestServer,
  testConfig,
  tokenFor,
} from '../../test/harness.js';
import { type MultipartFile, multipartForm } from '../../test/multipart.js';
import { DEMO_ACCOUNTS } from '../identity/index.js';
import { buildDocx, buildPdf, buildPptx } from './demo/build-files.js';
import { searchKnowledge } from './retrieval/search.js';

type Document = components['schemas']['KnowledgeDocument'];
type UploadAnswer = components['schemas']['TrainingUploadResponse'];

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;
const STAFF = DEMO_ACCOUNTS.find((account) => account.role === 'STAFF')!.email;

// The smallest real images: a 1x1 JPEG and PNG.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with files (in `files[]`, as the Train Bot window sends them, unless they name another field) and text fields. */
function multipart(files: MultipartFile[], fields: Array<[string, string]> = []) {
  return multipartForm(
    files.map((file) => ({ field: 'files[]', ...file })),
    fields,
  );
}

async function docx(title: string, heading: string, text: string): Promise<Uint8Array> {
  return buildDocx({ title, sections: [{ heading, paragraphs: [text] }] });
}

describe.each(BACKENDS)('the knowledge base on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;
  let staff: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend, { uploadMaxFileBytes: 64 * 1024, uploadMaxFiles: 6 });
    admin = await sessionFor(server.db, ADMIN);
    staff = await sessionFor(server.db, STAFF);
  });
  afterAll(() => server?.close());

  async function upload(parts: MultipartFile[], fields: Array<[string, string]> = [], caller = admin) {
    const body = multipart(parts, fields);
    return call(server.app, caller, {
      method: 'POST',
      url: '/api/file/success',
      payload: body.payload,
      headers: body.headers,
    });
  }

  async function list(caller = admin): Promise<Document[]> {
    const response = await call(server.app, caller, { method: 'GET', url: '/api/knowledge/documents' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { documents: Document[] }).documents;
  }

  /** Polls the list until no document of `names` is queued or parsing. */
  async function settled(names: string[], timeoutMs = 30_000): Promise<Map<string, Document>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const documents = await list();
      const wanted = documents.filter((document) => names.includes(document.document));
      const isDone =
        wanted.length === names.length &&
        wanted.every((document) => document.state !== 'queued' && document.state !== 'parsing');
      if (isDone) return new Map(wanted.map((document) => [document.document, document]));
      if (Date.now() > deadline) {
        throw new Error(`Not settled in time: ${JSON.stringify(wanted.map((d) => [d.document, d.status]))}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The list once nothing is in progress. */
  async function settledAll(): Promise<Document[]> {
    await settled((await list()).map((document) => document.document));
    return list();
  }

  it('takes a docx, pdf, pptx, jpg and md through ingestion to Ready or No text to index', async () => {
    const pdf = await buildPdf({
      title: 'Expense policy',
      sections: [{ heading: 'Travel', paragraphs: ['Train tickets are reimbursed in second class.'] }],
    });
    const pptx = buildPptx([{ title: 'Quarterly review', bullets: ['Churn dropped to three percent.'] }]);
    const response = await upload(
      [
        { name: 'vpn-guide.docx', bytes: await docx('VPN guide', 'Connecting', 'Open the tunnel client.') },
        { name: 'expenses.pdf', bytes: pdf },
        { name: 'review.pptx', bytes: pptx },
        { name: 'team-photo.jpg', bytes: JPEG, contentType: 'image/jpeg' },
        { name: 'logo.png', bytes: PNG, contentType: 'image/png' },
        { name: 'notes.md', bytes: '# Release notes\n\nThe blue button now saves drafts.\n' },
      ],
      [['department', 'it']],
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json() as UploadAnswer;
    expect(answer.files).toEqual([
      'vpn-guide.docx',
      'expenses.pdf',
      'review.pptx',
      'team-photo.jpg',
      'logo.png',
      'notes.md',
    ]);
    expect(answer.rejected).toEqual([]);
    expect(answer.documents?.map((document) => [document.document, document.status])).toEqual([
      ['vpn-guide.docx', 'Queued'],
      ['expenses.pdf', 'Queued'],
      ['review.pptx', 'Queued'],
      ['team-photo.jpg', 'Queued'],
      ['logo.png', 'Queued'],
      ['notes.md', 'Queued'],
    ]);

    const documents = await settled(answer.files);
    expect(Object.fromEntries([...documents].map(([name, document]) => [name, document.status]))).toEqual({
      'vpn-guide.docx': 'Ready',
      'expenses.pdf': 'Ready',
      'review.pptx': 'Ready',
      'team-photo.jpg': 'No text to index',
      'logo.png': 'No text to index',
      'notes.md': 'Ready',
    });
    const photo = documents.get('team-photo.jpg')!;
    expect(photo).toMatchObject({ state: 'no_text', departments: ['it'], size: JPEG.length });
    expect(photo.reason).toMatch(/no text to index/i);
    expect(documents.get('expenses.pdf')).toMatchObject({ reason: null, departments: ['it'] });
    expect(documents.get('expenses.pdf')!.chunk_count).toBeGreaterThan(0);

    // What was ingested answers questions in its department.
    const hits = await searchKnowledge(server.db, {
      query: 'train tickets reimbursed',
      viewer: { role: 'CORE_ADMINS' },
      department: 'it',
    });
    expect(hits[0]?.documentName).toBe('expenses.pdf');
  });

  it('fails a corrupt pdf with a reason a person can act on', async () => {
    const corrupt = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'),
      Buffer.alloc(200, 0x41),
    ]);
    const response = await upload([{ name: 'broken.pdf', bytes: corrupt }]);
    expect(response.statusCode).toBe(200);
    const document = (await settled(['broken.pdf'])).get('broken.pdf')!;
    expect(document.status).toBe('Failed');
    expect(document.state).toBe('failed');
    expect(document.reason).toMatch(/pdf/i);
    expect(document.departments).toEqual(['knowledge']);
  });

  it('says what is wrong with a file whose content is not its extension, and asks to convert a legacy .ppt', async () => {
    // A legacy Office (OLE) container, as PowerPoint 97-2003 writes it.
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]);
    const response = await upload([
      { name: 'screenshot.jpg', bytes: 'This is really a text file.' },
      { name: 'old-deck.ppt', bytes: ole },
    ]);
    expect(response.statusCode).toBe(200);
    const documents = await settled(['screenshot.jpg', 'old-deck.ppt']);
    expect(documents.get('screenshot.jpg')).toMatchObject({ status: 'Failed', state: 'failed' });
    expect(documents.get('screenshot.jpg')!.reason).toMatch(/named \.jpg but its content is plain text/);
    expect(documents.get('old-deck.ppt')).toMatchObject({
      status: 'Convert to .pptx',
      state: 'unsupported_legacy',
    });
    expect(documents.get('old-deck.ppt')!.reason).toMatch(/save it as \.pptx/);
  });

  it('says which files were refused and why, and stores the others', async () => {
    const before = await list();
    const response = await upload([
      { name: 'ok.txt', bytes: 'Parking is free on weekends.' },
      { name: 'tool.exe', bytes: 'MZ binary' },
      { name: 'empty.md', bytes: '' },
      { name: 'huge.txt', bytes: 'x'.repeat(64 * 1024 + 1) },
    ]);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as UploadAnswer;
    expect(answer.files).toEqual(['ok.txt']);
    expect(answer.rejected).toEqual([
      {
        name: 'tool.exe',
        code: 'unsupported_type',
        reason: expect.stringMatching(/^tool\.exe: \.exe files are not accepted/),
      },
      { name: 'empty.md', code: 'empty', reason: 'empty.md is empty.' },
      {
        name: 'huge.txt',
        code: 'too_large',
        reason: expect.stringMatching(/^huge\.txt is larger than the 64 KB limit/),
      },
    ]);
    expect(answer.message).toContain('3 files not stored');
    const after = await list();
    expect(after.map((document) => document.document).sort()).toEqual(
      [...before.map((document) => document.document), 'ok.txt'].sort(),
    );
  });

  it('answers 413 for a single file over the limit, 415 for a wrong type and 400 for an empty file', async () => {
    const before = await settledAll();
    const tooBig = await upload([{ name: 'big.pdf', bytes: Buffer.alloc(64 * 1024 + 10, 0x20) }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      code: 'payload_too_large',
      error: 'big.pdf is larger than the 64 KB limit for one file: split or compress it.',
      details: { rejected: [{ name: 'big.pdf', code: 'too_large' }] },
    });
    const wrongType = await upload([{ name: 'archive.zip', bytes: 'PK' }]);
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(wrongType.json().error).toMatch(
      /^archive\.zip: \.zip files are not accepted\. Accepted types: \.docx/,
    );
    const empty = await upload([{ name: 'blank.docx', bytes: '' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed', error: 'blank.docx is empty.' });
    expect(await list()).toEqual(before);
  });

  it('refuses too many files, no file, an unknown department and a broken body, storing nothing', async () => {
    const before = await settledAll();
    const blobsBefore = await server.db.query<{ count: string }>('SELECT count(*) FROM blobs');
    const seven = Array.from({ length: 7 }, (_, index) => ({
      name: `many-${index}.txt`,
      bytes: 'Some text.',
    }));
    const tooMany = await upload(seven);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toMatch(/Too many files in one upload: at most 6/);
    const none = await upload([], [['department', 'it']]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('No file provided');
    const unknown = await upload([{ name: 'x.txt', bytes: 'text' }], [['department', 'marketing']]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/Unknown department 'marketing'/);
    const body = multipart([{ name: 'cut.txt', bytes: 'Cut short.' }]);
    const truncated = await call(server.app, admin, {
      method: 'POST',
      url: '/api/file/success',
      payload: body.payload.subarray(0, body.payload.length - 30),
      headers: body.headers,
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toMatch(/^The upload could not be read/);
    const wrongBoundary = await call(server.app, admin, {
      method: 'POST',
      url: '/api/file/success',
      payload: body.payload,
      headers: { 'content-type': 'multipart/form-data; boundary=nothing' },
    });
    expect(wrongBoundary.statusCode).toBe(400);
    expect(await list()).toEqual(before);
    const blobsAfter = await server.db.query<{ count: string }>('SELECT count(*) FROM blobs');
    expect(blobsAfter.rows[0]!.count).toBe(blobsBefore.rows[0]!.count);
  });

  it('replaces a document uploaded again under its name, with its new departments and text', async () => {
    const first = await upload(
      [{ name: 'lunch.md', bytes: '# Canteen\n\nThe canteen serves lasagne on Mondays.\n' }],
      [['department', 'education']],
    );
    const id = (first.json() as UploadAnswer).documents![0]!.id;
    await settled(['lunch.md']);
    const second = await upload(
      [{ name: 'lunch.md', bytes: '# Canteen\n\nThe canteen serves risotto on Mondays.\n' }],
      [['department', 'education,cs_preprod']],
    );
    expect((second.json() as UploadAnswer).documents![0]!.id).toBe(id);
    const document = (await settled(['lunch.md'])).get('lunch.md')!;
    expect(document).toMatchObject({ id, status: 'Ready', departments: ['education', 'cs_preprod'] });
    const viewer = { role: 'CORE_ADMINS' };
    expect(await searchKnowledge(server.db, { query: 'lasagne', viewer, department: 'education' })).toEqual(
      [],
    );
    const hits = await searchKnowledge(server.db, { query: 'risotto', viewer, department: 'cs_preprod' });
    expect(hits.map((hit) => hit.documentName)).toEqual(['lunch.md']);
    // One stored file per document: the replaced bytes are gone.
    const blobs = await server.db.query(
      'SELECT 1 FROM blobs b JOIN knowledge_documents d ON d.blob_id = b.id',
    );
    const all = await server.db.query<{ count: string }>('SELECT count(*) FROM blobs');
    expect(Number(all.rows[0]!.count)).toBe(blobs.rows.length);
  });

  it('deletes a document with its chunks and stored file, and audits it', async () => {
    await upload([{ name: 'old-policy.txt', bytes: 'The old policy allowed fax machines.' }]);
    const document = (await settled(['old-policy.txt'])).get('old-policy.txt')!;
    const { rows } = await server.db.query<{ blob_id: string }>(
      'SELECT blob_id FROM knowledge_documents WHERE id = $1',
      [document.id],
    );
    const response = await call(server.app, admin, {
      method: 'POST',
      url: '/api/knowledge/documents/delete',
      payload: { id: document.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted old-policy.txt.' });
    expect((await list()).some((entry) => entry.id === document.id)).toBe(false);
    const chunks = await server.db.query('SELECT 1 FROM knowledge_chunks WHERE document_id = $1', [
      document.id,
    ]);
    expect(chunks.rows).toEqual([]);
    const blob = await server.db.query('SELECT 1 FROM blobs WHERE id = $1', [rows[0]!.blob_id]);
    expect(blob.rows).toEqual([]);
    const again = await call(server.app, admin, {
      method: 'POST',
      url: '/api/knowledge/documents/delete',
      payload: { id: document.id },
    });
    expect(again.statusCode).toBe(404);
    const audit = await call(server.app, admin, { method: 'GET', url: '/api/audit?limit=500' });
    const actions = (audit.json() as { events: Array<{ action: string; target: string | null }> }).events
      .filter((event) => event.target === 'old-policy.txt')
      .map((event) => event.action);
    expect(actions).toEqual(['knowledge.delete', 'knowledge.upload']);
  });

  it('re-ingests a document from its stored file', async () => {
    await upload([{ name: 'faq.txt', bytes: 'Badges are collected at the front desk.' }]);
    const document = (await settled(['faq.txt'])).get('faq.txt')!;
    const response = await call(server.app, admin, {
      method: 'POST',
      url: '/api/knowledge/documents/reingest',
      payload: { id: document.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ document: { id: document.id, status: 'Queued' } });
    const again = (await settled(['faq.txt'])).get('faq.txt')!;
    expect(again.status).toBe('Ready');
    expect(again.chunk_count).toBe(document.chunk_count);
    const missing = await call(server.app, admin, {
      method: 'POST',
      url: '/api/knowledge/documents/reingest',
      payload: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('accepts a personal access token and the files field name of the SDK', async () => {
    const token = await tokenFor(server.db, ADMIN);
    const response = await upload(
      [{ field: 'files', name: 'token-upload.csv', bytes: 'name,room\nAda,12\n' }],
      [],
      token,
    );
    expect(response.statusCode).toBe(200);
    expect((await settled(['token-upload.csv'])).get('token-upload.csv')!.status).toBe('Ready');
  });

  it('refuses staff (403) on every knowledge operation', async () => {
    const [document] = await list();
    const attempts = [
      await upload([{ name: 'staff.txt', bytes: 'text' }], [], staff),
      await call(server.app, staff, { method: 'GET', url: '/api/knowledge/documents' }),
      await call(server.app, staff, {
        method: 'POST',
        url: '/api/knowledge/documents/delete',
        payload: { id: document!.id },
      }),
      await call(server.app, staff, {
        method: 'POST',
        url: '/api/knowledge/documents/reingest',
        payload: { id: document!.id },
      }),
    ];
    expect(attempts.map((response) => [response.statusCode, response.json().code])).toEqual([
      [403, 'forbidden'],
      [403, 'forbidden'],
      [403, 'forbidden'],
      [403, 'forbidden'],
    ]);
    expect((await list()).some((entry) => entry.document === 'staff.txt')).toBe(false);
  });
});

describe.each(BACKENDS)('deleting a document whose ingestion has not run, on %s', (backend) => {
  it('cancels its waiting job, and nothing brings the document back', async () => {
    // The knowledge module without its worker: the job waits, as it would for a busy instance.
    const { db, cleanup } = await openTestDb(backend);
    const modules = MODULES.map((module) =>
      module.name === 'knowledge' ? { ...module, start: undefined } : module,
    );
    const app = await buildApp({ config: testConfig(), db, modules });
    try {
      const admin = await sessionFor(db, ADMIN);
      const body = multipart([{ name: 'waiting.md', bytes: '# Waiting\n\nStill in the queue.\n' }]);
      const uploaded = await call(app, admin, {
        method: 'POST',
        url: '/api/file/success',
        payload: body.payload,
        headers: body.headers,
      });
      const { id } = (uploaded.json() as UploadAnswer).documents![0]!;
      const jobState = async () =>
        (
          await db.query<{ state: string; last_error: string | null }>(
            "SELECT state, last_error FROM jobs WHERE queue = 'knowledge.ingest' AND dedupe_key = $1",
            [id],
          )
        ).rows;
      expect(await jobState()).toEqual([{ state: 'queued', last_error: null }]);
      const deleted = await call(app, admin, {
        method: 'POST',
        url: '/api/knowledge/documents/delete',
        payload: { id },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await jobState()).toEqual([{ state: 'cancelled', last_error: 'The document was deleted.' }]);
      const listed = await call(app, admin, { method: 'GET', url: '/api/knowledge/documents' });
      expect(listed.json()).toMatchObject({ documents: [], total: 0 });
    } finally {
      await app.close();
      await cleanup();
    }
  }, 120_000);
});

// Files built to overload the parsers, generated here and sent through the real server: PDFs whose
// Form XObjects draw each other 20 times over 9 levels or whose Flate content stream inflates 1000
// times, Office files with XML bombs (billion laughs, a huge document part) and zip bombs inside,
// HTML that costs the parser quadratic time. Each ends Failed with a reason a person can act on,
// while the server answers other requests and ingests other documents, and its memory comes back.
// A parse that would never end is cancelled at once by deleting its document; names that are not
// UTF-8 are refused rather than merged into one document.
import { readdirSync, readFileSync } from 'node:fs';
import { constants, deflateRawSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';
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
import {
  type Cleanups,
  type RunningServer,
  serverProcessEnvironment,
  startServerProcess,
  stopServerProcess,
} from '../../../test/server-processes.js';
import { DEMO_ACCOUNTS } from '../../identity/index.js';
import { buildDocx, buildPptx } from '../demo/build-files.js';

type Document = components['schemas']['KnowledgeDocument'];

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------- the files

type PdfObject = string | { dictionary: string; stream: Uint8Array };

/** A PDF of `objects` (numbered from 1, the first the catalog) with a correct cross-reference table. */
function pdfOf(objects: PdfObject[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === 'string') {
      push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`));
      return;
    }
    push(
      Buffer.from(`${index + 1} 0 obj\n<< ${object.dictionary} /Length ${object.stream.length} >>\nstream\n`),
    );
    push(Buffer.from(object.stream));
    push(Buffer.from('\nendstream\nendobj\n'));
  });
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const PAGE_OBJECTS = (resources: string): PdfObject[] => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 5 0 R /Resources << ${resources} /Font << /F1 4 0 R >> >> >>`,
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];

/** A 4 KB PDF whose page draws a form that draws the next one 20 times, 9 levels deep: 20^9 draws of text. */
function xobjectBombPdf(depth = 9, fanOut = 20): Uint8Array {
  const draws = strToU8('q /X Do Q\n'.repeat(fanOut));
  const forms: PdfObject[] = Array.from({ length: depth }, (_, level) => {
    const isLast = level === depth - 1;
    // Objects 1-5 are the page's; form `level` is object 6 + level.
    const resources = isLast ? '' : `/XObject << /X ${7 + level} 0 R >>`;
    return {
      dictionary: `/Type /XObject /Subtype /Form /BBox [0 0 600 800] /Resources << ${resources} /Font << /F1 4 0 R >> >>`,
      stream: isLast ? strToU8('BT /F1 12 Tf 10 10 Td (deep) Tj ET') : draws,
    };
  });
  return pdfOf([...PAGE_OBJECTS('/XObject << /X 6 0 R >>'), { dictionary: '', stream: draws }, ...forms]);
}

/**
 * A PDF whose page content is a ~300 KB Flate stream of `megabytes` MB of zeros (PDF whitespace):
 * written as one compressed megabyte repeated (each ends byte-aligned, with a full flush), so it is
 * never inflated here.
 */
function flateBombPdf(megabytes = 300): Uint8Array {
  const piece = deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const checksum = Buffer.alloc(4);
  // Adler-32 of zeros: a = 1, b = the length.
  checksum.writeUInt32BE((((megabytes * MB) % 65_521) * 65_536 + 1) >>> 0);
  const stream = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: megabytes }, () => piece),
    // The last block: stored, empty.
    Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]),
    checksum,
  ]);
  return pdfOf([...PAGE_OBJECTS(''), { dictionary: '/Filter /FlateDecode', stream: new Uint8Array(stream) }]);
}

const WORD = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const SLIDE =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';

/** A real Word document with its body replaced. */
async function docxWith(documentXml: string): Promise<Uint8Array> {
  const parts = unzipSync(
    await buildDocx({ title: 'Menu', sections: [{ heading: 'Soup', paragraphs: ['Leek'] }] }),
  );
  parts['word/document.xml'] = strToU8(documentXml);
  return zipSync(parts);
}

/** A real presentation with its one slide replaced. */
function pptxWith(slideXml: string): Uint8Array {
  const parts = unzipSync(buildPptx([{ title: 'Menu', bullets: ['Leek soup'] }]));
  parts['ppt/slides/slide1.xml'] = strToU8(slideXml);
  return zipSync(parts);
}

/** Billion laughs: ten entities of ten of the one before, 3 GB of "lol" from under 1 KB. */
function laughs(root: string, body: string): string {
  let entities = '<!ENTITY l0 "lollollollollollollollollollol">';
  for (let level = 1; level <= 9; level++)
    entities += `<!ENTITY l${level} "${`&l${level - 1};`.repeat(10)}">`;
  return `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE ${root} [${entities}]>${body}`;
}

/** A Word document whose body is `megabytes` MB of short paragraphs (numbers: not compressible past the zip limits). */
function hugeDocx(megabytes: number): Promise<Uint8Array> {
  let seed = 1;
  const paragraphs: string[] = [];
  for (let size = 0; size < megabytes * MB; ) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const paragraph = `<w:p><w:r><w:t>${seed.toString(36)}</w:t></w:r></w:p>`;
    paragraphs.push(paragraph);
    size += paragraph.length;
  }
  return docxWith(`<w:document ${WORD}><w:body>${paragraphs.join('')}</w:body></w:document>`);
}

/** A Word document whose body part says it holds 1,000 bytes and inflates to 10 MB. */
async function lyingZipDocx(): Promise<Uint8Array> {
  const parts = unzipSync(
    await buildDocx({ title: 'Menu', sections: [{ heading: 'Soup', paragraphs: ['Leek'] }] }),
  );
  parts['word/document.xml'] = strToU8(
    `<w:document ${WORD}><w:body>${' '.repeat(10 * MB)}</w:body></w:document>`,
  );
  const zip = Buffer.from(zipSync(parts));
  const name = Buffer.from('word/document.xml');
  // The size is in the entry's local header (offset 22) and its central directory record (offset 24).
  for (let at = zip.indexOf(name); at >= 0; at = zip.indexOf(name, at + 1)) {
    if (zip.readUInt32LE(at - 30) === 0x04034b50) zip.writeUInt32LE(1000, at - 30 + 22);
    if (zip.readUInt32LE(at - 46) === 0x02014b50) zip.writeUInt32LE(1000, at - 46 + 24);
  }
  return new Uint8Array(zip);
}

/** A presentation whose slide is 20 MB of spaces compressed about 1000:1. */
function ratioZipPptx(): Uint8Array {
  return pptxWith(`<p:sld ${SLIDE}>${' '.repeat(20 * MB)}</p:sld>`);
}

/** 100,000 nested elements, then as many end tags that close none of them: each searched for in the whole stack. */
function unmatchedEndTagsHtml(depth = 100_000): Uint8Array {
  return strToU8(`<html><body>${'<div>'.repeat(depth)}soup${'</b>'.repeat(depth)}</body></html>`);
}

/** 100,000 tables nested in each other's cells, none closed. */
function nestedTablesHtml(depth = 100_000): Uint8Array {
  return strToU8(`<html><body>${'<table><tr><td>'.repeat(depth)}soup</body></html>`);
}

const note = (text: string) => strToU8(`# Canteen\n\n${text}\n`);

// ------------------------------------------------------------------------------------------ uploads

interface Upload {
  /** The file name as raw bytes where it must not be UTF-8. */
  name: string | Buffer;
  bytes: Uint8Array;
}

/** A multipart body as a browser sends it, file names written byte for byte. */
function multipart(files: Upload[]): { body: Buffer; contentType: string } {
  const boundary = '----hostile-uploads-boundary';
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="`),
      typeof file.name === 'string' ? Buffer.from(file.name) : file.name,
      Buffer.from('"\r\nContent-Type: application/octet-stream\r\n\r\n'),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const isInProgress = (document: Document) => document.state === 'queued' || document.state === 'parsing';

/** Resident memory of a process, in MB (Linux). */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0]) / 1024;
}

/** The parse threads a process runs now (their system threads carry the worker's name). */
function parseThreads(pid: number): number {
  return readdirSync(`/proc/${pid}/task`).filter((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim() === 'knowledge-parse';
    } catch (error) {
      // A thread that ended between the listing and this read is not running.
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'ESRCH'
      ) {
        return false;
      }
      throw error;
    }
  }).length;
}

async function waitForNoParseThreads(pid: number): Promise<void> {
  while (parseThreads(pid) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe.each(BACKENDS)('hostile uploads to a server process, on %s', (backend) => {
  const cleanups: Cleanups = [];
  let running: RunningServer;

  beforeAll(async () => {
    const env = await serverProcessEnvironment(backend, cleanups, {
      INGEST_PARSE_TIMEOUT_SECONDS: '3',
      INGEST_PARSE_MEMORY_MB: '128',
      // Two documents at a time on one parse thread and the spare one: the defaults on two cores.
      INGEST_CONCURRENCY: '2',
      INGEST_PARSE_THREADS: '1',
      // Idle threads end soon, so memory is compared with none running.
      INGEST_PARSE_IDLE_SECONDS: '1',
    });
    running = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(running, 'SIGTERM'));
  }, 200_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const request = (path: string, init: RequestInit = {}) =>
    fetch(`${running.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${running.token}`, ...init.headers },
    });

  async function upload(files: Upload[]): Promise<Response> {
    const { body, contentType } = multipart(files);
    return request('/api/file/success', { method: 'POST', body, headers: { 'content-type': contentType } });
  }

  async function documents(): Promise<Document[]> {
    const response = await request('/api/knowledge/documents');
    expect(response.status).toBe(200);
    return ((await response.json()) as { documents: Document[] }).documents;
  }

  /** Polls File Status until `isDone`, checking on the way that the server answers other requests. */
  async function waitUntil(isDone: (documents: Document[]) => boolean): Promise<Document[]> {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const listed = await documents();
      if (isDone(listed)) return listed;
      if (Date.now() > deadline) throw new Error(`Still in progress: ${JSON.stringify(listed)}`);
      expect((await request('/api/ping')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('fails every bomb with a reason, ingests the other files meanwhile, and gives the memory back', async () => {
    const pid = running.child.pid!;
    // The memory of a server that has ingested and whose parse threads have gone idle and ended.
    expect(
      (
        await upload([
          { name: 'warm-1.md', bytes: note('Soup on Monday.') },
          { name: 'warm-2.md', bytes: note('Fish on Friday.') },
        ])
      ).status,
    ).toBe(200);
    await waitUntil((listed) => listed.length === 2 && !listed.some(isInProgress));
    await waitForNoParseThreads(pid);
    const before = residentMb(pid);

    // Which limit a parse meets first depends on the machine's speed.
    const overLimit =
      /^Reading the file (took longer than 3 seconds|needed more than 128 MB of memory), the limit for one file, and was stopped\./;
    const bombs: Array<{ name: string; bytes: Uint8Array; reason: RegExp }> = [
      { name: 'xobject-bomb.pdf', bytes: xobjectBombPdf(), reason: overLimit },
      { name: 'flate-bomb.pdf', bytes: flateBombPdf(), reason: overLimit },
      {
        name: 'laughs.docx',
        bytes: await docxWith(
          laughs(
            'w:document',
            `<w:document ${WORD}><w:body><w:p><w:r><w:t>&l9;</w:t></w:r></w:p></w:body></w:document>`,
          ),
        ),
        reason:
          /^The part word\/document\.xml declares a document type \(<!DOCTYPE>\), which Office files never do: the file looks like an XML bomb\./,
      },
      {
        name: 'laughs.pptx',
        bytes: pptxWith(
          laughs(
            'p:sld',
            `<p:sld ${SLIDE}><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>&l9;</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
          ),
        ),
        reason: /^The part ppt\/slides\/slide1\.xml declares a document type/,
      },
      { name: 'huge-body.docx', bytes: await hugeDocx(24), reason: overLimit },
      {
        name: 'lying-zip.docx',
        bytes: await lyingZipDocx(),
        reason:
          /^The part word\/document\.xml expands beyond the size it declares: the file looks like a zip bomb\.$/,
      },
      {
        name: 'ratio-zip.pptx',
        bytes: ratioZipPptx(),
        reason:
          /^The part ppt\/slides\/slide1\.xml is compressed more than 200:1: the file looks like a zip bomb\.$/,
      },
      { name: 'unmatched-end-tags.html', bytes: unmatchedEndTagsHtml(), reason: overLimit },
      { name: 'nested-tables.html', bytes: nestedTablesHtml(), reason: overLimit },
    ];
    expect(Math.max(...bombs.map((bomb) => bomb.bytes.length))).toBeLessThan(10 * MB);
    expect((await upload(bombs)).status).toBe(200);
    // While they are parsed, another upload is taken and ingested.
    await waitUntil((listed) => listed.some((document) => document.state === 'parsing'));
    expect((await upload([{ name: 'menu.md', bytes: note('Leek soup on Tuesday.') }])).status).toBe(200);
    let peak = before;
    const listed = await waitUntil((documents) => {
      peak = Math.max(peak, residentMb(pid));
      return documents.length === 2 + bombs.length + 1 && !documents.some(isInProgress);
    });
    const outcome = Object.fromEntries(listed.map((document) => [document.document, document]));
    expect(outcome['menu.md']).toMatchObject({ status: 'Ready', chunk_count: 1 });
    for (const bomb of bombs) {
      expect(outcome[bomb.name], bomb.name).toMatchObject({
        status: 'Failed',
        reason: expect.stringMatching(bomb.reason),
      });
    }
    // Never more than the two threads' limits (the steady one and the spare) and what the server itself
    // holds for the files.
    expect(peak - before).toBeLessThan(2 * 128 + 300);
    // Memory comes back once the server is quiet: threads that met a limit were ended, the others
    // went idle and ended. What stays is what the allocator keeps for reuse (its per-thread arenas,
    // 50-150 MB here), less than two parses' limits: never the 128 MB and more each stopped parse held.
    await waitForNoParseThreads(pid);
    let after = residentMb(pid);
    for (const deadline = Date.now() + 60_000; after - before >= 2 * 128 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = residentMb(pid);
    }
    expect(after - before).toBeLessThan(2 * 128);
  }, 400_000);
});

describe.each(BACKENDS)('a parse that would never end, on %s', (backend) => {
  let server: TestServer;
  let admin: Caller;

  beforeAll(async () => {
    // No time limit to speak of, and leases renewed every 20 minutes: only the delete itself can end
    // these parses within the test.
    server = await startTestServer(backend, {
      ingestParseTimeoutMs: 3_600_000,
      ingestLeaseSeconds: 3600,
      // The defaults on two cores: one parse thread, and the spare one for when it is on a slow file.
      ingestConcurrency: 2,
      ingestParseThreads: 1,
    });
    admin = await sessionFor(server.db, ADMIN);
  });
  afterAll(async () => {
    await server.close();
  });

  async function upload(files: Upload[]) {
    const { body, contentType } = multipart(files);
    return call(server.app, admin, {
      method: 'POST',
      url: '/api/file/success',
      payload: body,
      headers: { 'content-type': contentType },
    });
  }

  async function documents(): Promise<Document[]> {
    const response = await call(server.app, admin, { method: 'GET', url: '/api/knowledge/documents' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { documents: Document[] }).documents;
  }

  async function waitFor(name: string, isDone: (document: Document) => boolean): Promise<Document> {
    for (;;) {
      const document = (await documents()).find((candidate) => candidate.document === name);
      if (document && isDone(document)) return document;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('leaves the other thread to the other documents, and ends at once when its document is deleted', async () => {
    expect((await upload([{ name: 'endless-1.pdf', bytes: xobjectBombPdf() }])).statusCode).toBe(200);
    await waitFor('endless-1.pdf', (document) => document.state === 'parsing');
    // One slow file holds one thread: the other ingests what comes next.
    expect((await upload([{ name: 'menu.md', bytes: note('Leek soup on Tuesday.') }])).statusCode).toBe(200);
    expect(await waitFor('menu.md', (document) => !isInProgress(document))).toMatchObject({
      status: 'Ready',
    });
    expect((await documents()).find((document) => document.document === 'endless-1.pdf')).toMatchObject({
      status: 'Parsing',
    });

    // Both threads on endless parses; deleting the documents ends them and frees the ingestion for
    // the next upload (it would wait an hour otherwise).
    expect((await upload([{ name: 'endless-2.pdf', bytes: xobjectBombPdf() }])).statusCode).toBe(200);
    await waitFor('endless-2.pdf', (document) => document.state === 'parsing');
    for (const document of await documents()) {
      if (!document.document.startsWith('endless-')) continue;
      const deleted = await call(server.app, admin, {
        method: 'POST',
        url: '/api/knowledge/documents/delete',
        payload: { id: document.id },
      });
      expect(deleted.statusCode).toBe(200);
    }
    expect((await upload([{ name: 'lunch.md', bytes: note('Pasta on Wednesday.') }])).statusCode).toBe(200);
    expect(await waitFor('lunch.md', (document) => !isInProgress(document))).toMatchObject({
      status: 'Ready',
    });
    expect((await documents()).map((document) => document.document).sort()).toEqual(['lunch.md', 'menu.md']);
  }, 120_000);

  it('refuses file names that are not UTF-8 instead of storing two files as one', async () => {
    const latin1 = (name: string) => Buffer.from(name, 'latin1');
    const both = await upload([
      { name: latin1('caf\xe9-menu.txt'), bytes: note('Soup.') },
      { name: latin1('caf\xe8-menu.txt'), bytes: note('Fish.') },
    ]);
    expect(both.statusCode).toBe(400);
    const reason =
      'caf\uFFFD-menu.txt: the file name is not valid UTF-8 text (the characters shown as � could not be read), so it cannot be told apart from other names. Rename the file and upload it again.';
    expect(both.json()).toMatchObject({
      code: 'validation_failed',
      details: {
        rejected: [
          { name: 'caf\uFFFD-menu.txt', code: 'invalid_name', reason },
          { name: 'caf\uFFFD-menu.txt', code: 'invalid_name', reason },
        ],
      },
    });
    // Beside a file named in UTF-8, that one is stored and the other refused.
    const mixed = await upload([
      { name: latin1('caf\xe9-menu.txt'), bytes: note('Soup.') },
      { name: 'café-menu.txt', bytes: note('Fish.') },
    ]);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toMatchObject({
      documents: [{ document: 'café-menu.txt' }],
      rejected: [{ name: 'caf\uFFFD-menu.txt', code: 'invalid_name' }],
    });
    expect((await documents()).filter((document) => document.document.startsWith('caf'))).toHaveLength(1);
  });
});

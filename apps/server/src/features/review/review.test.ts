// The code review end to end over HTTP (app.inject) on PGlite and PostgreSQL: intake limits and
// messages, zip-slip/link/bomb refusals, the review JSON, the download (every .py parsed by Python's
// own parser), ownership, pending delete refusal, the per-user limit, restart recovery; and a real
// package of the Python standard library reviewed whole.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync, type Zippable, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/contract.js';
import {
  BACKENDS,
  type Caller,
  call,
  sessionFor,
  startTestServer,
  type TestServer,
  testConfig,
} from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import { multipartForm } from '../../test/multipart.js';
import { pythonLibraryDir, pythonPackageFiles } from '../../test/python-library.js';

type ReviewFileJson = components['schemas']['ReviewFileJson'];
type ReviewItem = components['schemas']['ReviewItem'];
type ReviewFunction = components['schemas']['ReviewFunction'];

const PACKAGE: Record<string, string> = {
  'shop/__init__.py': '"""The shop package."""\n',
  'shop/cart.py': `import os


class Cart:
    def __init__(self, items):
        self.items = items

    @property
    def total(self):
        total = 0
        for i in range(len(self.items)):
            total += self.items[i].price
        return total

    async def checkout(self, payment):
        if payment is None:
            raise ValueError("no payment")
        receipt = ''
        for item in self.items:
            receipt += item.name
        return receipt

    @staticmethod
    def cheapest(prices):
        return sorted(prices)[0]


def dedupe(names, banned):
    kept = []
    for name in names:
        if name not in list(banned):
            kept.append(name)
    return kept


def outer(values):
    def inner(value):
        return value * 2
    return [inner(v) for v in values]
`,
  'shop/util/text.py': `def shout(words: list[str], sep: str = " ") -> str:
    result = ""
    for word in words:
        result += word.upper() + sep.strip()
    return result
`,
  'shop/broken.py': 'def oops(:\n    pass\n',
  'README.md': '# Shop\n',
  'data/prices.csv': 'a,1\n',
};

function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const [path, content] of Object.entries(files)) {
    entries[path] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return zipSync(entries);
}

function multipart(parts: Array<{ name: string; bytes: Uint8Array; field?: string }>) {
  return multipartForm(parts.map((part) => ({ ...part, contentType: 'application/zip' })));
}

async function upload(server: TestServer, caller: Caller, name: string, bytes: Uint8Array) {
  return call(server.app, caller, {
    method: 'POST',
    url: '/api/file/code_analysis',
    ...multipart([{ name, bytes }]),
  });
}

async function list(server: TestServer, caller: Caller) {
  const response = await call(server.app, caller, { method: 'POST', url: '/api/file/files', payload: {} });
  expect(response.statusCode).toBe(200);
  return response.json().files as Array<components['schemas']['ReviewFile']>;
}

/** The blob ids (zip, review JSON, download) of reviews. */
async function blobsOf(server: TestServer, fileIds: string[]): Promise<string[]> {
  const { rows } = await server.db.query<{ id: string }>(
    `SELECT unnest(ARRAY[zip_blob_id, review_blob_id, download_blob_id]) AS id
     FROM review_files WHERE id = ANY($1::uuid[])`,
    [fileIds],
  );
  return rows.map((row) => row.id).filter(Boolean);
}

/** How many of these blobs, and chunks of them, are still stored. */
async function storedBytes(server: TestServer, blobIds: string[]) {
  const { rows } = await server.db.query<{ blobs: string | number; chunks: string | number }>(
    `SELECT (SELECT count(*) FROM blobs WHERE id = ANY($1::uuid[])) AS blobs,
            (SELECT count(*) FROM blob_chunks WHERE blob_id = ANY($1::uuid[])) AS chunks`,
    [blobIds],
  );
  return { blobs: Number(rows[0]!.blobs), chunks: Number(rows[0]!.chunks) };
}

async function waitForEnd(server: TestServer, caller: Caller, fileId: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const file = (await list(server, caller)).find((entry) => entry.fileId === fileId);
    if (!file) throw new Error('file vanished');
    if (file.status !== 'pending') return file;
    if (Date.now() > until) throw new Error(`still pending: ${JSON.stringify(file)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function functionsOf(items: ReviewItem[], prefix = ''): Map<string, ReviewFunction> {
  const found = new Map<string, ReviewFunction>();
  for (const item of items) {
    if (item.type === 'folder') {
      for (const [key, value] of functionsOf(item.contents, `${prefix}${item.name}/`)) found.set(key, value);
    } else {
      for (const fn of item.functions) found.set(`${prefix}${item.name}:${fn.name}`, fn);
    }
  }
  return found;
}

function fileItem(items: ReviewItem[], path: string): components['schemas']['ReviewFileItem'] | undefined {
  const [head, ...rest] = path.split('/');
  const item = items.find((entry) => entry.name === head);
  if (!item) return undefined;
  if (rest.length === 0) return item.type === 'file' ? item : undefined;
  return item.type === 'folder' ? fileItem(item.contents, rest.join('/')) : undefined;
}

/** Python's own parser on every .py of a zip: the paths that fail. */
function unparseable(zip: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'review-test-'));
  try {
    const files = unzipSync(zip);
    const failures: string[] = [];
    const paths = Object.keys(files).filter((path) => path.endsWith('.py'));
    paths.forEach((path, index) => {
      const file = join(dir, `${index}.py`);
      writeFileSync(file, files[path]!);
      try {
        execFileSync('python3', ['-c', 'import ast,sys; ast.parse(open(sys.argv[1], "rb").read())', file], {
          stdio: 'pipe',
        });
      } catch {
        failures.push(path);
      }
    });
    return failures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(BACKENDS)('code review (%s)', (backend) => {
  let server: TestServer;
  let staff: Caller;
  let admin: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend, {
      review: {
        maxZipBytes: 256 * 1024,
        maxEntries: 50,
        maxUncompressedBytes: 8 * 1024 * 1024,
        maxRatio: 100,
        maxConcurrentPerUser: 2,
        concurrency: 1,
        // Two analysis threads share the files, as on a machine with two cores.
        analyzers: 2,
        leaseSeconds: 30,
        modelMaxFunctions: 100,
        maxFileBytes: 1024 * 1024,
        analyzerMemoryMb: 384,
        analysisTimeoutMs: 60_000,
      },
    });
    staff = await sessionFor(server.db, 'staff@example.com');
    admin = await sessionFor(server.db, 'admin@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses what it cannot review, each with its reason', async () => {
    const noFile = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/code_analysis',
      ...multipart([]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toBe('No file provided');
    // Nothing sent at all: the spec's message too, not the generic one of a missing body.
    const noBody = await call(server.app, staff, { method: 'POST', url: '/api/file/code_analysis' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error).toBe('No file provided');

    const notZip = await upload(server, staff, 'code.zip', new TextEncoder().encode('print("hello")\n'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().error).toMatch(/not a zip archive/);

    const tooLarge = await upload(
      server,
      staff,
      'big.zip',
      zipSync({
        'a.py': new TextEncoder().encode('x = 1\n'),
        'b.bin': [randomBytes(300 * 1024), { level: 0 }],
      }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatch(/larger than the 256 KB limit/);

    const manyEntries: Record<string, string> = {};
    for (let index = 0; index < 60; index++) manyEntries[`m${index}.py`] = 'x = 1\n';
    const tooMany = await upload(server, staff, 'many.zip', zipOf(manyEntries));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toMatch(/60 entries, more than the 50 allowed/);

    const bomb = await upload(
      server,
      staff,
      'bomb.zip',
      zipSync({
        'a.py': new TextEncoder().encode('x = 1\n'),
        'zeros.txt': [new Uint8Array(4 * 1024 * 1024), { level: 9 }],
      }),
    );
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error).toMatch(/zip bomb/);

    const slip = await upload(
      server,
      staff,
      'slip.zip',
      zipOf({ 'ok.py': 'x = 1\n', '../evil.py': 'x = 2\n' }),
    );
    expect(slip.statusCode).toBe(400);
    expect(slip.json().error).toMatch(/leaves its folder \('\.\.\/evil\.py'\)/);

    const absolute = await upload(server, staff, 'abs.zip', zipOf({ '/etc/evil.py': 'x = 2\n' }));
    expect(absolute.statusCode).toBe(400);
    expect(absolute.json().error).toMatch(/absolute path/);

    const link = await upload(
      server,
      staff,
      'link.zip',
      zipSync({
        'ok.py': new TextEncoder().encode('x = 1\n'),
        'link.py': [new TextEncoder().encode('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
      }),
    );
    expect(link.statusCode).toBe(400);
    expect(link.json().error).toMatch(/symbolic link \('link\.py'\)/);

    const noPython = await upload(server, staff, 'docs.zip', zipOf({ 'README.md': '# hi\n' }));
    expect(noPython.statusCode).toBe(400);
    expect(noPython.json().error).toBe('The zip holds no Python (.py) files to review.');

    expect(await list(server, staff)).toEqual([]);
  });

  it('reviews a package: functions, sections, own checks, docstrings, a parseable download', async () => {
    const response = await upload(server, staff, 'shop.zip', zipOf(PACKAGE));
    expect(response.statusCode).toBe(200);
    const { fileId, name, status } = response.json();
    expect({ name, status }).toEqual({ name: 'shop.zip', status: 'pending' });
    const listed = (await list(server, staff)).find((entry) => entry.fileId === fileId);
    expect(listed).toMatchObject({ filename: 'shop.zip' });
    const ended = await waitForEnd(server, staff, fileId);
    expect(ended).toMatchObject({ status: 'success', progress: null, reason: null });

    const view = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/file',
      payload: { fileId },
    });
    expect(view.statusCode).toBe(200);
    const review = view.json() as ReviewFileJson;
    expect(review.name).toBe('shop.zip');
    // Only Python files appear, folders first.
    expect(review.contents.map((item) => `${item.type}:${item.name}`)).toEqual(['folder:shop']);
    const functions = functionsOf(review.contents);
    expect([...functions.keys()].sort()).toEqual(
      [
        'shop/cart.py:Cart.__init__',
        'shop/cart.py:Cart.total',
        'shop/cart.py:Cart.checkout',
        'shop/cart.py:Cart.cheapest',
        'shop/cart.py:dedupe',
        'shop/cart.py:outer',
        'shop/cart.py:outer.inner',
        'shop/util/text.py:shout',
      ].sort(),
    );
    const broken = fileItem(review.contents, 'shop/broken.py');
    expect(broken?.functions).toEqual([]);
    expect(broken?.error).toMatch(/not valid Python \(line 1/);

    const total = functions.get('shop/cart.py:Cart.total')!;
    expect(total.function).toContain('@property');
    expect(total.function.startsWith('    @property')).toBe(true);
    expect(total.performance).toContain('DA102');
    expect(total.performance).toContain('for item in self.items:');
    const checkout = functions.get('shop/cart.py:Cart.checkout')!;
    expect(checkout.function).toContain('async def checkout');
    expect(checkout.performance).toContain('DA101');
    expect(checkout.performance).toContain("''.join(receipt_parts)");
    expect(checkout.readability).toContain('Raises:');
    expect(checkout.readability).toContain('ValueError: If `payment is None`.');
    const cheapest = functions.get('shop/cart.py:Cart.cheapest')!;
    expect(cheapest.performance).toContain('DA104');
    expect(cheapest.performance).toContain('return min(prices)');
    const dedupe = functions.get('shop/cart.py:dedupe')!;
    expect(dedupe.performance).toContain('DA103');
    expect(dedupe.performance).toContain('banned_set = set(banned)');
    expect(dedupe.performance).toContain('PERF401');
    const shout = functions.get('shop/util/text.py:shout')!;
    expect(shout.performance).toContain('DA105');
    expect(shout.performance).toContain('sep_strip = sep.strip()');
    expect(shout.readability).toMatch(/D103/);
    // What the code says, not the names again ("words: The words.").
    expect(shout.readability).toContain('words (list[str]): Iterated over.');
    expect(shout.readability).toContain('sep (str, optional): Its `strip()` is called. Defaults to `" "`.');
    expect(shout.readability).toContain('str: `result`.');
    const finding = shout.findings?.find((entry) => entry.code === 'D103');
    expect(finding).toMatchObject({ section: 'readability', source: 'ruff', line: 1 });
    // Ruff's own findings are sorted into the two sections.
    for (const fn of functions.values()) {
      for (const entry of fn.findings ?? []) {
        const expected = /^(PERF|C4|UP0(12|18|27|28|32)|DA10)/.test(entry.code) ? 'performance' : undefined;
        if (expected) expect(entry.section).toBe(expected);
        if (/^(D|N|E|B|PL)\d/.test(entry.code)) expect(entry.section).toBe('readability');
      }
    }

    const download = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/download',
      payload: { fileId },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('shop-enhanced.zip');
    const zip = download.rawPayload;
    const files = unzipSync(new Uint8Array(zip));
    const text = (path: string) => new TextDecoder().decode(files[path]);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.md',
        'data/prices.csv',
        'shop/cart.py',
        'shop/cart.py.REVIEW.md',
        'shop/broken.py.REVIEW.md',
        'REVIEW-SUMMARY.md',
      ]),
    );
    expect(text('README.md')).toBe(PACKAGE['README.md']);
    expect(text('data/prices.csv')).toBe(PACKAGE['data/prices.csv']);
    expect(text('shop/broken.py')).toBe(PACKAGE['shop/broken.py']);
    expect(text('shop/cart.py')).toContain('        """Cheapest.\n');
    // The class's docstring too (D101).
    expect(text('shop/cart.py')).toContain(
      'class Cart:\n    """Cart.\n\n    Attributes:\n        items: Set from the `items` argument.\n    """\n',
    );
    expect(text('shop/util/text.py')).toContain(
      '    """Shout.\n\n    Args:\n        words (list[str]): Iterated over.',
    );
    expect(text('shop/cart.py.REVIEW.md')).toContain('### Performance Enhancement');
    expect(text('REVIEW-SUMMARY.md')).toContain('Functions reviewed: 8');
    expect(text('REVIEW-SUMMARY.md')).toContain('shop/broken.py');
    expect(unparseable(new Uint8Array(zip)).sort()).toEqual(['shop/broken.py']);

    // Someone else's file is as unknown as a made-up id.
    for (const url of ['/api/file/file', '/api/file/download', '/api/file/delete']) {
      const other = await call(server.app, admin, { method: 'POST', url, payload: { fileId } });
      expect(other.statusCode).toBe(404);
    }
    expect((await list(server, admin)).map((entry) => entry.fileId)).not.toContain(fileId);

    const stored = await blobsOf(server, [fileId]);
    expect(stored).toHaveLength(3);
    const deleted = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/delete',
      payload: { fileId },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await list(server, staff)).map((entry) => entry.fileId)).not.toContain(fileId);
    expect(await storedBytes(server, stored)).toEqual({ blobs: 0, chunks: 0 });
    const again = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/file',
      payload: { fileId },
    });
    expect(again.statusCode).toBe(404);
    // Generous: a loaded machine (other suites at once) reviews slowly.
  }, 180_000);

  it('refuses to delete or view a pending review, and limits reviews pending per user', async () => {
    // Two reviews of the admin held pending: their jobs wait an hour.
    const pending: string[] = [];
    for (const name of ['one.zip', 'two.zip']) {
      const { rows } = await server.db.query<{ id: string }>(
        `INSERT INTO review_files (owner_id, name, zip_blob_id, size, sha256)
         SELECT id, $2, gen_random_uuid(), 0, '' FROM users WHERE email = $1 RETURNING id`,
        [admin.email, name],
      );
      await server.db.query(
        `INSERT INTO jobs (queue, payload, dedupe_key, run_at) VALUES ('review.analyze', '{}', $1, now() + interval '1 hour')`,
        [rows[0]!.id],
      );
      pending.push(rows[0]!.id);
    }
    const listed = await list(server, admin);
    expect(listed.map((entry) => [entry.filename, entry.status, entry.progress])).toEqual([
      ['one.zip', 'pending', { done: 0, total: 0 }],
      ['two.zip', 'pending', { done: 0, total: 0 }],
    ]);
    const zip = zipOf({ 'a.py': 'def f():\n    return 1\n' });
    const third = await upload(server, admin, 'three.zip', zip);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.json().error).toMatch(/2 reviews in progress/);
    const refused = await call(server.app, admin, {
      method: 'POST',
      url: '/api/file/delete',
      payload: { fileId: pending[0] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/still being reviewed/);
    const view = await call(server.app, admin, {
      method: 'POST',
      url: '/api/file/file',
      payload: { fileId: pending[0] },
    });
    expect(view.statusCode).toBe(409);
    const download = await call(server.app, admin, {
      method: 'POST',
      url: '/api/file/download',
      payload: { fileId: pending[0] },
    });
    expect(download.statusCode).toBe(409);
    // Other users are not held back by this one's reviews.
    const staffUpload = await upload(server, staff, 'staff.zip', zip);
    expect(staffUpload.statusCode).toBe(200);
    expect((await waitForEnd(server, staff, staffUpload.json().fileId)).status).toBe('success');
    await server.db.query(
      "UPDATE review_files SET status = 'failed', reason = 'test' WHERE id = ANY($1::uuid[])",
      [pending],
    );
    await server.db.query('DELETE FROM jobs WHERE dedupe_key = ANY($1::text[])', [pending]);
  });

  it("deleting a user deletes their reviews' stored zips, review JSON and downloads", async () => {
    const pga = await sessionFor(server.db, 'pga@example.com');
    const fileIds: string[] = [];
    for (const name of ['first.zip', 'second.zip']) {
      const uploaded = await upload(server, pga, name, zipOf({ 'a.py': 'def f(x):\n    return x\n' }));
      expect(uploaded.statusCode).toBe(200);
      fileIds.push(uploaded.json().fileId);
    }
    for (const fileId of fileIds) expect((await waitForEnd(server, pga, fileId)).status).toBe('success');
    const stored = await blobsOf(server, fileIds);
    expect(stored).toHaveLength(6);
    expect((await storedBytes(server, stored)).chunks).toBeGreaterThanOrEqual(6);
    // Someone else's review stays, bytes and all.
    const kept = await upload(server, staff, 'kept.zip', zipOf({ 'b.py': 'def g():\n    return 2\n' }));
    const keptId: string = kept.json().fileId;
    expect((await waitForEnd(server, staff, keptId)).status).toBe('success');
    const keptBlobs = await blobsOf(server, [keptId]);

    const deleted = await call(server.app, admin, {
      method: 'POST',
      url: '/api/users/delete',
      payload: { emails: ['pga@example.com'] },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await blobsOf(server, fileIds)).toEqual([]);
    expect(await storedBytes(server, stored)).toEqual({ blobs: 0, chunks: 0 });
    expect(await storedBytes(server, keptBlobs)).toMatchObject({ blobs: 3 });
    const download = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/download',
      payload: { fileId: keptId },
    });
    expect(download.statusCode).toBe(200);
  }, 180_000);
});

describe('code review with a language model (the stand-in)', () => {
  let standin: LlmStandin;
  let server: TestServer;

  beforeAll(async () => {
    standin = await startLlmStandin();
    const config = testConfig();
    server = await startTestServer('pglite', {
      llm: { ...config.llm, baseUrl: standin.url, model: 'standin', maxRetries: 0 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await standin?.close();
  });

  it("adds the model's improvements next to ruff's and the checks', and the docstrings' summary lines it gives once checked", async () => {
    const improved = 'def total(prices):\n    """Sum the prices."""\n    return sum(prices)';
    standin.script(
      // The docstrings' summary lines, asked for the whole file at once: one usable, one with a
      // quote (refused: the docstring written from the code stays), one for a line not asked about.
      {
        text: JSON.stringify({
          summaries: [
            { line: 1, summary: 'add up the prices of a basket' },
            { line: 8, summary: 'Say "hello"' },
            { line: 3, summary: 'Not asked for.' },
          ],
        }),
      },
      {
        text: JSON.stringify({
          performance: { reasons: ['sum() adds in C, without a Python loop.'], improved },
          readability: { reasons: [], improved: null },
        }),
      },
      { text: 'not json at all' },
    );
    const staff = await sessionFor(server.db, 'staff@example.com');
    const source =
      'def total(prices):\n    result = 0\n    for i in range(len(prices)):\n        result += prices[i]\n    return result\n\n\ndef other(x):\n    return x\n';
    const response = await upload(server, staff, 'model.zip', zipOf({ 'calc.py': source }));
    const { fileId } = response.json();
    expect((await waitForEnd(server, staff, fileId)).status).toBe('success');
    const review = (
      await call(server.app, staff, { method: 'POST', url: '/api/file/file', payload: { fileId } })
    ).json() as ReviewFileJson;
    const functions = functionsOf(review.contents);
    const total = functions.get('calc.py:total')!;
    const model = total.findings?.filter((finding) => finding.source === 'model');
    expect(model).toEqual([
      expect.objectContaining({
        section: 'performance',
        code: 'MODEL',
        message: 'sum() adds in C, without a Python loop.',
        after: improved,
      }),
    ]);
    expect(total.findings?.some((finding) => finding.code === 'DA102')).toBe(true);
    expect(total.performance).toContain('sum() adds in C');
    expect(total.performance).toContain('DA102');
    // The second answer was not JSON: that function keeps its other findings, the review succeeded.
    const other = functions.get('calc.py:other')!;
    expect(other.findings?.some((finding) => finding.source === 'model')).toBe(false);
    expect(other.findings?.some((finding) => finding.code === 'D103')).toBe(true);
    const requests = standin.requests();
    expect(requests).toHaveLength(3);
    // One request for the file's summary lines, with both functions; then one per function.
    expect(requests[0]!.messages.at(-1)!.content).toMatch(
      /Line 1, function `total`[\s\S]*Line 8, function `other`/,
    );
    expect(requests[1]!.messages.at(-1)!.content).toContain('def total(prices)');
    // The model's summary line is in the docstring, checked and said to be the model's.
    const d103 = total.findings?.find((finding) => finding.code === 'D103');
    expect(d103?.after).toContain('    """Add up the prices of a basket.');
    expect(d103?.message).toContain('its summary line by the language model');
    expect(other.findings?.find((finding) => finding.code === 'D103')?.after).toContain('    """Other.');
    const download = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/download',
      payload: { fileId },
    });
    const calc = new TextDecoder().decode(unzipSync(new Uint8Array(download.rawPayload))['calc.py']);
    expect(calc).toContain('def total(prices):\n    """Add up the prices of a basket.');
    expect(unparseable(new Uint8Array(download.rawPayload))).toEqual([]);
  });
});

describe('code review of real code (the standard library)', () => {
  const libraryDir = pythonLibraryDir();
  const packageDir = join(libraryDir, 'email');
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`reviews every function Python's ast finds in ${packageDir}, and the download parses`, async () => {
    const files: Record<string, string | Uint8Array> = {};
    for (const path of pythonPackageFiles(libraryDir, 'email'))
      files[path] = readFileSync(join(libraryDir, path));
    const expected = JSON.parse(
      execFileSync('python3', [
        '-c',
        `import ast, json, os, sys
root = sys.argv[1]
found = []
for folder, _, names in os.walk(root):
    for name in names:
        if not name.endswith('.py'):
            continue
        path = os.path.join(folder, name)
        tree = ast.parse(open(path, 'rb').read())
        def visit(node, scope):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    qualified = scope + [child.name]
                    found.append('email/' + os.path.relpath(path, root) + ':' + '.'.join(qualified))
                    visit(child, qualified)
                elif isinstance(child, ast.ClassDef):
                    visit(child, scope + [child.name])
                else:
                    visit(child, scope)
        visit(tree, [])
print(json.dumps(found))`,
        packageDir,
      ]).toString(),
    ) as string[];
    expect(expected.length).toBeGreaterThan(200);

    const staff = await sessionFor(server.db, 'staff@example.com');
    const response = await upload(server, staff, 'email.zip', zipOf(files));
    expect(response.statusCode).toBe(200);
    const { fileId } = response.json();
    const ended = await waitForEnd(server, staff, fileId, 600_000);
    expect(ended.status).toBe('success');
    const review = (
      await call(server.app, staff, { method: 'POST', url: '/api/file/file', payload: { fileId } })
    ).json() as ReviewFileJson;
    const reviewed = new Set(functionsOf(review.contents).keys());
    const missing = expected.filter((key) => !reviewed.has(key));
    expect(missing).toEqual([]);
    const download = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/download',
      payload: { fileId },
    });
    expect(download.statusCode).toBe(200);
    expect(unparseable(new Uint8Array(download.rawPayload))).toEqual([]);
    expect(dirname(packageDir)).toBeTruthy();
  }, 900_000);
});

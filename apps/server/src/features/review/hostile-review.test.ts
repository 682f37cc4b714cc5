// Hostile code-review uploads, generated here and sent through the real server on PGlite and
// PostgreSQL: Python nested past what a parser's stack holds, a file too large or too heavy for the
// analyzer's limits, a zip entry whose header lies about its size, entries sharing one bomb's data.
// Each ends with a reason a person can act on: the one file reported as not reviewed while the
// others are reviewed, or the review failed once saying why; and the server answers other requests
// meanwhile.
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
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

type ReviewFile = components['schemas']['ReviewFile'];
type ReviewItem = components['schemas']['ReviewItem'];
type ReviewFileItem = components['schemas']['ReviewFileItem'];

const encoder = new TextEncoder();

/** Ordinary code, reviewed beside the hostile files. */
const ORDINARY = `def cheapest(prices):
    return sorted(prices)[0]


class Cart:
    def total(self, items):
        total = 0
        for item in items:
            total += item.price
        return total
`;

/** Hostile files, each with what its review must say. */
type Hostile = Record<string, { source: string; reason: RegExp }>;

/** Nesting that exhausts a recursive parser, and a file past the size limit: refused before parsing. */
const DEEP: Hostile = {
  // The audit's file: 50,000 nested parentheses, 100 KB.
  'deep/parentheses.py': {
    source: `x = ${'('.repeat(50_000)}1${')'.repeat(50_000)}\n`,
    reason: /^The file nests brackets more than 200 deep \(line 1\), which Python itself refuses/,
  },
  'deep/brackets_unclosed.py': {
    source: `x = ${'['.repeat(30_000)}\n`,
    reason: /nests brackets more than 200 deep/,
  },
  // No bracket at all: 20,000 operators in one expression, then `not` 20,000 times.
  'deep/operators.py': {
    source: `x = ${Array.from({ length: 20_000 }, () => 'a').join(' + ')}\n`,
    reason: /^The file's code is nested more than 1,000 levels deep \(line 1: an expression/,
  },
  'deep/nots.py': {
    source: `def f(a):\n    return ${'not '.repeat(20_000)}a\n`,
    reason: /nested more than 1,000 levels deep \(line 2/,
  },
  'deep/attributes.py': {
    source: `x = a${'.b'.repeat(20_000)}\n`,
    reason: /nested more than 1,000 levels deep/,
  },
  'deep/indentation.py': {
    source: `${Array.from({ length: 150 }, (_, depth) => `${' '.repeat(depth)}if x:\n`).join('')}${' '.repeat(150)}pass\n`,
    reason: /^The file is indented more than 99 levels deep \(line 101\), which Python itself refuses/,
  },
  // Past the test server's REVIEW_MAX_FILE_KB (320): never read.
  'heavy/large.py': {
    source: `DATA = ${JSON.stringify(randomBytes(200 * 1024).toString('hex'))}\n`,
    reason: /^The file is 400 KB, more than the 320 KB the review reads in one file/,
  },
};

/**
 * A file whose findings take more memory than an analysis thread may: stopped at its limit (ruff's
 * own, 128 MB, is met by larger files: file.test.ts).
 */
const HEAVY: Hostile = {
  // Past the test server's heap of 64 MB per analysis thread: 90,000 findings from 60 KB.
  'heavy/findings.py': {
    source: `${'x;'.repeat(30_000)}\n`,
    reason: /^The file needs more memory than the review gives it \(64 MB\)/,
  },
};

function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const [path, content] of Object.entries(files))
    entries[path] = typeof content === 'string' ? encoder.encode(content) : content;
  return zipSync(entries);
}

/**
 * A zip of `ordinary.py` and `bomb.py`, whose headers (local and central) declare `declared`
 * bytes while its data inflates to `inflated` zeros.
 */
function lyingZip(declared: number, inflated: number): Uint8Array {
  const bomb = deflateRawSync(Buffer.alloc(inflated), { level: 9 });
  const bytes = zipSync({ 'ordinary.py': encoder.encode(ORDINARY), 'bomb.py': [bomb, { level: 0 }] });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const name = encoder.encode('bomb.py');
  const isNamed = (at: number) => bytes.subarray(at, at + name.length).every((byte, i) => byte === name[i]);
  for (let at = 0; at + 46 < bytes.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50 && view.getUint16(at + 26, true) === name.length && isNamed(at + 30)) {
      // The local header: deflated (8), its sizes.
      view.setUint16(at + 8, 8, true);
      view.setUint32(at + 22, declared, true);
    } else if (
      signature === 0x02014b50 &&
      view.getUint16(at + 28, true) === name.length &&
      isNamed(at + 46)
    ) {
      // The central directory's record, which the reader follows.
      view.setUint16(at + 10, 8, true);
      view.setUint32(at + 24, declared, true);
    }
  }
  return bytes;
}

/**
 * Entries sharing one deflated stream of `size` zeros (a zip bomb without recursion: each entry
 * declares its size honestly, the data is stored once).
 */
function overlappingZip(entries: number, size: number): Uint8Array {
  const data = deflateRawSync(Buffer.alloc(size), { level: 9 });
  const names = Array.from({ length: entries }, (_, index) => encoder.encode(`f${index}.py`));
  const local = Buffer.alloc(30 + names[0]!.length);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(size, 22);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt16LE(names[0]!.length, 26);
  local.set(names[0]!, 30);
  const central = names.map((name) => {
    const record = Buffer.alloc(46 + name.length);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    // Every entry's data at offset 0: the one local header.
    record.writeUInt32LE(0, 42);
    record.set(name, 46);
    return record;
  });
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, data, directory, end]));
}

function multipart(name: string, bytes: Uint8Array) {
  const boundary = '----hostile-review-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function fileItem(items: ReviewItem[], path: string): ReviewFileItem | undefined {
  const [head, ...rest] = path.split('/');
  const item = items.find((entry) => entry.name === head);
  if (!item) return undefined;
  if (rest.length === 0) return item.type === 'file' ? item : undefined;
  return item.type === 'folder' ? fileItem(item.contents, rest.join('/')) : undefined;
}

describe.each(BACKENDS)('hostile code reviews (%s)', (backend) => {
  let server: TestServer;
  let staff: Caller;

  beforeAll(async () => {
    server = await startTestServer(backend, {
      review: {
        ...testConfig().review,
        maxZipBytes: 2 * 1024 * 1024,
        maxUncompressedBytes: 8 * 1024 * 1024,
        maxFileBytes: 320 * 1024,
        analyzers: 2,
        analyzerMemoryMb: 64,
      },
    });
    staff = await sessionFor(server.db, 'staff@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = (name: string, bytes: Uint8Array) =>
    call(server.app, staff, { method: 'POST', url: '/api/file/code_analysis', ...multipart(name, bytes) });

  const list = async (): Promise<ReviewFile[]> => {
    const response = await call(server.app, staff, { method: 'POST', url: '/api/file/files', payload: {} });
    expect(response.statusCode).toBe(200);
    return response.json().files;
  };

  /**
   * Waits for the review to end, asking for the list and for the caller's identity meanwhile: both
   * must be answered while the review is pending. Returns the review's row and whether any answer
   * came while it was still pending.
   */
  const endOf = async (fileId: string) => {
    let isAnsweredWhilePending = false;
    for (;;) {
      const me = await call(server.app, staff, { method: 'GET', url: '/api/auth' });
      expect(me.statusCode).toBe(200);
      const file = (await list()).find((entry) => entry.fileId === fileId)!;
      if (file.status !== 'pending') return { file, isAnsweredWhilePending };
      isAnsweredWhilePending = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /**
   * Reviews a zip of the hostile files and two ordinary ones: each hostile file is reported as not
   * reviewed with its reason (its review, its REVIEW.md, the summary) and kept as it was in the
   * download, the ordinary ones are reviewed, and the server answered other requests meanwhile.
   */
  const reviewBeside = async (hostile: Hostile) => {
    const sources: Record<string, string> = { 'ordinary.py': ORDINARY, 'pkg/also_ordinary.py': ORDINARY };
    for (const [path, { source }] of Object.entries(hostile)) sources[path] = source;
    const uploaded = await upload('hostile.zip', zipOf(sources));
    expect(uploaded.statusCode).toBe(200);
    const { fileId } = uploaded.json();

    const { file, isAnsweredWhilePending } = await endOf(fileId);
    expect(file).toMatchObject({ status: 'success', reason: null });
    expect(isAnsweredWhilePending).toBe(true);

    const view = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/file',
      payload: { fileId },
    });
    expect(view.statusCode).toBe(200);
    const { contents } = view.json() as { contents: ReviewItem[] };
    for (const [path, { reason }] of Object.entries(hostile)) {
      const item = fileItem(contents, path);
      expect({ path, error: item?.error }).toEqual({ path, error: expect.stringMatching(reason) });
      expect(item?.functions).toEqual([]);
    }
    for (const path of ['ordinary.py', 'pkg/also_ordinary.py']) {
      const item = fileItem(contents, path)!;
      expect(item.error).toBeUndefined();
      expect(item.functions.map((fn) => fn.name)).toEqual(['cheapest', 'Cart.total']);
      expect(item.functions[0]!.performance).toContain('return min(prices)');
    }

    const download = await call(server.app, staff, {
      method: 'POST',
      url: '/api/file/download',
      payload: { fileId },
    });
    expect(download.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const text = (path: string) => new TextDecoder().decode(files[path]);
    const summary = text('REVIEW-SUMMARY.md');
    expect(summary).toContain('## Files not reviewed');
    for (const [path, { source, reason }] of Object.entries(hostile)) {
      expect(text(path)).toBe(source);
      expect(text(`${path}.REVIEW.md`)).toMatch(new RegExp(reason.source.replace('^', '\n')));
      expect(summary).toContain(`\`${path}\``);
    }
    expect(text('ordinary.py')).toContain('"""Cheapest.');
    expect(summary).toContain('Python files reviewed: 2');
  };

  it('reports each file nested too deeply or too large as not reviewed, and reviews the others', async () => {
    await reviewBeside(DEEP);
  });

  it('reports each file whose findings need more memory than the analysis may have, and reviews the others', {
    // ruff checks 60 KB of findings twice (with its batch, then alone), slow on a busy machine.
    timeout: 180_000,
  }, async () => {
    await reviewBeside(HEAVY);
  });

  it('fails a review once, saying why, when a zip entry inflates past the size its header declares', async () => {
    // 1,000 bytes declared, 64 MB of zeros inflated (64 KB stored): accepted at upload, where only
    // the directory is read.
    const uploaded = await upload('lying.zip', lyingZip(1000, 64 * 1024 * 1024));
    expect(uploaded.statusCode).toBe(200);
    const { fileId } = uploaded.json();

    const { file } = await endOf(fileId);
    expect(file).toMatchObject({
      status: 'failed',
      reason:
        "The zip entry 'bomb.py' expands to more than the 1000 bytes its header declares: the zip is damaged or a zip bomb. Create it again and upload it.",
    });
    // Once: the job was not tried again.
    // The job's row is ended just after the review is marked failed.
    await expect
      .poll(
        async () =>
          (
            await server.db.query<{ attempts: number; state: string }>(
              `SELECT attempts, state FROM jobs WHERE queue = 'review.analyze' AND dedupe_key = $1`,
              [fileId],
            )
          ).rows,
        { timeout: 15_000 },
      )
      .toEqual([{ attempts: 1, state: 'failed' }]);
  });

  it('refuses at upload a path 10,000 folders deep (a tree the review would walk)', async () => {
    const uploaded = await upload(
      'deep-path.zip',
      zipOf({ 'ok.py': ORDINARY, [`${'a/'.repeat(10_000)}x.py`]: ORDINARY }),
    );
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json().error).toMatch(
      /^The zip holds a path 10000 folders deep \('a\/a\/.*…'\), more than the 100 the review reads/,
    );
  });

  it('refuses at upload entries that share one bomb of data (each declaring its size)', async () => {
    // 40 entries of 1 MB zeros each, one deflated stream of 1 KB: 40 MB declared, over the 8 MB.
    const uploaded = await upload('overlap.zip', overlappingZip(40, 1024 * 1024));
    expect(uploaded.statusCode).toBe(413);
    expect(uploaded.json().error).toMatch(/^The zip expands to more than 8 MB: it looks like a zip bomb/);
  });
});

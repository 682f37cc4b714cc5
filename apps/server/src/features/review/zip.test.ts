// The zip reader's limits on their own: bytes declared over all entries, entries that expand past
// what they declare (a lying directory), paths and links.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CheckedZip, ReviewZipError, safeZipPath, withTempDir } from './zip.js';

const LIMITS = { maxEntries: 100, maxUncompressedBytes: 100 * 1024, maxRatio: 100 };

async function open(bytes: Uint8Array, limits = LIMITS): Promise<CheckedZip> {
  return withTempDir(async (dir) => {
    const file = join(dir, 'test.zip');
    writeFileSync(file, bytes);
    return CheckedZip.open(file, limits);
  });
}

async function refusal(bytes: Uint8Array, limits = LIMITS): Promise<ReviewZipError> {
  try {
    (await open(bytes, limits)).close();
  } catch (error) {
    if (error instanceof ReviewZipError) return error;
    throw error;
  }
  throw new Error('the zip was accepted');
}

describe('review zips', () => {
  it('refuses more bytes declared over all entries than allowed, though each entry is modest (413)', async () => {
    const hex = () => new TextEncoder().encode(randomBytes(30 * 1024).toString('hex'));
    const error = await refusal(zipSync({ 'a.py': hex(), 'b.py': hex() }));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/expands to more than 100 KB/);
  });

  it('stops an entry that inflates past the size its directory declares, and says so', async () => {
    // A small entry (read in one piece) and one over 1 MiB compressed (streamed through zlib).
    for (const text of [
      new TextEncoder().encode('x = 1\n'.repeat(2000)),
      new TextEncoder().encode(randomBytes(1024 * 1024).toString('hex')),
    ]) {
      const bytes = zipSync({ 'a.py': text });
      // Patch the central directory's uncompressed size (offset 24 of its record) down to 100 bytes.
      const view = new DataView(bytes.buffer);
      let central = bytes.length - 22;
      while (view.getUint32(central, true) !== 0x02014b50) central--;
      view.setUint32(central + 24, 100, true);
      // And the local header's, so only the inflated bytes tell the truth.
      view.setUint32(22, 100, true);
      await withTempDir(async (dir) => {
        const file = join(dir, 'lying.zip');
        writeFileSync(file, bytes);
        const zip = await CheckedZip.open(file, LIMITS);
        try {
          const error = await zip.read(zip.pythonItems[0]!).catch((failure: unknown) => failure);
          expect(error).toBeInstanceOf(ReviewZipError);
          expect((error as ReviewZipError).message).toBe(
            "The zip entry 'a.py' expands to more than the 100 bytes its header declares: the zip is damaged or a zip bomb. Create it again and upload it.",
          );
        } finally {
          zip.close();
        }
      });
    }
  });

  it('reads stored, deflated and large entries back as they were, in any order', async () => {
    const small = new TextEncoder().encode('def f():\n    return 1\n'.repeat(50));
    const large = new TextEncoder().encode(randomBytes(800 * 1024).toString('hex'));
    const bytes = zipSync({
      'stored.py': [small, { level: 0 }],
      'deflated.py': small,
      'large.py': large,
      'empty.py': new Uint8Array(0),
    });
    await withTempDir(async (dir) => {
      const file = join(dir, 'mixed.zip');
      writeFileSync(file, bytes);
      const zip = await CheckedZip.open(file, { ...LIMITS, maxUncompressedBytes: 4 * 1024 * 1024 });
      try {
        const byPath = new Map(zip.items.map((item) => [item.path, item]));
        for (const [path, content] of [
          ['large.py', large],
          ['empty.py', new Uint8Array(0)],
          ['stored.py', small],
          ['deflated.py', small],
        ] as const) {
          expect(Buffer.compare(await zip.read(byPath.get(path)!), Buffer.from(content))).toBe(0);
        }
      } finally {
        zip.close();
      }
    });
  });

  it('normalises paths and refuses those leaving the root', () => {
    expect(safeZipPath('./pkg//mod.py')).toBe('pkg/mod.py');
    expect(safeZipPath('pkg/')).toBe('pkg/');
    expect(() => safeZipPath('pkg/../../etc/passwd')).toThrow(/leaves its folder/);
    expect(() => safeZipPath('C:/Windows/evil.py')).toThrow(/absolute path/);
    expect(() => safeZipPath('..\\evil.py')).toThrow(/leaves its folder/);
    expect(() => safeZipPath('a\u0007.py')).toThrow(/control characters/);
    expect(safeZipPath(`${'a/'.repeat(100)}x.py`)).toBe(`${'a/'.repeat(100)}x.py`);
    expect(() => safeZipPath(`${'a/'.repeat(10_000)}x.py`)).toThrow(
      /^The zip holds a path 10000 folders deep \('a\/a\/.*…'\), more than the 100 the review reads/,
    );
  });

  it('lists Python files, leaving out macOS metadata', async () => {
    const zip = await open(
      zipSync({
        'pkg/a.py': new TextEncoder().encode('x = 1\n'),
        '__MACOSX/pkg/._a.py': new Uint8Array([0, 5, 22, 7]),
        'pkg/._b.py': new Uint8Array([0, 5, 22, 7]),
        'pkg/data.txt': new TextEncoder().encode('hello'),
      }),
    );
    try {
      expect(zip.pythonItems.map((item) => item.path)).toEqual(['pkg/a.py']);
      expect(zip.items.filter((item) => !item.isDirectory)).toHaveLength(4);
    } finally {
      zip.close();
    }
  });
});

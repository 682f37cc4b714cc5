// The download's zip writer, read back by two readers that do not share its code: the server's zip
// reader (platform/zip/reader.ts) and Python's own zipfile, which checks every entry's CRC (testzip)
// the way an unzip tool does, with and without ZIP64 records.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CheckedZip, withTempDir } from './zip.js';
import { ZipWriter, type ZipWriterOptions } from './zip-writer.js';

const SOURCE = 'def f():\n    return "é"\n\n\ndef g():\n    return "é"\n\n\ndef h():\n    return "é"\n';
const LIMITS = { maxEntries: 100, maxUncompressedBytes: 10 * 1024 * 1024, maxRatio: 1000 };

const PYTHON_READS = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    print(json.dumps({
        "bad": bad,
        "entries": [[i.filename, i.is_dir(), i.file_size, i.compress_type, (i.external_attr >> 16) & 0o170000,
                     z.read(i).decode("utf-8", "replace") if not i.is_dir() else None] for i in z.infolist()],
    }))
`;

interface PythonView {
  bad: string | null;
  entries: Array<[string, boolean, number, number, number, string | null]>;
}

async function written(
  options: ZipWriterOptions,
  fill: (writer: ZipWriter) => Promise<void>,
): Promise<Buffer> {
  const writer = new ZipWriter(options);
  const bytes = buffer(writer.stream);
  await fill(writer);
  await writer.end();
  return bytes;
}

describe('the review download zip writer', () => {
  const large = randomBytes(400 * 1024).toString('base64'); // above the synchronous deflate's size
  const entries = async (writer: ZipWriter) => {
    await writer.addDirectory('pkg');
    await writer.addBuffer('pkg/módulo.py', Buffer.from(SOURCE));
    await writer.addBuffer('pkg/empty.py', Buffer.alloc(0));
    await writer.addBuffer('pkg/random.bin', randomBytes(2000)); // does not deflate smaller: stored
    await writer.addBuffer('pkg/large.txt', Buffer.from(large));
  };

  for (const zip64 of ['auto', 'always'] as const) {
    it(`writes folders, UTF-8 names, empty, stored and large entries that Python reads and checks (ZIP64 ${zip64})`, async () => {
      const bytes = await written({ zip64 }, entries);
      await withTempDir(async (dir) => {
        const file = join(dir, 'out.zip');
        writeFileSync(file, bytes);
        const view = JSON.parse(execFileSync('python3', ['-c', PYTHON_READS, file]).toString()) as PythonView;
        expect(view.bad).toBeNull();
        expect(view.entries.map(([name, isDir, size, method]) => [name, isDir, size, method])).toEqual([
          ['pkg/', true, 0, 0],
          ['pkg/módulo.py', false, Buffer.byteLength(SOURCE), 8],
          ['pkg/empty.py', false, 0, 0],
          ['pkg/random.bin', false, 2000, 0],
          ['pkg/large.txt', false, large.length, 8],
        ]);
        expect(view.entries[1]![4]).toBe(0o100000); // a regular file
        expect(view.entries[0]![4]).toBe(0o040000); // a folder
        expect(view.entries[1]![5]).toBe(SOURCE);
        expect(view.entries[4]![5]).toBe(large);

        const zip = await CheckedZip.open(file, LIMITS);
        try {
          expect(zip.items.map((item) => item.path)).toEqual([
            'pkg/',
            'pkg/módulo.py',
            'pkg/empty.py',
            'pkg/random.bin',
            'pkg/large.txt',
          ]);
          expect((await zip.read(zip.items[4]!)).toString()).toBe(large);
        } finally {
          zip.close();
        }
      });
    });
  }

  it('writes ZIP64 end records for more than 65,535 entries, and Python and the server zip reader read every one', async () => {
    const count = 65_536;
    const bytes = await written({}, async (writer) => {
      for (let index = 0; index < count; index++) await writer.addDirectory(`d${index}`);
    });
    await withTempDir(async (dir) => {
      const file = join(dir, 'many.zip');
      writeFileSync(file, bytes);
      const read = execFileSync('python3', [
        '-c',
        'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(len(z.infolist()), z.infolist()[-1].filename)',
        file,
      ]);
      expect(read.toString().trim()).toBe(`${count} d${count - 1}/`);
      // The reader takes 0xFFFF in the plain end record as "see the ZIP64 record", as the APPNOTE says.
      const zip = await CheckedZip.open(file, { ...LIMITS, maxEntries: 100_000 });
      expect(zip.items).toHaveLength(count);
      zip.close();
    });
  }, 60_000);

  it('copies an uploaded entry still compressed, byte for byte, and it reads back as the original', async () => {
    const text = 'import os\n'.repeat(500);
    const upload = zipSync({ 'data/notes.txt': [new TextEncoder().encode(text), { level: 9 }] });
    await withTempDir(async (dir) => {
      const source = join(dir, 'upload.zip');
      writeFileSync(source, upload);
      const zip = await CheckedZip.open(source, LIMITS);
      let bytes: Buffer;
      try {
        const item = zip.items[0]!;
        expect(item.entry.compressionMethod).toBe(8);
        bytes = await written({}, async (writer) => {
          await writer.addRaw(item.path, item.entry, await zip.openRaw(item));
        });
      } finally {
        zip.close();
      }
      const file = join(dir, 'out.zip');
      writeFileSync(file, bytes);
      const view = JSON.parse(execFileSync('python3', ['-c', PYTHON_READS, file]).toString()) as PythonView;
      expect(view.bad).toBeNull();
      expect(view.entries).toEqual([['data/notes.txt', false, text.length, 8, 0o100000, text]]);
    });
  });

  it('fails an entry whose copied bytes are not the size its directory declares', async () => {
    const writer = new ZipWriter();
    writer.stream.resume();
    const entry = { compressionMethod: 0, crc32: 0, compressedSize: 10, uncompressedSize: 10 };
    await expect(writer.addRaw('a.txt', entry, [Buffer.from('short')])).rejects.toThrow(
      "The zip entry 'a.txt' gave 5 bytes where 10 were expected.",
    );
  });

  it('stops waiting when the reader goes away', async () => {
    const writer = new ZipWriter();
    const failure = new Error('the blob store failed');
    setTimeout(() => writer.stream.destroy(failure), 10);
    // Nothing reads: the writes wait for room until the stream is destroyed.
    await expect(writer.addBuffer('big.bin', randomBytes(6 * 1024 * 1024))).rejects.toThrow(
      'the blob store failed',
    );
  });
});

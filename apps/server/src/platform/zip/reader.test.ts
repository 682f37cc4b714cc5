// The one zip reader on its own: the same zip read from bytes and from a file, ZIP64 records, names
// as unzip tools decode them, and the limits it enforces whatever the feature (each feature's own
// wording is tested with it: review/zip.test.ts, knowledge's parse-document.test.ts).
import { writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { withTempDir } from '../../features/review/zip.js';
import { ZipWriter } from '../../features/review/zip-writer.js';
import { bytesSource, fileSource, ZipReadError, ZipReader } from './reader.js';

const LIMITS = { maxEntries: 100, maxUncompressedBytes: 8 * 1024 * 1024, maxRatio: 100 };
const TEXT = 'def f():\n    return 1\n'.repeat(40_000);

async function zip64(): Promise<Uint8Array> {
  const writer = new ZipWriter({ zip64: 'always' });
  const bytes = buffer(writer.stream);
  await writer.addDirectory('pkg');
  await writer.addBuffer('pkg/módulo.py', new TextEncoder().encode(TEXT));
  await writer.end();
  return new Uint8Array(await bytes);
}

async function refusal(bytes: Uint8Array, limits = LIMITS): Promise<ZipReadError> {
  const error = await ZipReader.open(bytesSource(bytes), limits).catch((failure: unknown) => failure);
  if (error instanceof ZipReadError) return error;
  throw new Error(`not refused: ${String(error)}`);
}

describe('the zip reader', () => {
  it('reads a ZIP64 zip the same from bytes and from a file', async () => {
    const bytes = await zip64();
    const fromBytes = await ZipReader.open(bytesSource(bytes), LIMITS);
    expect(fromBytes.entries.map((entry) => entry.name)).toEqual(['pkg/', 'pkg/módulo.py']);
    // Over 1 MiB: inflated as a stream.
    expect((await fromBytes.read(fromBytes.entries[1]!)).toString()).toBe(TEXT);
    await withTempDir(async (dir) => {
      const file = join(dir, 'zip64.zip');
      writeFileSync(file, bytes);
      const handle = await open(file, 'r');
      const fromFile = await ZipReader.open(fileSource(handle, bytes.length), LIMITS);
      try {
        expect(fromFile.entries).toEqual(fromBytes.entries);
        expect((await fromFile.read(fromFile.entries[1]!)).toString()).toBe(TEXT);
      } finally {
        await fromFile.close();
      }
    });
  });

  it('decodes names without the UTF-8 flag as CP437, as unzip tools do', async () => {
    const bytes = zipSync({ 'a.txt': new Uint8Array([1]) });
    // Rename a.txt to 0x82.txt in the local header and the directory: 'é' in CP437.
    for (let at = 0; at < bytes.length; at++)
      if (bytes[at] === 0x61 && bytes[at + 1] === 0x2e) bytes[at] = 0x82;
    const reader = await ZipReader.open(bytesSource(bytes), LIMITS);
    expect(reader.entries[0]!.name).toBe('é.txt');
  });

  it('refuses a truncated zip, too many entries, entries sharing bytes, and counts every read', async () => {
    const bytes = zipSync({ 'a.txt': new Uint8Array(4096).fill(65), 'b.txt': new Uint8Array(4096).fill(66) });
    expect((await refusal(bytes.subarray(0, bytes.length - 10))).reason).toBe('not_zip');
    expect((await refusal(bytes, { ...LIMITS, maxEntries: 1 })).reason).toBe('too_many_entries');
    expect((await refusal(bytes, { ...LIMITS, maxUncompressedBytes: 5000 })).reason).toBe(
      'declared_too_large',
    );

    const overlapping = Uint8Array.from(bytes);
    const view = new DataView(overlapping.buffer);
    let central = overlapping.length - 22;
    while (view.getUint32(central, true) !== 0x06054b50) central--;
    central = view.getUint32(central + 16, true);
    const second = central + 46 + view.getUint16(central + 28, true);
    view.setUint32(second + 42, view.getUint32(central + 42, true), true);
    expect((await refusal(overlapping)).reason).toBe('overlap');

    // Each read counts: the same 4 KiB entry read three times passes a 10 KB budget.
    const reader = await ZipReader.open(bytesSource(bytes), { ...LIMITS, maxUncompressedBytes: 10_000 });
    await reader.read(reader.entries[0]!);
    await reader.read(reader.entries[0]!);
    const error = await reader.read(reader.entries[0]!).catch((failure: unknown) => failure);
    expect((error as ZipReadError).reason).toBe('inflated_too_large');
  });
});

// What a zip from outside may expand to, checked by the zip reader (reader.ts; training uploads'
// .docx and .pptx in features/knowledge, code review's uploads in features/review) against the
// central directory before anything is inflated, and counted again while inflating.

/** Limits on what a zip may expand to. */
export interface ZipLimits {
  /** Most entries in the central directory (folders included). */
  maxEntries: number;
  /** Most uncompressed bytes over all entries (declared, and counted while inflating). */
  maxUncompressedBytes: number;
  /** Highest uncompressed/compressed ratio of an entry expanding to more than 1 MiB. */
  maxRatio: number;
}

/** Entries expanding to at most this many bytes are not held to `maxRatio` (small files compress well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Whether an entry's declared sizes break `maxRatio` (how a zip bomb shows in its directory). */
export function isCompressedPastRatio(
  limits: Pick<ZipLimits, 'maxRatio'>,
  entry: { compressedSize: number; uncompressedSize: number },
): boolean {
  return (
    entry.uncompressedSize > RATIO_FLOOR_BYTES &&
    entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
  );
}

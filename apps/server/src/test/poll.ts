// Test support: waiting for what a server does in the background (ingestion, reviews, recovery).

/**
 * Reads `read()` every `intervalMs` until `isDone` holds of what it read or `timeoutMs` has passed:
 * the last value read (the test then asserts on it, so a time-out fails with what was seen).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!isDone(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}

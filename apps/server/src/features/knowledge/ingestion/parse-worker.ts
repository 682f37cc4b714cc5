// A parse thread of the ingestion (see parse-pool.ts): files in, chunks or the parse outcome out, one
// request at a time as the pool sends them. No database here: the server's thread records the outcome.
import { parentPort } from 'node:worker_threads';
import { type PrepareOptions, prepareBytes } from './prepare.js';

export interface ParseRequest {
  id: number;
  name: string;
  bytes: Uint8Array;
  options: PrepareOptions;
}

export type ParseReply =
  | { id: number; prepared: Awaited<ReturnType<typeof prepareBytes>> }
  | { id: number; error: string }
  /** Sent once the parsers are loaded: a parse's time limit counts from then, not from the thread's start. */
  | { ready: true };

const port = parentPort;
if (port) {
  port.on('message', async (request: ParseRequest) => {
    let reply: ParseReply;
    try {
      reply = { id: request.id, prepared: await prepareBytes(request.name, request.bytes, request.options) };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies ParseReply);
}

// The review of single files in a worker thread (see analyzer.ts): ruff and tree-sitter are
// synchronous WebAssembly, and a large file would otherwise hold the server's event loop for seconds.
import { parentPort } from 'node:worker_threads';
import { reviewPythonFile } from './file.js';

interface Request {
  id: number;
  path: string;
  bytes: Uint8Array;
}

parentPort?.on('message', async (request: Request) => {
  try {
    const review = await reviewPythonFile(request.path, request.bytes);
    parentPort!.postMessage({ id: request.id, review });
  } catch (error) {
    parentPort!.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});

// The review of single files in a child process (see analyzer.ts): ruff and tree-sitter are
// synchronous WebAssembly, and a large file would otherwise hold the server's event loop for seconds.
// It exits when the server that started it goes away.
import { encodeRendered, renderFile } from '../report.js';
import { reviewPythonFile } from './file.js';

interface Request {
  id: number;
  path: string;
  bytes: Uint8Array;
  /**
   * Answer the rendered texts (as UTF-8 bytes, the JSON part written into this folder) instead of
   * the review's objects.
   */
  partsDir?: string;
}

if (process.send) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (request: Request) => {
    let reply: { id: number; review?: unknown; error?: string };
    try {
      const review = await reviewPythonFile(request.path, request.bytes);
      reply = {
        id: request.id,
        review: request.partsDir ? encodeRendered(renderFile(review), request.partsDir) : review,
      };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    process.send?.(reply);
  });
}

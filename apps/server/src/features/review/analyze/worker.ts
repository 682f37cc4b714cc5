// The review of the zip's files in a child process (see analyzer.ts): ruff and tree-sitter are
// synchronous WebAssembly, and a large file would otherwise hold the server's event loop for seconds.
// It exits when the server that started it goes away.
import { encodeRendered, renderFile } from '../report.js';
import type { SourceFile } from './analyzer.js';
import { reviewPythonFiles } from './file.js';

interface Request {
  id: number;
  /** A batch of files (analyzer.ts BATCH_FILES), reviewed together (file.ts reviewPythonFiles). */
  files: SourceFile[];
  /**
   * Answer the rendered texts (as UTF-8 bytes, the JSON part written into this folder) instead of
   * the review's objects.
   */
  partsDir?: string;
}

if (process.send) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (request: Request) => {
    let reply: { id: number; reviews?: unknown[]; error?: string };
    try {
      const reviews = await reviewPythonFiles(request.files);
      reply = {
        id: request.id,
        reviews: request.partsDir ? encodeRendered(reviews.map(renderFile), request.partsDir) : reviews,
      };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    process.send?.(reply);
  });
}

// Features meet only through their entry modules: a file of `features/<name>/` may import another
// feature's `index.ts` (or `module.ts`), never a file inside it, so what a feature offers the others
// is what its entry exports. The imports are read with TypeScript's own pre-processor (static
// imports, re-exports and dynamic `import()` alike).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const FEATURES = dirname(fileURLToPath(import.meta.url));
const ENTRY_FILES = new Set(['index', 'module']);

/** The feature a path under `features/` belongs to, and the file within it ('' for the folder itself). */
function placeOf(path: string): { feature: string; inner: string } | undefined {
  const inside = relative(FEATURES, path);
  if (inside.startsWith('..')) return undefined;
  const [feature, ...rest] = inside.split(sep);
  if (!feature || rest.length === 0) return undefined;
  return { feature, inner: rest.join('/') };
}

/**
 * Why an import from `file` of `specifier` crosses a feature's boundary, or undefined when it does
 * not: only relative specifiers can reach another feature's files.
 */
function boundaryBreach(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = placeOf(resolve(dirname(file), specifier));
  if (!target) return undefined;
  const own = placeOf(file)?.feature;
  if (target.feature === own) return undefined;
  const stem = target.inner.replace(/\.(js|ts)$/, '');
  if (ENTRY_FILES.has(stem)) return undefined;
  return `${relative(FEATURES, file)} imports ${specifier}: import ../${target.feature}/index.js instead`;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('feature boundaries', () => {
  it("no feature imports another feature's files other than its entry module", () => {
    const breaches: string[] = [];
    const files = sourceFiles(FEATURES);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        const breach = boundaryBreach(file, fileName);
        if (breach) breaches.push(breach);
      }
    }
    expect(breaches).toEqual([]);
  });

  it("tells another feature's entry module from its inner files", () => {
    const chat = join(FEATURES, 'chat', 'handlers.ts');
    expect(boundaryBreach(chat, '../knowledge/index.js')).toBeUndefined();
    expect(boundaryBreach(chat, './prompts.js')).toBeUndefined();
    expect(boundaryBreach(chat, '../../platform/llm/index.js')).toBeUndefined();
    expect(boundaryBreach(chat, '../knowledge/search.js')).toMatch(
      /import \.\.\/knowledge\/index\.js instead/,
    );
    expect(boundaryBreach(join(FEATURES, 'context.ts'), './identity/sso.js')).toMatch(/identity/);
  });
});
